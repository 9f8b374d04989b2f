import assert from 'node:assert/strict';
import { closeSync, copyFileSync, openSync, readFileSync, writeSync } from 'node:fs';
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
import { startFeedServer } from '../helpers/feed-server.js';
import { fixturePath } from '../helpers/fixtures.js';

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
    const body = (await res.json()) as { data: { overall: string; products: Record<string, { checked_at: string; status: string }>; feeds: unknown[] } };
    // Degraded, not operational: road-conditions and bus-carriers hold nothing in the demo store and say so.
    assert.equal(body.data.overall, 'degraded');
    assert.equal(body.data.products['road-conditions']?.status, 'degraded');
    assert.equal(body.data.products['bus-carriers']?.status, 'degraded');
    assert.deepEqual(body.data.feeds, [], 'the demo polls no feed');
    assert.equal(body.data.products.status?.checked_at, '2026-11-22T11:00:00.000Z');
  });

  it('seeds a new store at first start; drains in-flight requests on shutdown, refuses new ones with 503, closes pool and store', async (t) => {
    const { log, lines } = captureLogger();
    const server = await startServer(configFor(tempDir(t), { BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'off' }), { log, operations: [...operations, slow] });
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

  it('keeps itself current from a live feed in production: eCherha readings answer live within one interval, and a failing upstream shows on /status while the last reading stays', { timeout: 60_000 }, async (t) => {
    const upstream = await startFeedServer(t);
    upstream.reply({ kind: 'body', body: readFileSync(fixturePath('pl-ua/echerha-workload-trucks.json'), 'utf8') });
    const dir = tempDir(t);
    copyFileSync(storeTemplate('base'), join(dir, 'bdds.sqlite'));
    const server = await startServer(loadConfig({
      BDDS_PORT: '0', BDDS_DB: join(dir, 'bdds.sqlite'), BDDS_THREADS: '1', BDDS_DEMO_REPLAY: '0',
      BDDS_FEEDS: 'echerha', BDDS_FEED_ECHERHA_URL: `${upstream.url}/api/v4/workload/1`, BDDS_FEED_ECHERHA_INTERVAL_S: '60',
    }), { log: captureLogger('silent').log, engine: { lazy: true } });
    t.after(() => server.close());
    const status = async () => ((await (await fetch(`${server.url}/api/v1/data/status`)).json()) as { data: { feeds: { name: string; status: string; last_error: string | null }[] } }).data;
    // The first poll comes within seconds of the start (a stagger of up to 5 s), not after a whole interval.
    while ((await status()).feeds[0]?.status !== 'ok') await new Promise((r) => setTimeout(r, 100));
    const key = server.demoKey!;
    const ppid = [...server.deps.repos.observations.ppidsWithData()][0]!;
    const get = async () => (await fetch(`${server.url}/api/v1/data/queue?ppid=${ppid}&section=snapshot`, { headers: { authorization: `Bearer ${key}` } }));
    const live = (await (await get()).json()) as { snapshot: { type_of_data: string; is_realtime: boolean } };
    assert.deepEqual([live.snapshot.type_of_data, live.snapshot.is_realtime], ['live', true]);

    upstream.reply({ kind: 'body', status: 500, body: 'down' });
    assert.equal((await server.feeds.runNow('echerha')).outcome, 'failed');
    const shown = (await status()).feeds[0]!;
    assert.deepEqual([shown.status, shown.last_error], ['failing', 'HTTP 500']);
    const kept = await get();
    assert.equal(kept.status, 200, 'nothing answers 5xx');
    assert.equal(((await kept.json()) as { snapshot: { type_of_data: string } }).snapshot.type_of_data, 'live');
  });
});
