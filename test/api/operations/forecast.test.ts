import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runForecastModels } from '../../../api/jobs/forecast-job.js';
import { runCli } from '../../helpers/cli.js';
import { bearer, buildTestApp, makeKey, tempDir } from '../../helpers/deps.js';

describe('forecast', () => {
  it('serves 24 or 168 steps from the back-tested model and publishes its accuracy', async (t) => {
    const { app, deps } = await buildTestApp(t, { seed: { history: true } });
    const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1000 } });
    const get = async (url: string) => (await app.inject({ url: `/api/v1/data/${url}`, headers: bearer(key) })).json();
    assert.equal((await get('forecast?ppid=id_119')).error.reason, 'no_forecast_model', 'before the model job');
    const fitted = await runForecastModels(deps);
    assert.ok(fitted.fitted > 30);
    const day = await get('forecast?ppid=id_119');
    assert.equal(day.data.length, 24);
    assert.deepEqual(day.data.map((s: { hours_from_now: number }) => s.hours_from_now), Array.from({ length: 24 }, (_, i) => i));
    assert.ok(day.data.every((s: { time: number }, i: number) => i === 0 || s.time - day.data[i - 1].time === 3600));
    assert.ok(day.data.every((s: { lower_bound: number; avg_cars: number; upper_bound: number; wait_min: number }) =>
      s.lower_bound >= 0 && s.lower_bound <= s.avg_cars && s.avg_cars <= s.upper_bound && s.wait_min >= 0));
    const model = day.meta.model;
    for (const field of ['mae', 'baseline_mae', 'coverage_80', 'coverage_50']) assert.equal(typeof model[field], 'number', field);
    assert.equal(model.unit, 'vehicles');
    assert.equal(day.usage.class, 'forecast_stats');
    const week = await get('forecast?ppid=id_129&prediction_steps=168');
    assert.equal(week.data.length, 168);
    assert.equal(week.meta.model.unit, 'minutes');
    assert.ok(week.data.every((s: { avg_cars: null; wait_min: number }) => s.avg_cars === null && s.wait_min !== null));
    assert.equal((await get('forecast?ppid=id_119&prediction_steps=48')).error.reason, 'invalid_steps');
    assert.equal((await get('forecast?ppid=id_1014')).error.reason, 'no_forecast_model');
  });
});

describe('bdds backtest', () => {
  it('back-tests an external CSV series and prints the table, or JSON', async (t) => {
    const dir = tempDir(t);
    const file = join(dir, 'series.csv');
    const start = Date.parse('2026-01-05T00:00:00Z') / 1000;
    const lines = ['when,cars'];
    for (let h = 0; h < 40 * 24; h += 2) lines.push(`${start + h * 3600},${50 + 30 * Math.sin((2 * Math.PI * (h % 24)) / 24) + ((h * 7919) % 11)}`);
    lines.push('not-a-time,5');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const run = (...extra: string[]) => runCli(['backtest', '--csv', file, '--time-col', 'when', '--value-col', 'cars', ...extra]);
    const table = await run('--tz', 'Europe/Warsaw');
    assert.equal(table.status, 0, table.stderr);
    assert.match(table.stdout, /1 rejected/);
    assert.match(table.stdout, /h1_6 ens\s+h1_6 naive\s+h1_6 prof/);
    const json = JSON.parse((await run('--json', '--origins', '10')).stdout);
    assert.equal(json.origins, 10);
    assert.ok(json.metrics.h1_6.mae.ensemble >= 0 && json.coverage_80 > 0);
    assert.equal((await run('--tz', 'Mars/Olympus')).status, 2);
  });
});
