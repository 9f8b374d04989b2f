import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BOOKED_TRUCK_QUEUE_PRIOR, shrunkTowards } from '../../../engine/forecast/long-range.js';
import { MEMBER_NAMES } from '../../../engine/forecast/members.js';
import { fitForecastModel } from '../../../engine/forecast/model.js';
import { mulberry32 } from '../../helpers/seeded-random.js';

const sum = (w: Record<string, number | undefined>) => Object.values(w).reduce((a: number, b) => a + (b ?? 0), 0);
const nonZero = (w: Record<string, number | undefined>) => Object.keys(w).filter((m) => (w[m] ?? 0) > 1e-12);

describe('long-range prior', () => {
  it('moves weights halfway to the plain mean of its members', () => {
    const w = shrunkTowards({ calendar_ridge: 0.75, persistence: 0.25 }, BOOKED_TRUCK_QUEUE_PRIOR);
    assert.equal(w.calendar_ridge, 0.375);
    assert.equal(w.persistence, 0.125 + 0.125);
    assert.equal(w.seasonal_delta, 0.125);
    assert.equal(w.holt_winters, 0.125);
    assert.equal(w.seasonal_naive, 0.125);
    assert.equal(w.profile_median, 0);
    assert.ok(Math.abs(sum(w) - 1) < 1e-12);
  });

  it('shapes only the 25-168 h weights of a fitted model, and the model says so', () => {
    // 60 days of a queue that holds a level for days and jumps, with a weekly pattern on top.
    const r = mulberry32(11);
    let level = 200;
    const values = Float64Array.from({ length: 60 * 24 }, (_, h) => {
      if (h % 24 === 0 && r() < 0.15) level = 50 + 400 * r();
      return Math.max(0, level + 30 * Math.sin((2 * Math.PI * (h % 168)) / 168) + 10 * (r() - 0.5));
    });
    const cells = Int32Array.from(values, (_, h) => h % 168);
    const plain = fitForecastModel(values, cells)!;
    const shaped = fitForecastModel(values, cells, { longRange: BOOKED_TRUCK_QUEUE_PRIOR })!;
    assert.equal(plain.long_range, undefined);
    assert.deepEqual(shaped.long_range, BOOKED_TRUCK_QUEUE_PRIOR);
    // The short range is the back-test's choice either way.
    assert.deepEqual(shaped.weights.h1_6, plain.weights.h1_6);
    assert.deepEqual(shaped.weights.h7_24, plain.weights.h7_24);
    // The long range: each prior member holds at least its share, and what is left is a choice of at most two members.
    const long = shaped.weights.h25_168;
    assert.ok(Math.abs(sum(long) - 1) < 1e-9);
    for (const m of BOOKED_TRUCK_QUEUE_PRIOR.members) assert.ok(long[m]! >= 0.125 - 1e-12, `${m} ${long[m]}`);
    const chosen = Object.fromEntries(MEMBER_NAMES.map((m) => [m, 2 * (long[m]! - (BOOKED_TRUCK_QUEUE_PRIOR.members.includes(m) ? 0.125 : 0))]));
    assert.ok(Math.abs(sum(chosen) - 1) < 1e-9);
    assert.ok(nonZero(chosen).length >= 1 && nonZero(chosen).length <= 2, JSON.stringify(chosen));
    assert.ok(Object.values(chosen).every((v) => v >= -1e-12));
  });
});
