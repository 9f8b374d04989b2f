/**
 * Alerts end to end through real parts: an alert made over REST, readings imported by `bdds import csv` on
 * the same store file (another connection, seen by the data-version poll), the evaluation, the outbox, and
 * a real HTTP receiver on a loopback port that checks each signature.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import pino from 'pino';
import { createDeps } from '../../../api/create-deps.js';
import { buildOpenApi } from '../../../api/openapi.js';
import { AlertEvent } from '../../../models/alerts.js';
import { operations } from '../../../services/registry.js';
import { closeStore, openStore } from '../../../data/store.js';
import { startAlerts } from '../../../services/alerts/start.js';
import { verifyWebhook } from '../../../services/alerts/webhook-signature.js';
import { createServicePool } from '../../../services/worker/pool.js';
import { runCli } from '../../helpers/cli.js';
import { bearer, buildTestApp, FIXED_NOW, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';

const PPID = 'id_219';
const NOW_MS = Date.parse(FIXED_NOW);
const silent = pino({ level: 'silent' });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on a loopback port; answers each request with the next of `statuses` (then 200). */
async function receiver(t: TestContext, statuses: number[] = []) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, received };
}

async function setup(t: TestContext, statuses: number[] = []) {
  const built = await buildTestApp(t);
  built.deps.settings.webhookAllowPrivate = true;
  const hook = await receiver(t, statuses);
  const { key } = makeKey(built.deps, { plan: 'payg', limits: { qps: 10_000 } });
  const alerts = startAlerts(built.deps, { log: silent, post: { allowPrivate: true, userAgent: 'bdds-test' }, random: () => 0 });
  t.after(() => alerts.close());
  const path = join(built.dir, 'bdds.sqlite');
  let n = 0;
  /** Imports readings (minutes before the clock, wait) in another connection, as `bdds import` in another process would. */
  const importWaits = async (readings: [number, number][]) => {
    const file = join(built.dir, `readings-${++n}.csv`);
    writeFileSync(file, `ppid,time,wait_min,source\n${readings.map(([agoMin, wait]) =>
      `${PPID},${new Date(built.deps.now().getTime() - agoMin * 60_000).toISOString()},${wait},my-feed`).join('\n')}\n`);
    const out = await runCli(['import', 'csv', file], { BDDS_DB: path, BDDS_NOW: built.deps.now().toISOString() });
    assert.equal(out.status, 0, out.stderr);
    // The server's data-version poll (every 5 s) notices the other connection's commit.
    built.deps.versions.poll();
    await alerts.evaluator.idle();
    await alerts.outbox.kick();
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await built.app.inject({ method: 'POST', url: '/api/v1/alerts', headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: JSON.stringify({ ppid: PPID, metric: 'wait_min', webhook_url: hook.url, ...body }) });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data as { id: string; secret: string };
  };
  return { ...built, hook, alerts, importWaits, create, path, key };
}

test('a wait falling from 300 to 120 minutes delivers one signed event; 110 delivers none', async (t) => {
  const { hook, importWaits, create } = await setup(t);
  const alert = await create({ below: 180 });
  await importWaits([[60, 300]]);
  assert.equal(hook.received.length, 0);
  await importWaits([[30, 120]]);
  assert.equal(hook.received.length, 1);
  const [event] = hook.received;
  const nowS = NOW_MS / 1000;
  assert.ok(verifyWebhook(alert.secret, event!.body, String(event!.headers['x-bdds-signature']), nowS), 'the signature verifies');
  assert.ok(!verifyWebhook(alert.secret, event!.body.replace('120', '121'), String(event!.headers['x-bdds-signature']), nowS));
  const payload = JSON.parse(event!.body);
  assert.ok(AlertEvent.safeParse(payload).success, 'the body is what OpenAPI\'s webhooks.alertFired describes');
  assert.equal(payload.type, 'alert.fired');
  assert.equal(payload.id, event!.headers['x-bdds-event-id']);
  assert.equal(payload.alert.id, alert.id);
  assert.equal(payload.reading.value, 120);
  assert.equal(payload.reading.type_of_data, 'imported');
  assert.equal(payload.reading.at, new Date(NOW_MS - 30 * 60_000).toISOString());
  // No model for this checkpoint in this store: the event says why it carries no forecast.
  assert.equal(payload.forecast, null);
  assert.match(payload.forecast_note, /has no forecast model yet: the daily model job has not reached it/);
  await importWaits([[10, 110]]);
  assert.equal(hook.received.length, 1);
});

