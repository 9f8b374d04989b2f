import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { toServiceError } from '../../../api/pipeline/errors.js';
import { createEnginePool } from '../../../engine/pool.js';
import { captureLogger } from '../../helpers/deps.js';

const misbehaving = fileURLToPath(new URL('../../engine/fixtures/misbehaving-worker.mjs', import.meta.url));
type LoosePool = { run: (task: string, arg: unknown) => Promise<unknown>; close(): Promise<void> };

describe('engine errors in the log', () => {
  it('logs a task cut off by the shutdown as a warning, and a crashed worker as an error, each once with the request id', async (t) => {
    const pool = createEnginePool({ threads: 1, filename: misbehaving }) as unknown as LoosePool;
    t.after(() => pool.close());
    const { log, lines } = captureLogger();
    const crashed = await pool.run('crash', null).catch((err: unknown) => err);
    assert.equal(toServiceError(crashed, log, 'req-crash').reason, 'engine_failure');
    const running = pool.run('block', 5_000).catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 100));
    await pool.close();
    const cut = await running;
    assert.equal(toServiceError(cut, log, 'req-cut').reason, 'engine_failure', 'the client still gets the 503');
    const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string; reqId: string });
    assert.deepEqual(logged.map((l) => [l.level, l.msg, l.reqId]), [
      [50, 'engine task failed', 'req-crash'],
      [40, 'engine task ended by the shutdown', 'req-cut'],
    ]);
  });
});
