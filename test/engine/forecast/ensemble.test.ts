import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blend, stepQuantiles, stepShares, stepWeights } from '../../../engine/forecast/ensemble.js';
import { MEMBER_NAMES } from '../../../engine/forecast/members.js';
import type { BucketName, MemberName, Quantiles } from '../../../models/engine-results.js';

/** Same keys, each value within 1e-9. */
function near(actual: Record<string, number | undefined>, expected: Record<string, number>) {
  assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort());
  for (const k of Object.keys(expected)) assert.ok(Math.abs(actual[k]! - expected[k]!) < 1e-9, `${k}: ${actual[k]} against ${expected[k]}`);
}

describe('the ensemble across bucket boundaries', () => {
  it('keeps each bucket\'s weights until its last hour and reaches the next bucket\'s over its first hours', () => {
    const shares = (hour: number) => Object.fromEntries(stepShares(hour - 1));
    for (const hour of [1, 6, 9, 24, 31, 168]) assert.equal(Object.keys(shares(hour)).length, 1, String(hour));
    assert.deepEqual(shares(6), { h1_6: 1 });
    near(shares(7), { h1_6: 2 / 3, h7_24: 1 / 3 });
    assert.deepEqual(shares(24), { h7_24: 1 });
    near(shares(25), { h7_24: 6 / 7, h25_168: 1 / 7 });
    assert.deepEqual(shares(31), { h25_168: 1 });
    for (let step = 0; step < 168; step++) assert.ok(Math.abs(stepShares(step).reduce((a, [, v]) => a + v, 0) - 1) < 1e-12);
  });

  it('draws no step into the path where two buckets\' weights differ', () => {
    // Persistence says 100 at every hour and seasonal naive 0: the day's weights hold the first, the week's the second.
    const preds = Object.fromEntries(MEMBER_NAMES.map((m) => [m, new Float64Array(168).fill(m === 'persistence' ? 100 : m === 'seasonal_naive' ? 0 : NaN)])) as Record<MemberName, Float64Array>;
    const weights: Record<BucketName, Partial<Record<MemberName, number>>> = { h1_6: { persistence: 1 }, h7_24: { persistence: 1 }, h25_168: { seasonal_naive: 1 } };
    const path = Array.from({ length: 40 }, (_, s) => blend(preds, s, stepWeights(weights, s)));
    assert.equal(path[23], 100, 'the 24th hour as the day\'s weights say');
    assert.equal(path[30], 0, 'from the 31st hour as the week\'s say');
    for (let s = 24; s <= 30; s++) assert.ok(Math.abs(path[s - 1]! - path[s]! - 100 / 7) < 1e-9, `hour ${s + 1}: ${path[s]}`);
  });

  it('mixes the bands as it mixes the weights', () => {
    const q = (k: number): Quantiles => ({ q025: -4 * k, q10: -2 * k, q25: -k, q75: k, q90: 2 * k, q975: 4 * k });
    const quantiles = { h1_6: q(1), h7_24: q(2), h25_168: q(9) };
    assert.deepEqual(stepQuantiles(quantiles, 3), q(1));
    near({ ...stepQuantiles(quantiles, 6) }, { ...q(4 / 3) });
    near({ ...stepQuantiles(quantiles, 24) }, { ...q(2 * 6 / 7 + 9 / 7) });
    // A model stored before 95 % intervals has no q025/q975: none is invented.
    const old = { h1_6: { q10: -1, q25: -0.5, q75: 0.5, q90: 1 }, h7_24: { q10: -3, q25: -1, q75: 1, q90: 3 }, h25_168: q(1) };
    near({ ...stepQuantiles(old, 6) }, { q10: -1 - 2 / 3, q25: -0.5 - 1 / 6, q75: 0.5 + 1 / 6, q90: 1 + 2 / 3 });
  });
});
