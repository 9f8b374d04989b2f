import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runStatusChecks } from '../../../api/jobs/status-check.js';
import { operations } from '../../../api/registry.js';
import { bearer, buildTestApp, makeKey } from '../../helpers/deps.js';
import { counted, keyedOperations, weighed } from '../../helpers/test-operations.js';
import { status } from '../../../api/operations/status.js';

describe('a failing store', () => {
  it('fails counted calls with 503 (not 500) when the disk is full, while reads keep working', async (t) => {
    const { app, deps, setNow } = await buildTestApp(t, { operations: keyedOperations });
    await runStatusChecks(operations, deps);
    const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1_000_000 } });
    // Counters are written on the writer thread's own connection: the page limit is set there.
    await deps.counters.exec!(`PRAGMA max_page_count = ${deps.db.pragma('page_count', { simple: true })}`);
    let full: Awaited<ReturnType<typeof app.inject>> | null = null;
    // Each new UTC day is a new counter row; the file may not grow, so a row soon does not fit.
    for (let day = 0; day < 5_000 && !full; day++) {
      setNow(Date.UTC(2030, 0, 1) + day * 86_400_000);
      const res = await app.inject({ url: '/api/v1/data/counted', headers: bearer(key) });
      if (res.statusCode !== 200) full = res;
    }
    assert.ok(full, 'the store filled up');
    assert.equal(full.statusCode, 503);
    assert.equal(full.json().error.code, 'service_unavailable');
    assert.equal(full.json().error.reason, 'store_unavailable');
    assert.ok(Number(full.headers['retry-after']) > 0);
    assert.doesNotMatch(full.body, /SQLITE|database or disk/);
    assert.equal((await app.inject('/api/v1/data/status')).statusCode, 200, 'reads still answer');
  });
});

describe('status when the store refuses writes', () => {
  it('reports keyed products offline and itself degraded, and recovers when writes work again', async (t) => {
    const ops = [status, counted, weighed];
    const { app, deps } = await buildTestApp(t, { operations: ops });
    await runStatusChecks(ops, deps);
    assert.equal((await app.inject('/api/v1/data/status')).json().data.overall, 'operational');
    deps.db.pragma('query_only = ON');
    await runStatusChecks(ops, deps);
    const down = (await app.inject('/api/v1/data/status')).json().data;
    assert.equal(down.products.counted.status, 'offline');
    assert.match(down.products.counted.detail, /refuses writes/);
    assert.equal(down.products.status.status, 'degraded');
    assert.equal(down.overall, 'outage');
    deps.db.pragma('query_only = OFF');
    await runStatusChecks(ops, deps);
    assert.equal((await app.inject('/api/v1/data/status')).json().data.overall, 'operational');
  });
});
