/**
 * HEAD is answered like GET without a body, and never counted (README, "API keys, plans and quotas"): the
 * same status and headers GET would get, refusals included (a spent quota, the per-second limit), while the
 * counter does not move (the pipeline checks the quota for an uncounted call: `Meter.check`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { utcDay } from '../../../api/access/plans.js';
import type { QuotaClass } from '../../../models/envelope.js';
import { bearer, buildTestApp, makeKey } from '../../helpers/deps.js';
import { FIXED_NOW } from '../../helpers/constants.js';
import { keyedOperations } from '../../helpers/test-operations.js';

const DAY = utcDay(new Date(FIXED_NOW));
/** The headers HEAD must carry as GET does (the date and request id differ by nature; the length is the body's). */
const COMPARED = ['content-type', 'retry-after', 'ratelimit-policy', 'ratelimit', 'x-devapi-limit', 'x-devapi-remaining', 'x-devapi-units', 'etag'];
const compared = (headers: Record<string, unknown>) => Object.fromEntries(COMPARED.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));

describe('HEAD answers as GET would', () => {
  it('answers 429 quota_exceeded, with Retry-After and the rate-limit headers, once the quota is spent, without counting', async (t) => {
    const { app, deps } = await buildTestApp(t);
    const calls: { url: string; cls: QuotaClass }[] = [
      { url: '/api/v1/data/trading-sundays?country=PL', cls: 'standard' },
      { url: '/api/v1/data/multi?ppids=id_129,id_119', cls: 'standard' },
      { url: '/api/v1/data/forecast?ppid=id_129', cls: 'forecast_stats' },
    ];
    for (const { url, cls } of calls) {
      const { key, record } = makeKey(deps, { plan: 'payg', limits: { qps: 1_000_000, standard: 2, forecast_stats: 2 } });
      await deps.counters.consume(record.id, DAY, cls, 2, 2);
      const get = await app.inject({ url, headers: bearer(key) });
      assert.equal(get.statusCode, 429, `${url}: ${get.body.slice(0, 200)}`);
      assert.equal(get.json().error.code, 'quota_exceeded');
      const head = await app.inject({ method: 'HEAD', url, headers: bearer(key) });
      assert.equal(head.statusCode, 429, `${url}: HEAD as GET`);
      assert.equal(head.body, '', 'no body');
      assert.deepEqual(compared(head.headers), compared(get.headers), `${url}: the headers GET gave`);
      assert.ok(Number(head.headers['retry-after']) > 0);
      assert.equal(await deps.counters.used(record.id, DAY, cls), 2, `${url}: nothing counted`);
    }
  });

  it('answers as GET does a call costing more than remains, a 4xx or a 5xx on a spent quota, and a matching or other ETag', async (t) => {
    const { app, deps } = await buildTestApp(t, { operations: keyedOperations });
    const { key, record } = makeKey(deps, { plan: 'payg', limits: { qps: 1_000_000, standard: 5 } });
    const both = async (url: string, headers: Record<string, string> = bearer(key)) => {
      const get = await app.inject({ url, headers });
      const head = await app.inject({ method: 'HEAD', url, headers });
      assert.equal(head.statusCode, get.statusCode, `${url} ${JSON.stringify(headers)}: ${get.body.slice(0, 200)}`);
      assert.deepEqual(compared(head.headers), compared(get.headers), url);
      assert.equal(head.body, '');
      return get;
    };
    const url = '/api/v1/data/trading-sundays?country=PL';
    const etag = String((await app.inject({ url, headers: bearer(key) })).headers.etag);
    await deps.counters.consume(record.id, DAY, 'standard', 2, 5);
    // 3 used, 2 left: a call of 3 units is refused whole.
    const dear = await both('/api/v1/data/counted?units=3');
    assert.equal(dear.statusCode, 429);
    assert.equal(dear.json().error.reason, 'cost_exceeds_remaining');
    assert.equal((await both('/api/v1/data/counted?outcome=internal')).statusCode, 500, 'a 5xx is given back on GET');
    await deps.counters.consume(record.id, DAY, 'standard', 2, 5);
    const used = await deps.counters.used(record.id, DAY, 'standard');
    assert.equal(used, 5, 'spent (the 5xx was given back)');
    // Spent: a call GET would count as a 4xx is refused on GET, so on HEAD too.
    assert.equal((await both('/api/v1/data/counted?outcome=not_found')).statusCode, 429);
    assert.equal((await both('/api/v1/data/counted?units=0')).statusCode, 429, 'a malformed call likewise');
    assert.equal((await both(url, { ...bearer(key), 'if-none-match': etag })).statusCode, 304, 'a matching ETag is answered before the quota');
    assert.equal((await both(url, { ...bearer(key), 'if-none-match': '"other"' })).statusCode, 429);
    assert.equal(await deps.counters.used(record.id, DAY, 'standard'), used, 'none of these counted');
  });

  it('answers 429 qps_exceeded over the per-second limit, and 200 without counting while units remain', async (t) => {
    const { app, deps } = await buildTestApp(t);
    const url = '/api/v1/data/trading-sundays?country=PL';
    // The clock is pinned: a bucket of one token never refills, so the second call of the key is over.
    const slow = makeKey(deps, { plan: 'payg', limits: { qps: 1 } });
    assert.equal((await app.inject({ url, headers: bearer(slow.key) })).statusCode, 200);
    const over = await app.inject({ method: 'HEAD', url, headers: bearer(slow.key) });
    assert.equal(over.statusCode, 429);
    assert.ok(Number(over.headers['retry-after']) > 0);
    assert.match(String(over.headers.ratelimit), /"qps"/);

    const { key, record } = makeKey(deps, { plan: 'payg', limits: { qps: 1_000_000, standard: 2 } });
    const get = await app.inject({ url, headers: bearer(key) });
    const head = await app.inject({ method: 'HEAD', url, headers: bearer(key) });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers.etag, get.headers.etag);
    assert.equal(head.headers['x-devapi-units'], '0', 'HEAD costs nothing');
    assert.equal(await deps.counters.used(record.id, DAY, 'standard'), 1, 'GET counted, HEAD not');
  });
});

describe('HEAD carries compression\'s headers as GET does', () => {
  it('says Content-Encoding and Vary where GET is compressed, and neither where GET is not', async (t) => {
    const { app, deps } = await buildTestApp(t);
    const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1_000_000 } });
    const encoding = (headers: Record<string, unknown>) =>
      ({ encoding: headers['content-encoding'], vary: headers.vary, length: headers['content-length'] });
    for (const [accept, expected] of [['gzip', 'gzip'], ['deflate', 'deflate'], ['identity', undefined]] as const) {
      const headers = { ...bearer(key), 'accept-encoding': accept };
      // The directory is tens of KB: over the 1 KB threshold.
      const url = '/api/v1/data/checkpoints';
      const get = await app.inject({ url, headers });
      const head = await app.inject({ method: 'HEAD', url, headers });
      assert.equal(get.headers['content-encoding'], expected, `GET with ${accept}`);
      assert.deepEqual(encoding(head.headers), encoding(get.headers), `HEAD with ${accept}`);
      assert.equal(head.body, '');
    }
    // A small answer is sent as it is on both.
    const small = '/api/v1/data/update-info?ppid=id_129';
    const headers = { ...bearer(key), 'accept-encoding': 'gzip' };
    const get = await app.inject({ url: small, headers });
    const head = await app.inject({ method: 'HEAD', url: small, headers });
    assert.ok(Number(get.headers['content-length']) < 1024, `small: ${get.headers['content-length']}`);
    assert.deepEqual(encoding(head.headers), encoding(get.headers));
  });
});
