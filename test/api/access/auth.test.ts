import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REVOCATION_LATENCY_MS } from '../../../api/access/authenticate.js';
import { createKeysRepo } from '../../../data/keys-repo.js';
import { closeStore, openStore } from '../../../data/store.js';
import { createUsageRepo } from '../../../data/usage-repo.js';
import { bearer, buildTestApp, makeKey, tempDir } from '../../helpers/deps.js';
import { keyedOperations, SECRET_TEXT } from '../../helpers/test-operations.js';

describe('authentication', () => {
  it('answers a missing key 401 missing_api_key and an unknown one 401 invalid_api_key, without usage', async (t) => {
    const { app } = await buildTestApp(t, { operations: keyedOperations });
    const none = await app.inject('/api/v1/data/counted');
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().error.code, 'missing_api_key');
    assert.equal(none.json().usage, undefined);
    const unknown = await app.inject({ url: '/api/v1/data/counted', headers: bearer('bdds_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa') });
    assert.equal(unknown.statusCode, 401);
    assert.equal(unknown.json().error.code, 'invalid_api_key');
  });

  it('takes Bearer in any case with one or more spaces; any other scheme is no key (missing_api_key), and a later form speaks', async (t) => {
    const { app, deps } = await buildTestApp(t, { operations: keyedOperations });
    const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 10_000 } });
    const call = (headers: Record<string, string>, query = '') => app.inject({ url: `/api/v1/data/counted${query}`, headers });
    for (const authorization of [`Bearer  ${key}`, `bearer ${key}`, `BEARER ${key}`, `Bearer\t${key}`]) {
      assert.equal((await call({ authorization })).statusCode, 200, JSON.stringify(authorization));
    }
    for (const authorization of ['Basic dXNlcjpwYXNz', `Token ${key}`, 'Bearer']) {
      const res = await call({ authorization });
      assert.deepEqual([res.statusCode, res.json().error.code], [401, 'missing_api_key'], authorization);
      assert.equal(res.headers['www-authenticate'], 'Bearer realm="bdds"');
    }
    // A proxy's Basic credential does not hide the key given in X-API-Key or ?key=.
    assert.equal((await call({ authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': key })).statusCode, 200);
    assert.equal((await call({ authorization: 'Basic dXNlcjpwYXNz' }, `?key=${key}`)).statusCode, 200);
    assert.equal((await call({ authorization: 'Bearer bdds_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }, `?key=${key}`)).json().error.code, 'invalid_api_key',
      'a Bearer header is the credential: the first form given is used');
  });

  it('answers revoked, expired and unverified keys 403 with the reason', async (t) => {
    const { app, deps, setNow } = await buildTestApp(t, { operations: keyedOperations });
    const pending = makeKey(deps, { status: 'pending' }).key;
    const expiring = makeKey(deps, { expiresAt: new Date('2026-11-22T10:00:05Z') }).key;
    const call = (key: string) => app.inject({ url: '/api/v1/data/counted', headers: bearer(key) });
    const unverified = await call(pending);
    assert.equal(unverified.statusCode, 403);
    assert.equal(unverified.json().error.reason, 'unverified');
    assert.equal((await call(expiring)).statusCode, 200);
    setNow('2026-11-22T10:00:05Z');
    const expired = await call(expiring);
    assert.equal(expired.statusCode, 403);
    assert.equal(expired.json().error.reason, 'expired', 'expiry applies even to a cached lookup');
  });

  it('stops a revoked key within the stated latency, revoked from another connection', async (t) => {
    const { app, deps, dir, setNow } = await buildTestApp(t, { operations: keyedOperations });
    const { key, record } = makeKey(deps);
    const call = () => app.inject({ url: '/api/v1/data/counted', headers: bearer(key) });
    assert.equal((await call()).statusCode, 200);
    const cli = openStore(join(dir, 'bdds.sqlite')); // as `bdds keys revoke` would, in its own process
    createKeysRepo(cli).revoke(record.id, deps.now().toISOString());
    closeStore(cli);
    setNow(deps.now().getTime() + REVOCATION_LATENCY_MS);
    const revoked = await call();
    assert.equal(revoked.statusCode, 403);
    assert.equal(revoked.json().error.reason, 'revoked');
  });

  it('stops a key revoked through the service at once: the keys repository\'s notice clears its cached lookup', async (t) => {
    const { app, deps } = await buildTestApp(t, { operations: keyedOperations });
    const { key, record } = makeKey(deps);
    const call = () => app.inject({ url: '/api/v1/data/counted', headers: bearer(key) });
    assert.equal((await call()).statusCode, 200, 'looked up and cached');
    // The clock stays where it is: only the notice can end the cached lookup before its 5 s.
    assert.equal(deps.repos.keys.revoke(record.id, deps.now().toISOString()), true);
    const revoked = await call();
    assert.equal(revoked.statusCode, 403);
    assert.equal(revoked.json().error.reason, 'revoked');
  });

  it('limits failed authentications per client address, not the valid keys it sends', async (t) => {
    const { app, deps } = await buildTestApp(t, { operations: keyedOperations });
    const good = makeKey(deps).key;
    for (let i = 0; i < 20; i++) {
      assert.equal((await app.inject({ url: '/api/v1/data/counted', headers: bearer(`bdds_guess${i}`) })).statusCode, 401);
    }
    const blocked = await app.inject({ url: '/api/v1/data/counted', headers: bearer('bdds_guess99') });
    assert.equal(blocked.statusCode, 429);
    assert.equal(blocked.json().error.reason, 'too_many_failed_authentications');
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    const other = await app.inject({ url: '/api/v1/data/counted', headers: bearer(good), remoteAddress: '10.9.9.9' });
    assert.equal(other.statusCode, 200, 'other addresses are unaffected');
    const sameAddress = await app.inject({ url: '/api/v1/data/counted', headers: bearer(good) });
    assert.equal(sameAddress.statusCode, 200, 'a valid key from the blocked address still works (one client cannot lock out a shared address)');
    const revoked = makeKey(deps);
    deps.repos.keys.revoke(revoked.record.id, deps.now().toISOString());
    assert.equal((await app.inject({ url: '/api/v1/data/counted', headers: bearer(revoked.key) })).statusCode, 429, 'a refused key from it is a failure: limited');
  });

  it('refuses a burst above the per-second limit and admits again after refill', async (t) => {
    const { app, deps, setNow } = await buildTestApp(t, { operations: keyedOperations });
    const { key } = makeKey(deps); // Explorer: 2 per second
    const call = () => app.inject({ url: '/api/v1/data/counted', headers: bearer(key) });
    assert.equal((await call()).statusCode, 200);
    assert.equal((await call()).statusCode, 200);
    const third = await call();
    assert.equal(third.statusCode, 429);
    assert.equal(third.json().error.code, 'qps_exceeded');
    assert.equal(third.headers['retry-after'], '1');
    assert.match(String(third.headers.ratelimit), /^"qps";r=0;t=1$/);
    setNow(deps.now().getTime() + 500);
    assert.equal((await call()).statusCode, 200, 'half a second refills one token at 2/s');
  });

  it('never writes the plaintext key to a log line', async (t) => {
    const { app, deps, logLines } = await buildTestApp(t, { operations: keyedOperations, logLevel: 'trace' });
    const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1000 } });
    for (const qs of ['', 'outcome=internal', 'units=x', `units=1&key=${key}`]) {
      await app.inject({ url: `/api/v1/data/counted?${qs}`, headers: bearer(key) });
    }
    await app.inject({ url: '/api/v1/data/counted', headers: bearer(`${key}x`) });
    assert.ok(logLines.length > 4, 'there were log lines to look at');
    assert.ok(logLines.some((l) => l.includes(SECRET_TEXT)), 'the internal error was logged');
    for (const line of logLines) assert.ok(!line.includes(key.slice(5)), `key leaked: ${line}`);
  });
});

