/**
 * The service's compute threads run below the event loop's priority (Linux): a real pool's worker renices
 * itself, and the process's main thread keeps its own.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { WORKER_NICE } from '../../../services/worker/thread-priority.js';
import { createTestDeps } from '../../helpers/deps.js';

/** Each thread of this process (its id) with its nice value, from /proc (field 19 of stat, after the command's parentheses). */
function threadNice(): Map<number, number> {
  return new Map(readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return [Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
  }));
}

describe('compute thread priority', { skip: process.platform !== 'linux' && 'threads are reniced on Linux only' }, () => {
  it('a worker of the service pool runs at a lower priority than the event loop, which keeps its own', async (t) => {
    const before = threadNice();
    const { deps } = createTestDeps(t);
    await deps.engine.run('ping', null);
    const after = threadNice();
    const reniced = [...after].filter(([tid, nice]) => !before.has(tid) && nice === WORKER_NICE);
    assert.equal(reniced.length, 1, `new threads: ${JSON.stringify([...after].filter(([tid]) => !before.has(tid)))}`);
    assert.equal(after.get(process.pid), before.get(process.pid), 'the main thread is left as it was');
    assert.ok(after.get(process.pid)! < WORKER_NICE);
  });
});
