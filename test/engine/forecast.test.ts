import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateModel, fitForecastModel, predict } from '../../engine/forecast/model.js';
import { cellsCalendar } from '../../engine/forecast/hour-calendar.js';
import { evaluateAtOrigins } from '../../engine/forecast/origin-evaluation.js';
import { HORIZON_BUCKETS } from '../../models/engine-results.js';
import { holtWinters, localTrend, MEMBER_NAMES, profileCorrected, seasonalDelta, seasonalMean4, seasonalNaive, TREND_DAMPING } from '../../engine/forecast/members.js';
import { BLEND_MEMBERS, widenings } from '../../engine/forecast/model.js';
import { mulberry32 } from '../helpers/seeded-random.js';

/** A deterministic random source (mulberry32) and normal noise (Box-Muller). */
function rng(seed: number) {
  const uniform = mulberry32(seed);
  return { uniform, normal: () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform()) };
}

/** 60 days of hourly values: a daily and weekly pattern around 100 plus N(0, sigma) noise, some hours missing. */
function synthetic(sigma: number, seed = 7) {
  const r = rng(seed);
  const hours = 60 * 24;
  const cells = Int32Array.from({ length: hours }, (_, h) => h % 168);
  const truth = (c: number) => 100 + 40 * Math.sin((2 * Math.PI * (c % 24)) / 24) + (Math.floor(c / 24) >= 5 ? -30 : 0);
  const values = Float64Array.from(cells, (c) => (r.uniform() < 0.1 ? NaN : Math.max(0, truth(c) + sigma * r.normal())));
  return { values, cells, truth };
}

describe('members', () => {
  const hist = Float64Array.from({ length: 336 }, (_, i) => i % 168);
  const cells = Int32Array.from({ length: 336 }, (_, i) => i % 168);
  const future = Int32Array.from({ length: 24 }, (_, k) => k);
  it('seasonal naive repeats last week', () => {
    assert.deepEqual([...seasonalNaive(hist, cells, future)].slice(0, 3), [0, 1, 2]);
  });
  it('the four-week seasonal mean averages the same hour over the last four weeks that hold it', () => {
    const five = Float64Array.from({ length: 5 * 168 }, (_, i) => Math.floor(i / 168) * 10 + (i % 168));
    five[4 * 168 + 1] = NaN;
    const f = seasonalMean4(five, Int32Array.from(five, (_, i) => i % 168), Int32Array.from({ length: 170 }, (_, k) => k % 168));
    // Weeks 1-4 hold 10, 20, 30, 40 (+ the hour): their mean is 25; hour 1's latest week is missing: (10+20+30)/3.
    assert.equal(f[0], 25);
    assert.equal(f[1], 1 + 20);
    // A week ahead, the same hour one week back is still in the future: the four weeks before it (2-5 back).
    assert.equal(f[168], (10 + 20 + 30 + 40) / 4);
    assert.equal(f[169], (11 + 21 + 31) / 3);
  });
  it('Holt-Winters reproduces a clean weekly pattern', () => {
    const f = holtWinters(hist, cells, future);
    assert.ok(Math.abs(f[5]! - 5) < 1e-6, String(f[5]));
  });
  it('the corrected profile fades the current deviation', () => {
    const shifted = Float64Array.from(hist, (v, i) => (i >= 330 ? v + 50 : v));
    const f = profileCorrected(shifted, cells, future);
    // The last cells' medians are v + 25 (one week shifted, one not): the deviation is 25, fading by 0.9 an hour.
    assert.ok(Math.abs(f[0]! - 25 * 0.9) < 1e-9, String(f[0]));
    assert.ok(Math.abs(f[23]! - (23 + 25 * 0.9 ** 24)) < 1e-9, String(f[23]));
  });
  it('seasonal delta moves the latest reading as the same hours moved in the last three weeks', () => {
    // A queue that drains 2 an hour through the week and refills to 300 at each week's start, at three levels.
    const weeks = [300, 300, 300, 250];
    const saw = Float64Array.from({ length: 4 * 168 - 10 }, (_, i) => Math.max(0, weeks[Math.floor(i / 168)]! - 2 * (i % 168)));
    const own = Int32Array.from(saw, (_, i) => i % 168);
    const f = seasonalDelta(saw, own, Int32Array.from({ length: 20 }, (_, k) => (saw.length + k) % 168));
    const last = saw[saw.length - 1]!; // 250 - 2 x 157 < 0: 0, and the weeks before drained to 0 too
    assert.equal(last, 0);
    // Steps 0-9 drain on in the earlier weeks (0 stays 0); step 10 is a week's start: the mean of the three
    // refills before it (250, 300, 300), then it drains as they did.
    assert.deepEqual([f[0], f[9], f[10], f[11]], [0, 0, 850 / 3, 850 / 3 - 2]);
    // One week missing the hours around the origin: the mean of the changes in the others (250, 300).
    const gap = Float64Array.from(saw);
    for (let i = 168 + 150; i < 168 + 168; i++) gap[i] = NaN;
    assert.equal(seasonalDelta(gap, own, Int32Array.from({ length: 12 }, (_, k) => k))[10], 275);
    // No week behind: the latest reading held.
    assert.deepEqual([...seasonalDelta(saw.subarray(0, 100), own.subarray(0, 100), Int32Array.from([100, 101]))], [102, 102]);
  });
  it('the local trend carries the last day\'s slope on, damped, and never below zero', () => {
    const drain = Float64Array.from({ length: 48 }, (_, i) => 200 - 3 * i);
    const f = localTrend(drain, Int32Array.from(drain, (_, i) => i), Int32Array.from({ length: 200 }, (_, k) => k % 168));
    const reach = (k: number) => Array.from({ length: k + 1 }, (_, j) => TREND_DAMPING ** (j + 1)).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(f[0]! - (59 - 3 * reach(0))) < 1e-9, String(f[0]));
    assert.ok(Math.abs(f[5]! - (59 - 3 * reach(5))) < 1e-9, String(f[5]));
    assert.ok(f[199]! > 59 - 3 * 9 - 1e-9, 'the damping bounds how far it runs: 1 / (1 - 0.9) - 1 = 9 hours of slope');
    const steep = localTrend(Float64Array.from({ length: 48 }, (_, i) => 500 - 10 * i), Int32Array.from({ length: 48 }), Int32Array.from({ length: 50 }));
    assert.ok(steep.every((v) => v >= 0) && steep[49] === 0, 'a drain faster than the queue ends at zero');
  });
});