test('a failed delivery is retried with the same event id after its backoff, and the alert shows it', async (t) => {
  const { hook, importWaits, create, setNow, app, key, alerts } = await setup(t, [500]);
  await create({ below: 180 });
  await importWaits([[30, 120]]);
  assert.equal(hook.received.length, 1);
  const delivery = async () => (await app.inject({ url: '/api/v1/alerts', headers: bearer(key) })).json().data.alerts[0].last_deliveries[0];
  assert.equal((await delivery()).status, 'pending');
  assert.equal((await delivery()).last_status, 500);
  // The first retry waits between 30 and 60 s (the jitter pinned to its least): not due at +29 s, due at +30 s.
  setNow(NOW_MS + 29_000);
  await alerts.outbox.kick();
  assert.equal(hook.received.length, 1);
  setNow(NOW_MS + 30_000);
  await alerts.outbox.kick();
  assert.equal(hook.received.length, 2);
  assert.equal(hook.received[0]!.headers['x-bdds-event-id'], hook.received[1]!.headers['x-bdds-event-id']);
  assert.equal(hook.received[0]!.body, hook.received[1]!.body);
  const settled = await delivery();
  assert.equal(settled.status, 'delivered');
  assert.equal(settled.attempts, 2);
});

test('quiet hours hold the event until they end', async (t) => {
  const { hook, importWaits, create, setNow, alerts } = await setup(t);
  // FIXED_NOW is 10:00Z = 12:00 in Kyiv: quiet from 11:00 to 13:00 local.
  await create({ below: 180, quiet_hours: { from: '11:00', to: '13:00' } });
  await importWaits([[30, 120]]);
  assert.equal(hook.received.length, 0);
  setNow(NOW_MS + 59 * 60_000);
  await alerts.outbox.kick();
  assert.equal(hook.received.length, 0);
  setNow(NOW_MS + 60 * 60_000);
  await alerts.outbox.kick();
  assert.equal(hook.received.length, 1);
});

test('an event written before a restart is delivered after it, once, whichever of two instances claims it', async (t) => {
  const { hook, importWaits, create, path, deps } = await setup(t, [503]);
  await create({ above: 60 });
  await importWaits([[30, 120]]);
  assert.equal(hook.received.length, 1, 'the first attempt failed');
  // Two more instances on the same store, after the retry is due: they race for the one event.
  const later = NOW_MS + 10 * 60_000;
  const instances = [0, 1].map(() => {
    const db = openStore(path, { integrityCheck: false });
    const engine = createServicePool({ dbPath: path, replay: true }, { threads: 1, lazy: true });
    const made = createDeps({ db, engine, log: silent, now: () => new Date(later), settings: { serviceName: 'Test', internalToken: INTERNAL_TOKEN, demoReplay: true } });
    t.after(async () => {
      await engine.close();
      await made.deps.counters.close?.();
      closeStore(db);
    });
    return startAlerts(made.deps, { log: silent, post: { allowPrivate: true, userAgent: 'bdds-test' } });
  });
  t.after(() => Promise.all(instances.map((i) => i.close())));
  const delivered = await Promise.all(instances.map((i) => i.outbox.kick()));
  assert.equal(delivered[0]! + delivered[1]!, 1);
  assert.equal(hook.received.length, 2);
  assert.equal(hook.received[0]!.headers['x-bdds-event-id'], hook.received[1]!.headers['x-bdds-event-id']);
  void deps;
});

test('OpenAPI describes the webhook event with its signature headers', () => {
  const doc = buildOpenApi(operations, 'Test') as unknown as { webhooks: { alertFired: { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } } } };
  const post = doc.webhooks.alertFired.post;
  assert.deepEqual(post.parameters.map((p) => p.name), ['X-BDDS-Signature', 'X-BDDS-Event-Id', 'X-BDDS-Alert-Id']);
  assert.deepEqual(Object.keys(post.requestBody.content['application/json']!.schema.properties).sort(),
    ['alert', 'created_at', 'forecast', 'forecast_note', 'id', 'reading', 'type']);
});
