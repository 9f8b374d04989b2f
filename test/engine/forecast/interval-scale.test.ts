import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ANY_STRIDE_H, intervalScales, SCALE_FLOOR, SCALE_SPREAD_H, SCALE_WEEKS } from '../../../engine/forecast/interval-scale.js';
import { WEEK_H } from '../../../engine/forecast/members.js';
import { evaluateModel, fitForecastModel, predict } from '../../../engine/forecast/model.js';
import { parseForecastModel } from '../../../models/forecast-model.js';
import { mulberry32 } from '../../helpers/seeded-random.js';

/** Normal noise (Box-Muller) from a seeded uniform. */
function normal(seed: number) {
  const u = mulberry32(seed);
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
}

describe('the interval scale', () => {
  it('is the mean absolute change from the hour before the origin to the step, over the same stretch of past weeks', () => {
    // Ten weeks: 100 every hour but a step up to 160 over hours 30-40 of each week (and back down).
    const history = Float64Array.from({ length: 10 * WEEK_H }, (_, i) => (i % WEEK_H >= 30 && i % WEEK_H <= 40 ? 160 : 100));
    const scale = intervalScales(history, WEEK_H);
    // The origin is at hour 0 of the week. Step k reaches hour k: 60 away from the hour before the origin
    // wherever hour k (give or take SCALE_SPREAD_H) is inside the step; the share of those hours that are.
    const expected = (k: number) => {
      let inside = 0;
      let all = 0;
      for (let j = Math.max(0, k - SCALE_SPREAD_H); j <= Math.min(k + SCALE_SPREAD_H, WEEK_H - 1); j++, all++) if (j >= 30 && j <= 40) inside++;
      return (60 * inside) / all;
    };
    for (const k of [35, 30, 40]) assert.ok(Math.abs(scale[k]! - expected(k)) < 1e-9, `step ${k}: ${scale[k]} against ${expected(k)}`);
    // Far from the step the series never moved on that stretch: the floor, a share of the change from any hour.
    const any = (k: number) => {
      let sum = 0;
      let count = 0;
      for (let t = 1; t + k < history.length; t += ANY_STRIDE_H, count++) sum += Math.abs(history[t + k]! - history[t - 1]!);
      return sum / count;
    };
    for (const k of [0, 100, 150]) assert.ok(Math.abs(scale[k]! - SCALE_FLOOR * any(k)) < 1e-9, `step ${k}: ${scale[k]}`);
    assert.ok(scale[35]! > 5 * scale[100]!);
    // A week ahead the series is where it was (every week alike): no change from any hour, so no scale.
    assert.equal(scale[167], 1);
  });
  it('reads only the last SCALE_WEEKS weeks of the same stretch', () => {
    // A jump at hour 50 in week 0 only, outside the last SCALE_WEEKS weeks: nothing moved there since.
    const weeks = SCALE_WEEKS + 2;
    const history = Float64Array.from({ length: weeks * WEEK_H }, (_, i) => (i === 50 ? 500 : 100));
    const scale = intervalScales(history, WEEK_H);
    assert.ok(scale[50]! <= SCALE_FLOOR * 10, `${scale[50]}`);
  });
  it('is 1 where the history never moves (the quantiles are then plain residuals)', () => {
    assert.deepEqual([...intervalScales(new Float64Array(4 * WEEK_H).fill(7), 5)], [1, 1, 1, 1, 1]);
    assert.deepEqual([...intervalScales(new Float64Array(0), 2)], [1, 1]);
  });
});