describe('interval widening', () => {
  /** Runs whose members all say 100, the actuals 100 plus noise of `sigma(index)`: residual spread by origin. */
  const runs = (sigma: (index: number) => number) => {
    const r = rng(3);
    return Array.from({ length: 24 }, (_, index) => ({
      index, t0: index * 168,
      actual: Float64Array.from({ length: 168 }, () => 100 + sigma(index) * r.normal()),
      preds: Object.fromEntries(MEMBER_NAMES.map((m) => [m, new Float64Array(168).fill(100)])) as unknown as Parameters<typeof widenings>[0][number]['preds'],
    }));
  };
  it('widens a bucket whose held-out origins erred twice as widely as the ones its quantiles came from', () => {
    const k = widenings(runs((i) => (i % 2 === 0 ? 10 : 20)));
    for (const { name } of HORIZON_BUCKETS) assert.ok(k[name] >= 1.5 && k[name] <= 2.5, `${name}: ${k[name]}`);
  });
  it('leaves the bands of a steady series as they are', () => {
    const k = widenings(runs(() => 10));
    for (const { name } of HORIZON_BUCKETS) assert.ok(k[name] >= 0.9 && k[name] <= 1.25, `${name}: ${k[name]}`);
  });
});

describe('the fitted ensemble', () => {
  it(`blends at most the ${BLEND_MEMBERS} best members of each bucket`, () => {
    const { values, cells } = synthetic(20);
    const model = fitForecastModel(values, cells)!;
    for (const { name } of HORIZON_BUCKETS) {
      const used = Object.values(model.weights[name]).filter((w) => (w ?? 0) > 0);
      assert.ok(used.length >= 1 && used.length <= BLEND_MEMBERS, `${name}: ${JSON.stringify(model.weights[name])}`);
      assert.ok(Math.abs(used.reduce((a, b) => a + b!, 0) - 1) < 1e-9);
    }
  });
  it('gives exactly the requested steps, nearest first, with bounds that are never negative and hold the mean', () => {
    const { values, cells } = synthetic(15);
    const model = fitForecastModel(values, cells)!;
    const allCells = Int32Array.from({ length: values.length + 168 }, (_, h) => h % 168);
    const path = predict(values, allCells, 168, model);
    assert.equal(path.mean.length, 168);
    for (let k = 0; k < 168; k++) {
      assert.ok(path.lo80[k]! >= 0 && path.lo50[k]! >= 0);
      assert.ok(path.lo80[k]! <= path.lo50[k]! + 1e-9 && path.lo50[k]! <= path.mean[k]! + 1e-9);
      assert.ok(path.mean[k]! <= path.hi50[k]! + 1e-9 && path.hi50[k]! <= path.hi80[k]! + 1e-9);
    }
  });
  it('covers about 80 % and 50 % out of sample on a series with known noise', () => {
    const { values, cells } = synthetic(15);
    const model = fitForecastModel(values, cells)!;
    for (const { name } of HORIZON_BUCKETS) {
      const m = model.metrics[name];
      assert.ok(m.coverage_80! > 0.7 && m.coverage_80! < 0.9, `${name} 80 %: ${m.coverage_80}`);
      assert.ok(m.coverage_50! > 0.4 && m.coverage_50! < 0.6, `${name} 50 %: ${m.coverage_50}`);
      // With N(0, 15) noise the best possible MAE is 15 * sqrt(2 / pi) = 12.
      assert.ok(m.mae.ensemble! < 16, `${name} MAE ${m.mae.ensemble}`);
    }
  });
  it('is never worse than its best member on the back-test window (RMSE, the criterion its weights minimise)', () => {
    for (const seed of [1, 2, 3]) {
      const { values, cells } = synthetic(25, seed);
      const model = fitForecastModel(values, cells)!;
      const metrics = evaluateModel(values, cells, model);
      for (const { name } of HORIZON_BUCKETS) {
        const best = Math.min(...MEMBER_NAMES.map((m) => metrics[name].rmse![m] ?? Infinity));
        // The first hours of 7-24 h and 25-168 h are reached from the bucket before's weights (ensemble.ts
        // stepShares), which the rule does not see: there, within 1 %; the first bucket exactly.
        const slack = name === 'h1_6' ? 1e-9 : 0.01 * best;
        assert.ok(metrics[name].rmse!.ensemble! <= best + slack, `seed ${seed} ${name}: ${metrics[name].rmse!.ensemble} > ${best}`);
      }
    }
  });
  it('scores the path it serves: the forward evaluation\'s error and band hits are those of predict from the same history', () => {
    const { values, cells, truth } = synthetic(20, 4);
    const full = Float64Array.from(values, (v, i) => (Number.isNaN(v) ? truth(cells[i]!) : v));
    const t0 = full.length - 168;
    const { card } = evaluateAtOrigins(full, cellsCalendar(cells), [t0]);
    const history = full.subarray(0, t0);
    const path = predict(history, cells, 168, fitForecastModel(history, cells.subarray(0, t0))!);
    const actual = full.subarray(t0);
    const rmse = Math.sqrt(actual.reduce((sum, a, s) => sum + (path.mean[s]! - a) ** 2, 0) / 168);
    assert.ok(Math.abs(card.perRun[0]!.ensemble - rmse) < 1e-9, `${card.perRun[0]!.ensemble} against ${rmse}`);
    const inside = (from: number, to: number) => Array.from(actual.subarray(from, to), (a, k) => a >= path.lo80[from + k]! && a <= path.hi80[from + k]!).filter(Boolean).length;
    assert.deepEqual(card.perRun[0]!.inside80, { h1_6: inside(0, 6), h7_24: inside(6, 24), h25_168: inside(24, 168) });
  });
  it('declines a series too short to back-test', () => {
    const { values, cells } = synthetic(5);
    assert.equal(fitForecastModel(values.subarray(0, 15 * 24), cells.subarray(0, 15 * 24)), null);
  });
});
