import assert from 'node:assert/strict';
import { closeSync, copyFileSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { loadConfig } from '../../api/config.js';
import { defineOperation } from '../../services/operation.js';
import { operations } from '../../services/registry.js';
import { startServer } from '../../api/server.js';
import { closeStore, openStore, StoreCorruptError } from '../../data/store.js';
import { captureLogger, FIXED_NOW, tempDir } from '../helpers/deps.js';
import { storeTemplate } from '../helpers/store-templates.js';

/** Resolved when the slow handler has started (the request is then certainly in flight). */
let slowStarted: () => void = () => undefined;

const slow = defineOperation({
  name: 'slow', slug: 'slow', summary: 'Answers after 400 ms (tests only)', versions: [1], access: 'public', quotaClass: 'standard',
  input: z.object({}), output: z.object({ done: z.boolean() }), cacheTtlMs: 0, selfCheck: null,
  async handler() {
    slowStarted();
    await new Promise((r) => setTimeout(r, 400));
    return { data: { done: true } };
  },
});

function configFor(dir: string, env: Record<string, string> = {}) {
  return loadConfig({ BDDS_PORT: '0', BDDS_DB: join(dir, 'bdds.sqlite'), BDDS_NOW: '2026-11-22T10:00:00Z', BDDS_THREADS: '1', ...env });
}

describe('server on a real listener', () => {
  it('serves status after the first status check at start, keeping typical weeks and models that are still fresh', async (t) => {
    const { log, lines } = captureLogger();
    const dir = tempDir(t);
    // A store whose weeks and models were computed at FIXED_NOW; the service restarts an hour later.
    copyFileSync(storeTemplate('models'), join(dir, 'bdds.sqlite'));
    const server = await startServer(configFor(dir, { BDDS_NOW: '2026-11-22T11:00:00Z' }), { log });
    t.after(() => server.close());
    await server.modelsReady;
    assert.equal(server.deps.repos.dayStats.oldestGeneratedAt(), FIXED_NOW, 'not recomputed: less than a day old');
    assert.equal(server.deps.repos.forecastModels.oldestGeneratedAt(), FIXED_NOW);
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(lines.filter((l) => l.includes(`bdds listening on ${server.url}`)).length, 1, 'one line with the base URL');
    const res = await fetch(`${server.url}/api/v1/data/status`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { data: { overall: string; products: Record<string, { checked_at: string }> } };
    assert.equal(body.data.overall, 'operational');
    assert.equal(body.data.products.status?.checked_at, '2026-11-22T11:00:00.000Z');
  });

  it('seeds a new store at first start; drains in-flight requests on shutdown, refuses new ones with 503, closes pool and store', async (t) => {
    const { log, lines } = captureLogger();
    const server = await startServer(configFor(tempDir(t), { BDDS_DEMO_REPLAY: '0' }), { log, operations: [...operations, slow] });
    assert.equal(lines.filter((l) => l.includes('loaded the bundled checkpoint directory')).length, 1);
    const places = JSON.parse(lines.find((l) => l.includes('imported the bundled places'))!) as Record<string, number>;
    assert.ok(places.stations! > 20_000 && places.prices! > 90_000 && places.national_prices! > 4_000 && places.places! > 2_000, JSON.stringify(places));
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const inFlight = fetch(`${server.url}/api/v1/data/slow`);
    await started;
    const closing = server.close();
    // A request reaching the app while it closes (here through inject, as a kept-alive socket would).
    const late = await server.app.inject('/api/v1/data/status');
    assert.equal(late.statusCode, 503);
    assert.equal(late.headers.connection, 'close');
    assert.equal(late.json().error.code, 'service_unavailable');
    const res = await inFlight;
    assert.equal(res.status, 200, 'the in-flight request finished');
    assert.deepEqual(((await res.json()) as { data: unknown }).data, { done: true });
    await closing;
    assert.equal(server.deps.engine.closed, true, 'pool closed');
    assert.equal(server.db.open, false, 'store closed');
    await assert.rejects(fetch(`${server.url}/api/v1/data/status`), 'the port no longer accepts connections');
  });

  it('refuses to start on a corrupt store', async (t) => {
    const dir = tempDir(t);
    const path = join(dir, 'bdds.sqlite');
    closeStore(openStore(path));
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, 0);
    closeSync(fd);
    await assert.rejects(startServer(configFor(dir), { log: captureLogger().log }), StoreCorruptError);
  });
});
