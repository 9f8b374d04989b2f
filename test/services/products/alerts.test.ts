import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { bearer, buildTestApp, FIXED_NOW, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';

/** A checkpoint of the bundled directory. */
const PPID = 'id_219';

async function setup(t: TestContext, options: { allowPrivate?: boolean; history?: boolean } = {}) {
  const built = await buildTestApp(t, { seed: { history: options.history ?? false } });
  built.deps.settings.webhookAllowPrivate = options.allowPrivate ?? false;
  // Resolving the receiver's name is the URL check's job (tested with its own lookup); here names are IP literals.
  const { key } = makeKey(built.deps);
  // An Explorer key may make 2 calls a second: each call here comes a second after the last.
  let at = Date.parse(FIXED_NOW);
  const tick = () => built.setNow((at += 1_000));
  const post = (body: unknown, credential = key) =>
    tick() ?? built.app.inject({ method: 'POST', url: '/api/v1/alerts', headers: { ...bearer(credential), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const list = (credential = key) => tick() ?? built.app.inject({ url: '/api/v1/alerts', headers: bearer(credential) });
  const remove = (id: string, credential = key) => tick() ?? built.app.inject({ method: 'DELETE', url: `/api/v1/alerts/${id}`, headers: bearer(credential) });
  return { ...built, key, post, list, remove };
}

const alertBody = (extra: Record<string, unknown> = {}) => ({ ppid: PPID, metric: 'wait_min', below: 180, webhook_url: 'https://93.184.216.34/hook', ...extra });

test('an alert is created (201, its secret once), listed without the secret, and deleted', async (t) => {
  const { post, list, remove } = await setup(t);
  const created = await post(alertBody({ quiet_hours: '22:00-06:00' }));
  assert.equal(created.statusCode, 201, created.body);
  const alert = created.json().data;
  assert.match(alert.id, /^alr_[a-z0-9]{16}$/);
  assert.match(alert.secret, /^whsec_/);
  assert.equal(alert.condition, 'below');
  assert.equal(alert.threshold, 180);
  assert.deepEqual(alert.quiet_hours, { from: '22:00', to: '06:00' });
  assert.equal(alert.webhook_url, 'https://93.184.216.34/hook');
  assert.equal(created.json().usage.class, 'standard');

  const listed = (await list()).json();
  assert.equal(listed.data.alerts.length, 1);
  assert.equal(listed.data.alerts[0].id, alert.id);
  assert.equal(listed.data.alerts[0].secret, undefined);
  assert.equal(listed.data.limit, 5);
  assert.equal(listed.usage.class, 'cheap');

  const deleted = await remove(alert.id);
  assert.equal(deleted.statusCode, 200);
  assert.deepEqual(deleted.json().data, { id: alert.id, deleted: true });
  assert.equal((await list()).json().data.alerts.length, 0);
  const again = await remove(alert.id);
  assert.equal(again.statusCode, 404);
  assert.equal(again.json().error.reason, 'unknown_alert');
});

test('an alert belongs to its key: another key neither sees nor deletes it', async (t) => {
  const { post, list, remove, deps } = await setup(t);
  const alert = (await post(alertBody())).json().data;
  const { key: other } = makeKey(deps, { email: 'other@example.com' });
  assert.equal((await list(other)).json().data.alerts.length, 0);
  assert.equal((await remove(alert.id, other)).statusCode, 404);
  assert.equal((await list()).json().data.alerts.length, 1);
});

test('bad alerts are refused with a reason, never stored', async (t) => {
  const { post, list } = await setup(t);
  const cases: [Record<string, unknown>, number, string][] = [
    [alertBody({ below: undefined }), 400, 'missing_condition'],
    [alertBody({ above: 300 }), 400, 'conflicting_conditions'],
    [alertBody({ metric: 'speed' }), 400, 'invalid_value'],
    [alertBody({ below: -1 }), 400, 'out_of_range'],
    [alertBody({ quiet_hours: '25:00-06:00' }), 400, 'malformed_quiet_hours'],
    [alertBody({ webhook_url: 'http://93.184.216.34/hook' }), 400, 'not_https'],
    [alertBody({ webhook_url: 'https://10.1.2.3/hook' }), 400, 'private_address'],
    [alertBody({ webhook_url: 'https://169.254.169.254/latest' }), 400, 'private_address'],
    [alertBody({ webhook_url: 'https://[::1]/hook' }), 400, 'private_address'],
    [alertBody({ ppid: 'id_0214' }), 400, 'malformed_ppid'],
    [alertBody({ ppid: 'id_999999' }), 404, 'unknown_ppid'],
  ];
  for (const [body, status, reason] of cases) {
    const res = await post(body);
    assert.equal(res.statusCode, status, `${JSON.stringify(body)}: ${res.body}`);
    assert.equal(res.json().error.reason, reason, JSON.stringify(body));
  }
  assert.equal((await list()).json().data.alerts.length, 0);
});

test('a plain-http or private receiver is allowed only with BDDS_WEBHOOK_ALLOW_PRIVATE', async (t) => {
  const { post } = await setup(t, { allowPrivate: true });
  const res = await post(alertBody({ webhook_url: 'http://127.0.0.1:9/hook' }));
  assert.equal(res.statusCode, 201, res.body);
});

test('an Explorer key holds at most 5 alerts', async (t) => {
  const { post, remove } = await setup(t);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await post(alertBody({ below: 100 + i }));
    assert.equal(res.statusCode, 201);
    ids.push(res.json().data.id);
  }
  const sixth = await post(alertBody());
  assert.equal(sixth.statusCode, 403);
  assert.equal(sixth.json().error.reason, 'alert_limit_reached');
  await remove(ids[0]!);
  assert.equal((await post(alertBody())).statusCode, 201);
});

test('alerts need an API key: the operator token is refused and nothing is counted for it', async (t) => {
  const { post, list } = await setup(t);
  const res = await post(alertBody(), INTERNAL_TOKEN);
  assert.equal(res.statusCode, 403);
  assert.equal(res.json().error.reason, 'key_required');
  assert.equal((await list(INTERNAL_TOKEN)).statusCode, 403);
  const anonymous = await (await setup(t)).app.inject({ url: '/api/v1/alerts' });
  assert.equal(anonymous.statusCode, 401);
});

test('another method on the alerts addresses is 405 naming the ones there are', async (t) => {
  const { app, key } = await setup(t);
  const res = await app.inject({ method: 'PUT', url: '/api/v1/alerts', headers: bearer(key) });
  assert.equal(res.statusCode, 405);
  assert.equal(res.headers.allow, 'GET, POST');
  const one = await app.inject({ method: 'GET', url: '/api/v1/alerts/alr_aaaaaaaaaaaaaaaa', headers: bearer(key) });
  assert.equal(one.statusCode, 405);
  assert.equal(one.headers.allow, 'DELETE');
});

test('a body that is not JSON, or too large, is a 4xx', async (t) => {
  const { app, key } = await setup(t);
  const broken = await app.inject({ method: 'POST', url: '/api/v1/alerts', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: '{"ppid":' });
  assert.equal(broken.statusCode, 400);
  const huge = await app.inject({ method: 'POST', url: '/api/v1/alerts', headers: { ...bearer(key), 'content-type': 'application/json' },
    payload: JSON.stringify(alertBody({ note: 'x'.repeat(20_000) })) });
  assert.equal(huge.statusCode, 413);
});

test('tRPC creates an alert as a mutation, taking a JSON number for the threshold, and refuses it as a query', async (t) => {
  const { app, key, list } = await setup(t);
  const res = await app.inject({ method: 'POST', url: '/trpc/createAlert', headers: { ...bearer(key), 'content-type': 'application/json' },
    payload: JSON.stringify({ ...alertBody(), below: 90 }) });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().result.data.data.threshold, 90);
  // A mutation is not served to a GET.
  const asQuery = await app.inject({ url: `/trpc/createAlert?input=${encodeURIComponent(JSON.stringify(alertBody()))}`, headers: bearer(key) });
  assert.equal(asQuery.statusCode, 405);
  assert.equal((await list()).json().data.alerts.length, 1);
});

test('an Idempotency-Key makes a retried creation answer the same alert, once, even at the limit', async (t) => {
  const { app, key, post, list, setNow } = await setup(t);
  const withKey = (body: unknown, idempotencyKey: string) => app.inject({ method: 'POST', url: '/api/v1/alerts',
    headers: { ...bearer(key), 'content-type': 'application/json', 'idempotency-key': idempotencyKey }, payload: JSON.stringify(body) });
  setNow(Date.parse(FIXED_NOW) - 60_000);
  const first = await withKey(alertBody(), 'retry-1');
  assert.equal(first.statusCode, 201, first.body);
  assert.equal(first.json().data.replayed, false);
  setNow(Date.parse(FIXED_NOW) - 58_000);
  const again = await withKey(alertBody(), 'retry-1');
  assert.equal(again.statusCode, 201, again.body);
  assert.equal(again.json().data.replayed, true);
  assert.equal(again.json().data.id, first.json().data.id);
  assert.equal(again.json().data.secret, first.json().data.secret);
  assert.equal((await list()).json().data.alerts.length, 1);

  // The same idempotency key for another request is refused, and makes nothing.
  const other = await post({ ...alertBody({ below: 60 }), idempotency_key: 'retry-1' });
  assert.equal(other.statusCode, 400);
  assert.equal(other.json().error.reason, 'idempotency_key_reused');
  // Given differently in the header and the body: refused.
  setNow(Date.parse(FIXED_NOW) + 30_000);
  const both = await withKey({ ...alertBody(), idempotency_key: 'retry-2' }, 'retry-3');
  assert.equal(both.statusCode, 400);
  assert.match(both.json().error.message, /idempotency_key/);
  assert.equal((await list()).json().data.alerts.length, 1);

  // At the plan's limit a retry still answers the alert it made.
  for (let i = 0; i < 4; i++) assert.equal((await post(alertBody({ below: 100 + i }))).statusCode, 201);
  setNow(Date.parse(FIXED_NOW) + 60_000);
  const atLimit = await withKey(alertBody(), 'retry-1');
  assert.equal(atLimit.statusCode, 201, atLimit.body);
  assert.equal(atLimit.json().data.id, first.json().data.id);
  assert.equal((await list()).json().data.alerts.length, 5);
});

test('an idempotency key is remembered for a day, across transports, and a deleted alert is not made again by a retry', async (t) => {
  const { app, key, post, remove, list, setNow } = await setup(t);
  const first = (await post({ ...alertBody(), idempotency_key: 'k-1' })).json().data;
  // tRPC names the same value in its input.
  const viaTrpc = await app.inject({ method: 'POST', url: '/trpc/createAlert', headers: { ...bearer(key), 'content-type': 'application/json' },
    payload: JSON.stringify({ ...alertBody(), idempotency_key: 'k-1' }) });
  assert.equal(viaTrpc.statusCode, 200, viaTrpc.body);
  assert.equal(viaTrpc.json().result.data.data.id, first.id);
  assert.equal(viaTrpc.json().result.data.data.replayed, true);

  await remove(first.id);
  const afterDelete = await post({ ...alertBody(), idempotency_key: 'k-1' });
  assert.equal(afterDelete.statusCode, 400);
  assert.equal(afterDelete.json().error.reason, 'idempotent_alert_deleted');
  assert.equal((await list()).json().data.alerts.length, 0);

  // A day later the key is free again.
  setNow(Date.parse(FIXED_NOW) + 25 * 3_600_000);
  const later = await app.inject({ method: 'POST', url: '/api/v1/alerts', headers: { ...bearer(key), 'content-type': 'application/json' },
    payload: JSON.stringify({ ...alertBody(), idempotency_key: 'k-1' }) });
  assert.equal(later.statusCode, 201, later.body);
  assert.notEqual(later.json().data.id, first.id);
  assert.equal(later.json().data.replayed, false);
});

test('a creation says the current value and whether its threshold is crossed now, and its replay says the same', async (t) => {
  const { post } = await setup(t, { history: true });
  const made = async (extra: Record<string, unknown>) => {
    const res = await post(alertBody({ below: undefined, metric: 'queue', ...extra }));
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data;
  };
  const below = await made({ below: 100_000 });
  assert.equal(typeof below.current_value, 'number', 'the checkpoint holds a queue now');
  assert.equal(below.condition_met_now, true, 'any queue is below 100,000 vehicles');
  assert.equal((await made({ above: 100_000 })).condition_met_now, false);
  const first = await made({ below: 100_000, idempotency_key: 'same' });
  const replayed = await made({ below: 100_000, idempotency_key: 'same' });
  assert.deepEqual([first.replayed, replayed.replayed], [false, true]);
  assert.deepEqual([replayed.condition_met_now, replayed.current_value, replayed.secret], [first.condition_met_now, first.current_value, first.secret]);
});