describe('counter store', () => {
  it('survives closing and reopening the store', async (t) => {
    const path = join(tempDir(t), 'bdds.sqlite');
    let db = openStore(path);
    const id = createKeysRepo(db).create({ digest: 'd', prefix: 'bdds_x', email: 'a@b', plan: 'explorer', status: 'active',
      limit_standard: null, limit_forecast_stats: null, limit_cheap: null, qps: null, created_at: '2026-11-22T00:00:00Z', expires_at: null }).id;
    assert.deepEqual(await createUsageRepo(db).consume(id, '2026-11-22', 'standard', 3, 10), { admitted: true, used: 3 });
    closeStore(db);
    db = openStore(path);
    assert.deepEqual(await createUsageRepo(db).consume(id, '2026-11-22', 'standard', 1, 10), { admitted: true, used: 4 });
    assert.deepEqual(await createUsageRepo(db).consume(id, '2026-11-22', 'standard', 11, 10), { admitted: false, used: 4 });
    closeStore(db);
  });

  it('commits concurrent consumes together, each with its own exact result, refusing past the limit', async (t) => {
    const db = openStore(join(tempDir(t), 'bdds.sqlite'));
    t.after(() => closeStore(db));
    const id = createKeysRepo(db).create({ digest: 'd', prefix: 'bdds_x', email: 'a@b', plan: 'explorer', status: 'active',
      limit_standard: null, limit_forecast_stats: null, limit_cheap: null, qps: null, created_at: '2026-11-22T00:00:00Z', expires_at: null }).id;
    const repo = createUsageRepo(db);
    const results = await Promise.all(Array.from({ length: 12 }, () => repo.consume(id, '2026-11-22', 'standard', 1, 10)));
    assert.deepEqual(results.map((r) => r.used), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]);
    assert.deepEqual(results.map((r) => r.admitted), [...Array(10).fill(true), false, false]);
    assert.equal(await repo.used(id, '2026-11-22', 'standard'), 10);
  });

  it('gives each consume of one counter in a batch the total it would have seen alone, whatever the costs', async (t) => {
    const db = openStore(join(tempDir(t), 'bdds.sqlite'));
    t.after(() => closeStore(db));
    const keys = createKeysRepo(db);
    const make = (digest: string) => keys.create({ digest, prefix: 'bdds_x', email: 'a@b', plan: 'explorer', status: 'active',
      limit_standard: null, limit_forecast_stats: null, limit_cheap: null, qps: null, created_at: '2026-11-22T00:00:00Z', expires_at: null }).id;
    const a = make('a');
    const b = make('b');
    const repo = createUsageRepo(db);
    await repo.consume(a, '2026-11-22', 'standard', 3, 100);
    const costs = [1, 4, 2, 10];
    const results = await Promise.all([
      ...costs.map((cost) => repo.consume(a, '2026-11-22', 'standard', cost, 100)),
      repo.consume(b, '2026-11-22', 'standard', 7, 100),
      repo.consume(a, '2026-11-22', 'forecast_stats', 2, 50),
    ]);
    assert.deepEqual(results.map((r) => [r.admitted, r.used]), [[true, 4], [true, 8], [true, 10], [true, 20], [true, 7], [true, 2]]);
    assert.equal(await repo.used(a, '2026-11-22', 'standard'), 20);
    // Near the limit the same batch is settled one by one: exactly those that fit, in order.
    const edge = await Promise.all([5, 70, 9, 1].map((cost) => repo.consume(a, '2026-11-22', 'standard', cost, 100)));
    assert.deepEqual(edge.map((r) => [r.admitted, r.used]), [[true, 25], [true, 95], [false, 95], [true, 96]]);
  });

  it('records last use off the request path and writes it in a batch', async (t) => {
    const { app, deps, lastUsed } = await buildTestApp(t, { operations: keyedOperations });
    const { key, record } = makeKey(deps);
    await app.inject({ url: '/api/v1/data/counted', headers: bearer(key) });
    assert.equal(deps.repos.keys.findByRef(String(record.id))[0]!.last_used_at, null, 'not written during the request');
    assert.equal(lastUsed.flush(), 1);
    assert.equal(deps.repos.keys.findByRef(String(record.id))[0]!.last_used_at, '2026-11-22T10:00:00.000Z');
  });
});
