import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freshnessOf, trendOf, vsTypicalOf, waitOf, waitStatusOf } from '../../engine/live-status.js';

const r = (ts: number, queue: number | null, wait_min: number | null = null, rate_per_h: number | null = null) => ({ ts, queue, wait_min, rate_per_h });

describe('freshness bands', () => {
  it('puts each age in its band, edges inclusive', () => {
    const cases: [number, string][] = [[0, 'fresh'], [30, 'fresh'], [30.5, 'recent'], [180, 'recent'], [181, 'stale'], [1440, 'stale'], [1441, 'outdated']];
    for (const [age, band] of cases) assert.equal(freshnessOf(age), band, `${age} min`);
  });
});

describe('wait', () => {
  it('prefers the official wait, else estimates from the processing rate, else null', () => {
    assert.deepEqual(waitOf(r(0, 40, 90, 20)), { waitMin: 90, estimated: false });
    assert.deepEqual(waitOf(r(0, 40, null, 20)), { waitMin: 120, estimated: true });
    assert.deepEqual(waitOf(r(0, 40, null, 0)), { waitMin: null, estimated: false });
    assert.deepEqual(waitOf(r(0, null, null, 20)), { waitMin: null, estimated: false });
  });
});

describe('wait status', () => {
  it('says how long the wait is for the vehicle type', () => {
    assert.equal(waitStatusOf(59, 4), 'green');
    assert.equal(waitStatusOf(60, 4), 'yellow');
    assert.equal(waitStatusOf(180, 4), 'red');
    assert.equal(waitStatusOf(180, 9), 'green', 'three hours is short for a truck');
    assert.equal(waitStatusOf(600, 9), 'yellow');
    assert.equal(waitStatusOf(65 * 60, 9), 'red', 'a 65-hour truck wait is never green');
    assert.equal(waitStatusOf(100, 7), 'red', 'pedestrians');
    assert.equal(waitStatusOf(null, 4), null);
  });
  it('compares with the typical week separately', () => {
    const cell = { p25: 10, p75: 40 };
    assert.deepEqual([vsTypicalOf(10, cell), vsTypicalOf(40, cell), vsTypicalOf(41, cell)], ['below', 'usual', 'above']);
    assert.equal(vsTypicalOf(5, null), null);
    assert.equal(vsTypicalOf(null, cell), null);
  });
});

describe('trend', () => {
  const h = 3600;
  it('compares with the reading three hours earlier; +/-10 % is stable', () => {
    const history = [r(0, 100), r(h, 500), r(2 * h, 500)];
    assert.deepEqual(trendOf(history, r(3 * h, 120)), { trend_percent: 20, trend_direction: 'up' });
    assert.deepEqual(trendOf(history, r(3 * h, 80)), { trend_percent: -20, trend_direction: 'down' });
    assert.deepEqual(trendOf(history, r(3 * h, 109)), { trend_percent: 9, trend_direction: 'stable' });
  });
  it('uses the wait when there is no queue, and says nothing without a base', () => {
    assert.deepEqual(trendOf([r(0, null, 60)], r(3 * h, null, 30)), { trend_percent: -50, trend_direction: 'down' });
    assert.deepEqual(trendOf([r(2 * h, 10)], r(3 * h, 20)), { trend_percent: null, trend_direction: null });
    assert.deepEqual(trendOf([r(0, 0)], r(3 * h, 5)), { trend_percent: null, trend_direction: 'up' });
  });
});
