import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseList } from 'structured-headers';
import { buildTestApp, bearer, makeKey } from '../../helpers/deps.js';
import { keyedOperations } from '../../helpers/test-operations.js';
import { utcDay } from '../../../api/access/plans.js';

interface Body {
  usage: { requests_today: number; limit_today: number; remaining: number; class: string };
  error: { code: string };
}

describe('daily quotas', () => {
  it('admits exactly L of N > L concurrent calls through a real listener, each with its own usage', async (t) => {
    const { app, deps, db } = await buildTestApp(t, { counterWriter: true, operations: keyedOperations });
    const { key, record } = makeKey(deps, { plan: 'payg', limits: { standard: 25, qps: 1000 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const responses = await Promise.all(Array.from({ length: 60 }, () =>
      fetch(`http://127.0.0.1:${port}/api/v1/data/counted`, { headers: bearer(key) }).then(async (r) => ({ status: r.status, body: (await r.json()) as Body }))));
    const admitted = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 429);
    assert.equal(admitted.length, 25);
    assert.equal(refused.length, 35);
    const used = admitted.map((r) => r.body.usage.requests_today).sort((a, b) => a - b);
    assert.deepEqual(used, Array.from({ length: 25 }, (_, i) => i + 1), 'each admitted call saw a distinct count');
    for (const r of admitted) {
      assert.equal(r.body.usage.limit_today, 25);
      assert.equal(r.body.usage.remaining, 25 - r.body.usage.requests_today);
      assert.equal(r.body.usage.class, 'standard');
    }
    for (const r of refused) assert.equal(r.body.error.code, 'quota_exceeded');
    const stored = db.prepare('SELECT used FROM usage_counters WHERE key_id = ?').pluck().get(record.id);
    assert.equal(stored, 25, 'the stored counter equals what was admitted');
  });

  it('refuses a call costing more than remains, whole, and counts deduplicated cost', async (t) => {
    const { app, deps } = await buildTestApp(t, { counterWriter: true, operations: keyedOperations });
    const { key } = makeKey(deps, { plan: 'payg', limits: { standard: 5, qps: 1000 } });
    const call = (qs: string) => app.inject({ url: `/api/v1/data/counted?${qs}`, headers: bearer(key) });
    assert.equal((await call('units=4')).json().usage.requests_today, 4);
    const tooDear = await call('units=3');
    assert.equal(tooDear.statusCode, 429);
    assert.equal(tooDear.json().error.reason, 'cost_exceeds_remaining');
    assert.equal(tooDear.json().usage.requests_today, 4, 'nothing of the refused call was consumed');
    assert.ok(Number(tooDear.headers['retry-after']) > 0);
    const deduped = await call('names=a,b,a,a');
    assert.equal(deduped.statusCode, 200);
    assert.equal(deduped.json().usage.requests_today, 5, 'two unique names cost one unit');
  });

  it('rolls over exactly at UTC midnight (injected clock)', async (t) => {
    const { app, deps, setNow } = await buildTestApp(t, { counterWriter: true, operations: keyedOperations, now: '2026-11-22T23:59:59.998Z' });
    const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1000 } });
    const call = () => app.inject({ url: '/api/v1/data/counted', headers: bearer(key) }).then((r) => r.json().usage);
    await call();
    setNow('2026-11-22T23:59:59.999Z');
    const last = await call();
    assert.equal(last.requests_today, 2);
    assert.equal(last.resets_at, '2026-11-23T00:00:00.000Z');
    setNow('2026-11-23T00:00:00.000Z');
    const first = await call();
    assert.equal(first.requests_today, 1, 'a new day starts from zero');
    assert.equal(first.resets_at, '2026-11-24T00:00:00.000Z');
    assert.equal(utcDay(new Date('2026-11-22T23:59:59.999Z')), '2026-11-22');
  });

  it('keeps separate counters per class, with Explorer limits', async (t) => {
    const { app, deps } = await buildTestApp(t, { counterWriter: true, operations: keyedOperations });
    const { key } = makeKey(deps);
    const f = (await app.inject({ url: '/api/v1/data/weighed', headers: bearer(key) })).json().usage;
    assert.deepEqual([f.class, f.limit_today, f.requests_today], ['forecast_stats', 50, 1]);
    const s = (await app.inject({ url: '/api/v1/data/counted', headers: bearer(key) })).json().usage;
    assert.deepEqual([s.class, s.limit_today, s.requests_today], ['standard', 200, 1]);
  });

  it('counts 2xx and 4xx, but not 5xx, 429, status, or refused authentication', async (t) => {
    const { app, deps, db } = await buildTestApp(t, { counterWriter: true, operations: keyedOperations });
    const { key, record } = makeKey(deps, { plan: 'payg', limits: { standard: 3, qps: 1000 } });
    const used = () => db.prepare('SELECT coalesce(sum(used), 0) FROM usage_counters WHERE key_id = ?').pluck().get(record.id);
    const call = (qs: string) => app.inject({ url: `/api/v1/data/counted?${qs}`, headers: bearer(key) });
    const bad = await call('units=abc');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().usage.requests_today, 1, 'a 400 counts one unit and says so');
    assert.equal((await call('outcome=not_found')).statusCode, 404);
    assert.equal(used(), 2);
    const failed = await call('outcome=internal');
    assert.equal(failed.statusCode, 500);
    assert.equal(used(), 2, 'a 5xx gives its unit back');
    assert.equal((await app.inject('/api/v1/data/status')).statusCode, 200);
    assert.equal((await app.inject({ url: '/api/v1/data/counted', headers: bearer('bdds_wrong') })).statusCode, 401);
    assert.equal(used(), 2);
    assert.equal((await call('')).statusCode, 200);
    const spent = await call('');
    assert.equal(spent.statusCode, 429);
    assert.equal(spent.json().error.reason, 'quota_spent');
    assert.equal(used(), 3, 'a 429 is not counted');
    const badWhenSpent = await call('units=abc');
    assert.equal(badWhenSpent.statusCode, 429, 'a 4xx that would count is refused when nothing is left');
  });

  it('sends parseable RateLimit-Policy and RateLimit headers', async (t) => {
    const { app, deps } = await buildTestApp(t, { counterWriter: true, operations: keyedOperations });
    const { key } = makeKey(deps);
    const res = await app.inject({ url: '/api/v1/data/counted', headers: bearer(key) });
    const policy = parseList(String(res.headers['ratelimit-policy']));
    assert.deepEqual(policy.map(([name, params]) => [name, Object.fromEntries(params)]), [['standard', { q: 200, w: 86400 }], ['qps', { q: 2, w: 1 }]]);
    const [[name, params]] = parseList(String(res.headers.ratelimit)) as [[string, Map<string, number>]];
    assert.equal(name, 'standard');
    assert.equal(params.get('r'), 199);
    assert.equal(params.get('t'), 14 * 3600, 'seconds to the UTC reset from 10:00');
  });
});
