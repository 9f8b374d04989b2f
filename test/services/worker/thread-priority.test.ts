/**
 * The service's compute threads run below the event loop's priority (Linux): a real pool's worker renices
 * itself WORKER_NICE_STEP above the process's nice value, and the process's main thread keeps its own.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { WORKER_NICE_STEP } from '../../../services/worker/thread-priority.js';
import { createTestDeps } from '../../helpers/deps.js';

/** Each thread of this process (its id) with its nice value, from /proc (field 19 of stat); a thread gone meanwhile is left out. */
function threadNice(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

describe('compute thread priority', { skip: process.platform !== 'linux' && 'threads are reniced on Linux only' }, () => {
  it('a worker of the service pool runs below the event loop\'s priority, which keeps its own', async (t) => {
    const before = threadNice();
    const main = before.get(process.pid)!;
    const { deps } = createTestDeps(t, { pool: true });
    await deps.engine.run('ping', null);
    const after = threadNice();
    const lowered = Math.min(19, main + WORKER_NICE_STEP);
    const started = [...after].filter(([tid]) => !before.has(tid));
    assert.equal(started.filter(([, nice]) => nice === lowered).length, 1, `threads started: ${JSON.stringify(started)}; main at ${main}`);
    assert.equal(after.get(process.pid), main, 'the main thread is left as it was');
    if (main < 19) assert.ok(lowered > main);
  });
});
