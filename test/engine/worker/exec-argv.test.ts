import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerExecArgv } from '../../../engine/worker/exec-argv.js';

/** Starts a worker with these options as the pool would; resolves once it has run, rejects if Node refuses them. */
function start(execArgv: string[] | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const w = new Worker('require("node:worker_threads").parentPort.postMessage(1)', { eval: true, ...(execArgv ? { execArgv } : {}) });
    w.once('message', () => void w.terminate().then(() => resolve()));
    w.once('error', reject);
  });
}

describe('worker exec argv', () => {
  it('drops the tsx preload, in each of its spellings, and keeps other loads', () => {
    assert.deepEqual(workerExecArgv(['--import', 'tsx']), []);
    assert.deepEqual(workerExecArgv(['--import=tsx', '--require', './setup.cjs']), ['--require', './setup.cjs']);
    assert.deepEqual(workerExecArgv(['--require', '/p/node_modules/tsx/dist/preflight.cjs', '--import', 'file:///p/node_modules/tsx/dist/loader.mjs']), []);
  });

  it("leaves out the test runner's options, which node --test passes on to each file's process", () => {
    assert.deepEqual(workerExecArgv(['--import', 'tsx', '--test-concurrency=2']), []);
    assert.deepEqual(workerExecArgv(['--test-timeout=60000', '--import=tsx', '--test-only', '--require', './setup.cjs']), ['--require', './setup.cjs']);
    assert.equal(workerExecArgv(['--test-concurrency=2']), undefined, 'nothing dropped: inherited');
    assert.equal(workerExecArgv(['--import', 'tsx', '--test-concurrency=2', '--max-old-space-size=512']), undefined);
  });

  it("keeps the CPU profiler's options, which a worker takes, so a profiled process's threads still start without tsx", () => {
    assert.deepEqual(workerExecArgv(['--cpu-prof', '--cpu-prof-dir=/tmp/p', '--import', 'tsx']), ['--cpu-prof', '--cpu-prof-dir=/tmp/p']);
    assert.equal(workerExecArgv(['--cpu-prof']), undefined, 'nothing dropped: inherited');
  });

  it('inherits (undefined) when there is nothing to drop or anything but loads: V8 and process options cannot be given to a worker', () => {
    assert.equal(workerExecArgv([]), undefined);
    assert.equal(workerExecArgv(['--import', './other.mjs']), undefined);
    assert.equal(workerExecArgv(['--import', 'tsx', '--max-old-space-size=512']), undefined);
    assert.equal(workerExecArgv(['--expose-gc', '--import=tsx']), undefined);
  });

  it('gives options a worker accepts: each case starts a real worker', async (t) => {
    const profiles = mkdtempSync(join(tmpdir(), 'bdds-prof-'));
    t.after(() => rmSync(profiles, { recursive: true, force: true }));
    for (const argv of [['--import', 'tsx'], ['--import', 'tsx', '--test-concurrency=2'], ['--import', 'tsx', '--max-old-space-size=512'], ['--expose-gc', '--import=tsx'], ['--stack-size=900'], ['--cpu-prof', `--cpu-prof-dir=${profiles}`, '--import', 'tsx']]) {
      await start(workerExecArgv(argv));
    }
    // What the guard is for: these, given explicitly, are refused.
    await assert.rejects(start(['--max-old-space-size=512']), /ERR_WORKER_INVALID_EXEC_ARGV|invalid execArgv/);
  });
});
