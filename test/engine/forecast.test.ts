import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateModel, fitForecastModel, predict } from '../../engine/forecast/model.js';
import { HORIZON_BUCKETS } from '../../models/engine-results.js';
import { holtWinters, MEMBER_NAMES, profileCorrected, seasonalMean4, seasonalNaive } from '../../engine/forecast/members.js';

/** A deterministic random source (mulberry32) and normal noise (Box-Muller). */
function rng(seed: number) {
  let a = seed;
  const uniform = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
});

describe('the fitted ensemble', () => {
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
        assert.ok(metrics[name].rmse!.ensemble! <= best + 1e-9, `seed ${seed} ${name}: ${metrics[name].rmse!.ensemble} > ${best}`);
      }
    }
  });
  it('declines a series too short to back-test', () => {
    const { values, cells } = synthetic(5);
    assert.equal(fitForecastModel(values.subarray(0, 15 * 24), cells.subarray(0, 15 * 24)), null);
  });
});
