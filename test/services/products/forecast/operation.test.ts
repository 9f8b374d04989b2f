import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bearer, buildTestApp, makeKey } from '../../../helpers/deps.js';

describe('forecast', () => {
  it('serves 24 or 168 steps from the back-tested model and publishes its accuracy', async (t) => {
    // The models template's models were fitted by the daily job (runForecastModels) on the recorded series.
    const { app, deps } = await buildTestApp(t, { seed: { history: true, models: true } });
    assert.ok(deps.repos.forecastModels.ppids().size > 20, `${deps.repos.forecastModels.ppids().size} checkpoints with a model`);
    const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1000 } });
    const get = async (url: string) => (await app.inject({ url: `/api/v1/data/${url}`, headers: bearer(key) })).json();
    const day = await get('forecast?ppid=id_119');
    assert.equal(day.data.length, 24);
    assert.deepEqual(day.data.map((s: { hours_from_now: number }) => s.hours_from_now), Array.from({ length: 24 }, (_, i) => i));
    assert.ok(day.data.every((s: { time: number }, i: number) => i === 0 || s.time - day.data[i - 1].time === 3600));
    assert.ok(day.data.every((s: { lower_bound: number; avg_cars: number; upper_bound: number; wait_min: number }) =>
      s.lower_bound >= 0 && s.lower_bound <= s.avg_cars && s.avg_cars <= s.upper_bound && s.wait_min >= 0));
    const model = day.meta.model;
    for (const field of ['mae', 'baseline_mae', 'baseline_mean4_mae', 'baseline_persistence_mae', 'rmse', 'baseline_rmse', 'baseline_mean4_rmse',
      'baseline_persistence_rmse', 'coverage_80', 'coverage_50', 'coverage_95']) {
      assert.equal(typeof model[field], 'number', field);
    }
    assert.equal(model.unit, 'vehicles');
    // Fitted on all the history held, with the holiday calendars of both countries of the crossing.
    assert.deepEqual(model.calendars, ['UA', 'PL'], 'origin then destination');
    assert.ok(model.history_days >= 55, String(model.history_days));
    assert.ok(['calendar_ridge', 'seasonal_mean4', 'persistence', 'persistence_damped', 'seasonal_delta', 'local_trend'].every((m) => model.members.includes(m)), String(model.members));
    assert.equal(typeof model.by_horizon.h1_6.mae.persistence, 'number', 'persistence measured beside the other members');
    assert.equal(typeof model.weights.h25_168.calendar_ridge, 'number');
    assert.equal(typeof model.by_horizon.h25_168.rmse.seasonal_mean4, 'number');
    // Bands from residuals scaled by how far the queue moved over the same stretch of recent weeks.
    assert.deepEqual(model.intervals, { method: 'split_conformal', scale: 'weekly_change' });
    // An eCherha truck queue: its long range shrunk halfway to the plain mean of four members, its wait's too.
    assert.deepEqual(model.long_range, { kind: 'booked_truck_queue', members: ['persistence', 'seasonal_delta', 'holt_winters', 'seasonal_naive'], share: 0.5 });
    assert.ok(model.long_range.members.every((m: string) => model.weights.h25_168[m] >= 0.125), JSON.stringify(model.weights.h25_168));
    assert.equal(day.meta.wait_model.long_range.kind, 'booked_truck_queue');
    assert.equal(day.usage.class, 'forecast_stats');
    const week = await get('forecast?ppid=id_129&prediction_steps=168');
    assert.equal(week.data.length, 168);
    assert.equal(week.meta.model.unit, 'minutes');
    assert.equal(week.meta.model.long_range, null, 'a border guard\'s wait: the back-test\'s choice alone');
    assert.ok(week.data.every((s: { avg_cars: null; wait_min: number }) => s.avg_cars === null && s.wait_min !== null));
    assert.equal((await get('forecast?ppid=id_119&prediction_steps=48')).error.reason, 'invalid_steps');
    const none = (await get('forecast?ppid=id_1014')).error;
    assert.deepEqual([none.reason, none.message], ['no_forecast_model', 'id_1014 has no readings, so no forecast model.']);
  });
});

describe('stored forecast models', () => {
  it('serves a model stored before the calendar regression, and answers 404 for one that no longer parses', async (t) => {
    const { app, deps, db } = await buildTestApp(t, { seed: { history: true } });
    const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1000 } });
    const get = async (url: string) => (await app.inject({ url: `/api/v1/data/${url}`, headers: bearer(key) })).json();
    const bucket = { points: 10, mae: { ensemble: 1, seasonal_naive: 2, profile_median: 2, profile_corrected: 2, holt_winters: 2 }, coverage_50: 0.5, coverage_80: 0.8 };
    const q = { q10: -5, q25: -2, q75: 2, q90: 5 };
    // The shape the daily job stored before this version: four members, no calendar, no RMSE.
    const old = {
      weights: Object.fromEntries(['h1_6', 'h7_24', 'h25_168'].map((b) => [b, { seasonal_naive: 0, profile_median: 1, profile_corrected: 0, holt_winters: 0 }])),
      quantiles: { h1_6: q, h7_24: q, h25_168: q }, metrics: { h1_6: bucket, h7_24: bucket, h25_168: bucket }, origins: 28,
    };
    deps.repos.forecastModels.save({ ppid: 'id_119', metric: 'main', unit: 'vehicles', generated_at: '2026-08-01T00:00:00.000Z', model: old as never });
    deps.versions.refresh();
    const served = await get('forecast?ppid=id_119');
    assert.equal(served.data.length, 24, JSON.stringify(served.error));
    assert.deepEqual(served.meta.model.calendars, []);
    assert.equal(served.meta.model.rmse, null);
    assert.equal(served.meta.model.mae, 1);
    assert.deepEqual(served.meta.model.intervals, { method: 'split_conformal', scale: 'none' }, 'its quantiles are plain residuals');
    // The typical-week median alone (weight 1), with the stored quantiles around it.
    assert.ok(served.data.every((s: { avg_cars: number; upper_bound: number }) => Math.abs(s.upper_bound - (s.avg_cars + 5)) < 0.11));
    db.prepare("UPDATE forecast_models SET payload = '{\"weights\": 1}', generated_at = '2026-08-02T00:00:00.000Z' WHERE ppid = 'id_119'").run();
    deps.versions.refresh();
    assert.equal((await get('forecast?ppid=id_119')).error.reason, 'no_forecast_model');
  });
});
