import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runStatusChecks } from '../../../services/jobs/status-check.js';
import { operations } from '../../../services/registry.js';
import { bearer, buildTestApp, makeKey } from '../../helpers/deps.js';
import { counted, keyedOperations, weighed } from '../../helpers/test-operations.js';
import { status } from '../../../services/products/status.js';
import { closeStore, openStore } from '../../../data/store.js';

describe('a failing store', () => {
  it('fails counted calls with 503 (not 500) when the disk is full, while reads keep working', async (t) => {
    const { app, deps, db, setNow } = await buildTestApp(t, { counterWriter: true, operations: keyedOperations });
    await runStatusChecks(operations.filter((op) => op.slug === 'queue'), deps); // a stored round for status to read
    const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1_000_000 } });
    // Counters are written on the writer thread's own connection: the page limit is set there.
    await deps.counters.exec!(`PRAGMA max_page_count = ${db.pragma('page_count', { simple: true })}`);
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

describe('a store locked by another process', () => {
  it('answers counted calls 503 store_unavailable after the busy timeout, counting nothing, while status and other requests are served at once; recovers when the lock goes', async (t) => {
    const { app, deps, db } = await buildTestApp(t, { counterWriter: true, operations: keyedOperations });
    await runStatusChecks(operations.filter((op) => op.slug === 'queue'), deps); // a stored round for status to read
    const { key, record } = makeKey(deps, { plan: 'payg', limits: { qps: 1_000_000 } });
    assert.equal((await app.inject({ url: '/api/v1/data/counted', headers: bearer(key) })).statusCode, 200);
    const holder = openStore(db.name, { integrityCheck: false });
    t.after(() => holder.open && closeStore(holder));
    holder.exec('BEGIN IMMEDIATE');
    let countedAt = 0;
    const counted = app.inject({ url: '/api/v1/data/counted', headers: bearer(key) }).then((res) => ((countedAt = performance.now()), res));
    // While the counted call waits for the lock (on the writer's thread), the event loop serves others.
    const statusWhileLocked = await app.inject('/api/v1/data/status');
    const statusAt = performance.now();
    const blocked = await counted;
    assert.equal(statusWhileLocked.statusCode, 200);
    assert.ok(statusAt < countedAt, 'status was answered while the counted call still waited for the lock');
    assert.equal(blocked.statusCode, 503);
    assert.equal(blocked.json().error.reason, 'store_unavailable');
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    holder.exec('ROLLBACK');
    const after = await app.inject({ url: '/api/v1/data/counted', headers: bearer(key) });
    assert.equal(after.statusCode, 200);
    assert.equal(after.json().usage.requests_today, 2, 'the refused call was not counted');
    assert.equal(await deps.counters.used(record.id, deps.now().toISOString().slice(0, 10), 'standard'), 2);
  });
});

describe('status when the store refuses writes', () => {
  it('reports keyed products offline and itself degraded, and recovers when writes work again', async (t) => {
    const ops = [status, counted, weighed];
    const { app, deps, db } = await buildTestApp(t, { counterWriter: true, operations: ops });
    await runStatusChecks(ops, deps);
    assert.equal((await app.inject('/api/v1/data/status')).json().data.overall, 'operational');
    db.pragma('query_only = ON');
    await runStatusChecks(ops, deps);
    const down = (await app.inject('/api/v1/data/status')).json().data;
    assert.equal(down.products.counted.status, 'offline');
    assert.match(down.products.counted.detail, /refuses writes/);
    assert.equal(down.products.status.status, 'degraded');
    assert.equal(down.overall, 'outage');
    db.pragma('query_only = OFF');
    await runStatusChecks(ops, deps);
    assert.equal((await app.inject('/api/v1/data/status')).json().data.overall, 'operational');
  });
});
