/**
 * `/metrics`: the Prometheus text of the service's own metrics (prom-client), for the internal token only.
 * Calls over REST and tRPC, a 404, a forecast in the worker pool, then one scrape checked line by line.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../../../api/app.js';
import { quantileMs } from '../../../api/metrics/service-metrics.js';
import { LATENCY_BOUNDS_MS } from '../../../api/pipeline/metrics.js';
import { bearer, buildTestApp, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';

const PPID = 'id_119';

/** The value of one sample line (`name{labels} value`), or undefined when the exposition has no such line. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (.+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2] ? m[2].split(/,(?=[a-z_]+=")/) : [];
    if (have.length === wanted.length && wanted.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

describe('/metrics', () => {
  it('answers the operator only: 401 without a credential, 403 for an API key, 404 with no token configured', async (t) => {
    const { app, deps } = await buildTestApp(t);
    const none = await app.inject({ url: '/metrics' });
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().error.code, 'missing_api_key');
    const keyed = await app.inject({ url: '/metrics', headers: bearer(makeKey(deps).key) });
    assert.equal(keyed.statusCode, 403);
    assert.equal(keyed.json().error.code, 'forbidden');
    const ok = await app.inject({ url: '/metrics', headers: bearer(INTERNAL_TOKEN) });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
    const off = buildApp({ ...deps, settings: { ...deps.settings, internalToken: null } });
    t.after(() => off.close());
    assert.equal((await off.inject({ url: '/metrics', headers: bearer(INTERNAL_TOKEN) })).statusCode, 404);
  });

  it('counts requests by operation, transport, caller and status, errors, latency, the pool and quota per plan', async (t) => {
    const { app, deps } = await buildTestApp(t, { seed: { history: true, models: true }, engine: { threads: 1 } });
    const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1_000 } });
    const get = (url: string, credential = key) => app.inject({ url, headers: bearer(credential) });
    for (let i = 0; i < 2; i++) assert.equal((await get(`/api/v1/data/queue?ppid=${PPID}&section=snapshot`)).statusCode, 200);
    assert.equal((await get('/api/v1/data/queue?ppid=id_999999')).statusCode, 404);
    assert.equal((await get(`/api/v1/data/forecast?ppid=${PPID}`)).statusCode, 200, 'a forecast, computed in the worker pool');
    // The internal token over tRPC, twice: the second is answered from the cache (the pipeline's callNow path on REST,
    // call on tRPC); both are timed.
    for (let i = 0; i < 2; i++) {
      assert.equal((await get(`/trpc/queue?input=${encodeURIComponent(JSON.stringify({ ppid: PPID }))}`, INTERNAL_TOKEN)).statusCode, 200);
      assert.equal((await get(`/api/v1/data/status`, INTERNAL_TOKEN)).statusCode, 200);
    }

    const res = await get('/metrics', INTERNAL_TOKEN);
    assert.equal(res.statusCode, 200);
    const text = res.body;
    // Well formed: every sample line parses, every metric has HELP and TYPE.
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
      assert.match(line, /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})? (-?[0-9.e+-]+|NaN|\+Inf)$/, line);
    }
    for (const name of ['bdds_requests_total', 'bdds_request_errors_total', 'bdds_request_duration_seconds', 'bdds_engine_queue_depth', 'bdds_quota_used_units']) {
      assert.match(text, new RegExp(`^# HELP ${name} `, 'm'));
      assert.match(text, new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`, 'm'));
    }

    const req = (labels: Record<string, string>) => sample(text, 'bdds_requests_total', labels);
    assert.equal(req({ operation: 'queue', transport: 'rest', caller: 'key', status: '200' }), 2);
    assert.equal(req({ operation: 'queue', transport: 'rest', caller: 'key', status: '404' }), 1);
    assert.equal(req({ operation: 'forecast', transport: 'rest', caller: 'key', status: '200' }), 1);
    assert.equal(req({ operation: 'queue', transport: 'trpc', caller: 'internal', status: '200' }), 2);
    assert.equal(req({ operation: 'status', transport: 'rest', caller: 'anonymous', status: '200' }), 2);
    assert.equal(sample(text, 'bdds_request_errors_total', { operation: 'queue', transport: 'rest', caller: 'key', status: '404' }), 1);
    assert.equal(sample(text, 'bdds_request_errors_total', { operation: 'queue', transport: 'rest', caller: 'key', status: '200' }), undefined, 'no error line for a 200');

    // Latency: cumulative buckets up to +Inf = count = the calls of that operation and transport, on both pipeline paths.
    for (const [operation, transport, calls] of [['queue', 'rest', 3], ['queue', 'trpc', 2], ['status', 'rest', 2], ['forecast', 'rest', 1]] as const) {
      const labels = { operation, transport };
      const buckets = [...LATENCY_BOUNDS_MS.map((ms) => String(ms / 1000)), '+Inf'].map((le) => sample(text, 'bdds_request_duration_seconds_bucket', { ...labels, le })!);
      assert.ok(buckets.every((b, i) => typeof b === 'number' && (i === 0 || b >= buckets[i - 1]!)), `cumulative buckets of ${operation}/${transport}`);
      assert.equal(buckets.at(-1), calls, `${operation}/${transport} +Inf`);
      assert.equal(sample(text, 'bdds_request_duration_seconds_count', labels), calls);
      assert.ok(sample(text, 'bdds_request_duration_seconds_sum', labels)! > 0);
    }

    // The pool: one thread, a bounded queue, the forecast's task done.
    assert.equal(sample(text, 'bdds_engine_threads'), 1);
    assert.equal(sample(text, 'bdds_engine_queue_depth'), 0);
    assert.equal(sample(text, 'bdds_engine_queue_capacity'), deps.engine.maxQueue);
    assert.equal(sample(text, 'bdds_engine_busy_threads'), 0);
    assert.ok(sample(text, 'bdds_engine_tasks_completed_total')! >= 1);
    const utilization = sample(text, 'bdds_engine_utilization_ratio')!;
    assert.ok(utilization > 0 && utilization <= 1, `utilisation ${utilization}`);
    assert.ok(sample(text, 'bdds_engine_busy_seconds_total')! > 0, 'the forecast kept a thread busy');

    // Quota per plan: 3 standard units (the 404 counts) and 1 forecast unit of the one Pay As You Grow key.
    assert.equal(sample(text, 'bdds_quota_used_units', { plan: 'payg', class: 'standard' }), 3);
    assert.equal(sample(text, 'bdds_quota_used_units', { plan: 'payg', class: 'forecast_stats' }), 1);
    assert.equal(sample(text, 'bdds_quota_limit_units', { plan: 'payg', class: 'standard' }), 10_000);
    assert.equal(sample(text, 'bdds_quota_used_units', { plan: 'explorer', class: 'standard' }), 0);
    assert.equal(sample(text, 'bdds_api_keys', { plan: 'payg', status: 'active' }), 1);

    // Data: each source's latest reading as served (replayed up to now) and the product status.
    const now = deps.now().getTime() / 1000;
    for (const source of ['sample.dpsu', 'sample.echerha', 'sample.granica']) {
      const latest = sample(text, 'bdds_source_last_reading_timestamp_seconds', { source, kind: 'replay' })!;
      assert.ok(latest <= now && latest > now - 86_400, `${source} read within the day (${now - latest} s ago)`);
      assert.equal(sample(text, 'bdds_source_age_seconds', { source, kind: 'replay' }), Math.round(now - latest));
    }
    // It answers from the replayed sample only: degraded (reason replay_only), never online.
    assert.equal(sample(text, 'bdds_product_status', { product: 'queue', status: 'degraded' }), 1);
    assert.equal(sample(text, 'bdds_product_status', { product: 'queue', status: 'online' }), 0);

    // A scrape is not an operation: it leaves the request counters alone.
    const again = (await get('/metrics', INTERNAL_TOKEN)).body;
    assert.equal(sample(again, 'bdds_requests_total', { operation: 'queue', transport: 'rest', caller: 'key', status: '200' }), 2);
    assert.doesNotMatch(again, /operation="metrics"/);
  });

  it("exports prom-client's default process and runtime metrics beside the service's own, in every app", async (t) => {
    for (let i = 0; i < 2; i++) {
      const { app } = await buildTestApp(t);
      const text = (await app.inject({ url: '/metrics', headers: bearer(INTERNAL_TOKEN) })).body;
      for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds',
        'nodejs_gc_duration_seconds', 'nodejs_version_info']) {
        assert.match(text, new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`, 'm'), `app ${i + 1}: ${name}`);
      }
      assert.match(text, /^process_resident_memory_bytes [1-9]\d*$/m, 'a real figure');
      assert.match(text, /^# TYPE bdds_requests_total counter$/m, 'beside the service\'s own');
    }
  });

  it('estimates latency quantiles from the buckets as Prometheus does', () => {
    const buckets = new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
    assert.equal(quantileMs(buckets, 0.5), null);
    buckets[2] = 10; // ten calls in (1 ms, 2.5 ms]
    assert.equal(quantileMs(buckets, 0.5), 1.75);
    buckets[LATENCY_BOUNDS_MS.length] = 10; // ten more above the last bound
    assert.equal(quantileMs(buckets, 0.95), LATENCY_BOUNDS_MS.at(-1));
    assert.equal(quantileMs(buckets, 0.25), 1.75);
  });
});
