import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OriginRun } from '../../../engine/forecast/backtest.js';
import { Scorecard } from '../../../engine/forecast/metrics.js';
import { MEMBER_NAMES } from '../../../engine/forecast/members.js';
import { HORIZON_BUCKETS, type BucketName, type Quantiles } from '../../../models/engine-results.js';

// Every member says 100 for a week; the actuals are 100 + step % 10, so the 80 % band [90, 105] holds
// the steps whose remainder is 0-5: six of every ten, bucket by bucket as counted below.
const run: OriginRun = {
  index: 0, t0: 0,
  actual: Float64Array.from({ length: 168 }, (_, s) => (s === 30 ? NaN : 100 + (s % 10))),
  preds: Object.fromEntries(MEMBER_NAMES.map((m) => [m, new Float64Array(168).fill(100)])) as OriginRun['preds'],
};
const q: Quantiles = { q025: -20, q10: -10, q25: -2, q75: 2, q90: 5, q975: 20 };
const quantiles = Object.fromEntries(HORIZON_BUCKETS.map(({ name }) => [name, q])) as Record<BucketName, Quantiles>;
const weights = Object.fromEntries(HORIZON_BUCKETS.map(({ name }) => [name, { persistence: 1 }])) as Record<BucketName, { persistence: number }>;

describe('scorecard, per origin', () => {
  it('counts each bucket\'s points and those inside the 80 % band, as the pooled coverage does', () => {
    const card = new Scorecard();
    card.add(run, weights, quantiles);
    const [own] = card.perRun;
    const inside = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i).filter((s) => s !== 30 && s % 10 <= 5).length;
    assert.deepEqual(own!.points, { h1_6: 6, h7_24: 18, h25_168: 143 });
    assert.deepEqual(own!.inside80, { h1_6: inside(0, 6), h7_24: inside(6, 24), h25_168: inside(24, 168) });
    const metrics = card.metrics();
    for (const { name } of HORIZON_BUCKETS) assert.equal(metrics[name].coverage_80, own!.inside80[name] / own!.points[name]);
  });
});
