import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { describe, it } from 'node:test';
import { createEnginePool } from '../../engine/pool.js';
import { isServiceError } from '../../models/errors.js';
import type { Tasks } from './fixtures/tasks.js';

const misbehaving = fileURLToPath(new URL('./fixtures/misbehaving-worker.mjs', import.meta.url));
const typescript = fileURLToPath(new URL('./fixtures/tasks-shim.mjs', import.meta.url));

// The fixture worker's tasks are not in the typed task table.
type LoosePool = { run: (task: string, arg: unknown) => Promise<unknown> };

const isUnavailable = (reason: string) => (err: unknown) => {
  assert.ok(isServiceError(err), `expected a ServiceError, got ${String(err)}`);
  assert.equal(err.code, 'service_unavailable');
  assert.equal(err.status, 503);
  assert.equal(err.reason, reason);
  return true;
};

describe('engine pool', () => {
  it('runs a TypeScript task table in a worker thread (through its shim)', async (t) => {
    const pool = createEnginePool<Tasks>({ threads: 1, filename: typescript });
    t.after(() => pool.close());
    await pool.verify();
    const { threadId: workerThread } = await pool.run('ping', null);
    assert.notEqual(workerThread, threadId, 'the task ran off the main thread');
    const result = await pool.run('cellQuantiles', {
      cells: Int32Array.from([0, 0, 0, 1, 1]),
      values: Float64Array.from([3, 1, 2, 10, NaN]),
      cellCount: 3,
    });
    assert.deepEqual(result.median, [2, 10, null]);
    assert.deepEqual(result.counts, [3, 1, 0]);
  });

  it('maps a full queue to 503 engine_busy', async (t) => {
    const pool = createEnginePool({ threads: 1, maxQueue: 2, filename: misbehaving }) as unknown as LoosePool & { close(): Promise<void> };
    t.after(() => pool.close());
    const running = [pool.run('block', 400), pool.run('block', 10), pool.run('block', 10)];
    await new Promise((r) => setTimeout(r, 50));
    await assert.rejects(pool.run('block', 10), isUnavailable('engine_busy'));
    assert.deepEqual(await Promise.all(running), ['done', 'done', 'done'], 'queued work still completes');
  });

  it('admits by the measured task time: short tasks queue deep, long ones are refused once they would miss the budget', async (t) => {
    const pool = createEnginePool({ threads: 1, latencyBudgetMs: 1_000, filename: misbehaving }) as unknown as LoosePool & {
      close(): Promise<void>; verify(): Promise<void>; taskTimeMs: number; refused: number };
    t.after(() => pool.close());
    await pool.verify();
    for (let i = 0; i < 12; i++) await pool.run('block', 5); // runs on a free thread: the task time is measured
    // 15 short tasks at once (different arguments: nothing to join) fit the budget by far (15 x ~5-20 ms; the
    // prior, 50 ms, until the warm-up's times are looked at): all admitted.
    const short = await Promise.allSettled(Array.from({ length: 15 }, (_, i) => pool.run('block', 5 + (i % 3))));
    assert.ok(short.every((r) => r.status === 'fulfilled'), 'every short task admitted and done');
    for (let i = 0; i < 6; i++) await pool.run('block', 250); // the task time is now at least 0.74 x 250 ms
    assert.ok(pool.taskTimeMs > 175, `measured ${pool.taskTimeMs} ms`);
    // Ten long tasks at once: one runs and a few wait (what fits 1,000 ms at the measured time); the rest are refused at once.
    const long = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => pool.run('block', 250 + i)));
    const done = long.filter((r) => r.status === 'fulfilled').length;
    assert.ok(done >= 1 && done <= 6, `${done} admitted`);
    for (const r of long) if (r.status === 'rejected') isUnavailable('engine_busy')(r.reason);
    assert.equal(pool.refused, 10 - done);
  });

  it('cancels a hung task at its time budget and keeps serving', async (t) => {
    // The budget also bounds the replacement worker's start-up under a busy test run: not too tight.
    const pool = createEnginePool({ threads: 1, taskTimeoutMs: 1_500, filename: misbehaving }) as unknown as LoosePool & { close(): Promise<void> };
    t.after(() => pool.close());
    // 'hang' never returns: an answer at all is the budget's doing.
    await assert.rejects(pool.run('hang', null), isUnavailable('engine_timeout'));
    assert.ok(await pool.run('ping', null), 'a replaced worker answers the next task');
  });

  it('maps a crashed worker to 503 and replaces it', async (t) => {
    const pool = createEnginePool({ threads: 1, filename: misbehaving }) as unknown as LoosePool & { close(): Promise<void> };
    t.after(() => pool.close());
    await assert.rejects(pool.run('crash', null), (err: unknown) => isUnavailable('engine_failure')(err) &&
      (err as { cause: { task: string; error: unknown } }).cause.task === 'crash' && (err as { cause: { error: unknown } }).cause.error instanceof Error);
    assert.ok(await pool.run('ping', null));
  });

  it('refuses work once closed', async () => {
    const pool = createEnginePool<Tasks>({ threads: 1, filename: typescript });
    await pool.close();
    assert.equal(pool.closed, true);
    await assert.rejects(pool.run('ping', null), isUnavailable('engine_closed'));
  });

  it('detects a worker that cannot start', async (t) => {
    const pool = createEnginePool({ threads: 1, filename: '/nonexistent/worker.mjs' });
    t.after(() => pool.close());
    await assert.rejects(pool.verify(), /engine worker failed to start/);
  });
});