describe('scaled intervals', () => {
  // Ten weeks and a half around 100: quiet on weekdays (N(0, 3)), loud at the weekend (N(0, 40)), as a queue
  // that jumps on Saturdays; the history ends on a Wednesday at noon (cell 60).
  const noise = normal(11);
  const hours = 10 * WEEK_H + 60;
  const cells = Int32Array.from({ length: hours + WEEK_H }, (_, h) => h % WEEK_H);
  const weekend = (c: number) => c >= 5 * 24;
  const values = Float64Array.from({ length: hours }, (_, h) => Math.max(0, 100 + (weekend(h % WEEK_H) ? 40 : 3) * noise()));
  const model = fitForecastModel(values, cells)!;

  it('are wide where the series moves and narrow where it stays, from the same stored quantiles', () => {
    assert.equal(model.interval_scale, 'weekly_change');
    const path = predict(values, cells, WEEK_H, model);
    const width = (from: number, to: number) => {
      let sum = 0;
      for (let k = from; k < to; k++) sum += path.hi80[k]! - path.lo80[k]!;
      return sum / (to - from);
    };
    // Steps 60-107 reach the weekend (cells 120-167), steps 24-59 and 108-167 weekdays.
    const weekdays = (width(24, 60) * 36 + width(108, 168) * 60) / 96;
    assert.ok(width(60, 108) > 3 * weekdays, `weekend ${width(60, 108)}, weekdays ${weekdays}`);
  });
  /** The 80 % band's coverage of 200 draws of the following week from the same process, on quiet and loud hours apart. */
  const coverage = (m: typeof model) => {
    const path = predict(values, cells, WEEK_H, m);
    const draw = normal(12);
    const inside = { quiet: 0, loud: 0 };
    const count = { quiet: 0, loud: 0 };
    for (let n = 0; n < 200; n++) {
      for (let k = 24; k < WEEK_H; k++) {
        const kind = weekend((hours + k) % WEEK_H) ? 'loud' : 'quiet';
        const a = Math.max(0, 100 + (kind === 'loud' ? 40 : 3) * draw());
        count[kind]++;
        if (a >= path.lo80[k]! && a <= path.hi80[k]!) inside[kind]++;
      }
    }
    return { quiet: inside.quiet / count.quiet, loud: inside.loud / count.loud };
  };
  it('cover the loud hours of the following week far better than plain quantiles, and the quiet ones less wastefully', () => {
    const plain = fitForecastModel(values, cells, { scaledIntervals: false })!;
    assert.equal(plain.interval_scale, undefined);
    const before = coverage(plain);
    const after = coverage(model);
    // Plain quantiles, one width for every hour: nearly every quiet hour inside, most loud ones outside.
    assert.ok(before.quiet > 0.95 && before.loud < 0.45, JSON.stringify(before));
    assert.ok(after.loud > before.loud + 0.1 && after.quiet < before.quiet, `${JSON.stringify(after)} against ${JSON.stringify(before)}`);
    assert.ok(Math.abs(after.quiet - 0.8) + Math.abs(after.loud - 0.8) < Math.abs(before.quiet - 0.8) + Math.abs(before.loud - 0.8) - 0.1);
  });
  it('a model stored before scaled intervals keeps its plain residual quantiles', () => {
    const { interval_scale: _, ...old } = model;
    const stored = parseForecastModel(JSON.stringify(old))!;
    assert.equal(stored.interval_scale, undefined);
    const path = predict(values, cells, WEEK_H, stored);
    // Without a scale the 80 % band's top is the mean plus the bucket's q90 as stored.
    for (const k of [30, 140]) assert.ok(Math.abs(path.hi80[k]! - (path.mean[k]! + Math.max(0, stored.quantiles.h25_168.q90))) < 1e-9);
    assert.equal(parseForecastModel(JSON.stringify(model))!.interval_scale, 'weekly_change');
    assert.equal(parseForecastModel(JSON.stringify({ ...model, interval_scale: 'other' })), null);
  });
  it('a model stored before scaled intervals is evaluated with its quantiles as plain residuals, a newer one with its scales', () => {
    // The same quantiles both ways; this model's are in units of the interval scale (a fraction of how far the
    // series moves), so read as plain residuals they make bands far too narrow for this series: if the
    // evaluation kept the scales for the older model, both would cover alike.
    const { interval_scale: _, ...old } = model;
    const scaled = evaluateModel(values, cells, model);
    const plain = evaluateModel(values, cells, parseForecastModel(JSON.stringify(old))!);
    for (const bucket of ['h7_24', 'h25_168'] as const) {
      assert.ok(scaled[bucket].coverage_80! > 0.6, `${bucket} scaled: ${scaled[bucket].coverage_80}`);
      assert.ok(plain[bucket].coverage_80! < scaled[bucket].coverage_80! - 0.3, `${bucket} plain: ${plain[bucket].coverage_80}`);
      assert.equal(plain[bucket].rmse!.ensemble, scaled[bucket].rmse!.ensemble, 'the forecasts themselves are the same');
    }
  });
});
