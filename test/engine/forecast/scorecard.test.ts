import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OriginRun } from '../../../engine/forecast/backtest.js';
import { coverage80, evaluateRuns, Scorecard } from '../../../engine/forecast/metrics.js';
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

describe('80 % coverage of several sets of quantiles at once', () => {
  it('counts as the scorecard counts, set by set, across the faded hours and with interval scales', () => {
    // Members that disagree (so the faded hours blend two buckets' weights), actuals around them, scales that vary.
    const wavy: OriginRun = {
      index: 0, t0: 0,
      actual: Float64Array.from({ length: 168 }, (_, s) => (s === 40 ? NaN : 100 + 15 * Math.sin(s / 3))),
      preds: Object.fromEntries(MEMBER_NAMES.map((m, i) => [m, Float64Array.from({ length: 168 }, (_, s) => 95 + i + (s % 7))])) as OriginRun['preds'],
      scale: Float64Array.from({ length: 168 }, (_, s) => 0.5 + (s % 5) / 4),
    };
    const mixed = { h1_6: { persistence: 1 }, h7_24: { seasonal_naive: 0.5, holt_winters: 0.5 }, h25_168: { seasonal_delta: 1 } };
    const base = { h1_6: q, h7_24: { ...q, q10: -6, q90: 9 }, h25_168: { ...q, q10: -14, q90: 3 } };
    const candidates = [0.7, 1, 1.6, 3].map((k) => Object.fromEntries(HORIZON_BUCKETS.map(({ name }) =>
      [name, Object.fromEntries(Object.entries(base[name]).map(([key, v]) => [key, v * k]))])) as unknown as Record<BucketName, Quantiles>);
    const many = coverage80([wavy, run], mixed, candidates);
    candidates.forEach((quantiles, i) => {
      const one = evaluateRuns([wavy, run], mixed, quantiles);
      assert.deepEqual(many[i], Object.fromEntries(HORIZON_BUCKETS.map(({ name }) => [name, one[name].coverage_80])), `candidate ${i}`);
    });
    assert.ok(new Set(many.map((c) => c.h25_168)).size > 1, 'the candidates cover differently');
  });
});
