import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workerExecArgv } from '../../models/worker-exec-argv.js';

describe('worker exec argv', () => {
  it('drops the tsx preload in both spellings and keeps every other option', () => {
    assert.deepEqual(workerExecArgv(['--import', 'tsx', '--max-old-space-size=512']), ['--max-old-space-size=512']);
    assert.deepEqual(workerExecArgv(['--expose-gc', '--import=tsx']), ['--expose-gc']);
    assert.deepEqual(workerExecArgv(['--import', './other.mjs', '--conditions', 'tsx']), ['--import', './other.mjs', '--conditions', 'tsx']);
    assert.deepEqual(workerExecArgv([]), []);
  });
});
