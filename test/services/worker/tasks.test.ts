import assert from 'node:assert/strict';
import { threadId } from 'node:worker_threads';
import { describe, it } from 'node:test';
import { runDayStats } from '../../../services/jobs/day-stats-job.js';
import { runForecastModels } from '../../../services/jobs/forecast-job.js';
import { appWithKey } from '../../helpers/deps.js';

/** Wraps the pool so that every task sent is recorded as it leaves the event loop, and its answer as it comes back. */
function recordTasks(deps: { engine: { run: (task: never, arg: never) => Promise<unknown> } }, onSend: (task: string) => void = () => {}) {
  const sent: { task: string; arg: unknown; answer?: unknown }[] = [];
  const run = deps.engine.run.bind(deps.engine);
  deps.engine.run = ((task: never, arg: never) => {
    const entry: (typeof sent)[number] = { task, arg };
    sent.push(entry);
    onSend(task);
    return run(task, arg).then((answer) => (entry.answer = answer));
  }) as typeof deps.engine.run;
  return sent;
}

/** The product's `data` as the worker serialised it (the last answer of `task`). */
function workerData(sent: { task: string; answer?: unknown }[], task: string): unknown {
  const answer = sent.filter((s) => s.task === task).at(-1)?.answer as { dataJson: string };
  return JSON.parse(answer.dataJson);
}

/** True when a value holds series or graph data: any typed array, or any array at all. */
function carriesData(value: unknown): boolean {
  if (ArrayBuffer.isView(value) || Array.isArray(value)) return true;
  if (value && typeof value === 'object') return Object.values(value).some(carriesData);
  return false;
}

describe('the worker pool does whole jobs from ids', () => {
  it('sends ids and parameters only, for the daily jobs and the served forecast', async (t) => {
    const { get, deps } = await appWithKey(t, { seed: { history: true }, pool: true });
    // The daily jobs over their first three checkpoints (a job stops between checkpoints once its signal
    // aborts): every checkpoint's message has the same form, and a whole pass takes ten seconds.
    const stops = { dayStats: new AbortController(), fitForecast: new AbortController() };
    const count: Record<string, number> = {};
    const sent = recordTasks(deps as never, (task) => {
      if ((count[task] = (count[task] ?? 0) + 1) === 3) stops[task as keyof typeof stops]?.abort();
    });
    const week = await runDayStats(deps, stops.dayStats.signal);
    const models = await runForecastModels(deps, stops.fitForecast.signal);
    assert.equal(week.stored + week.removed, 3, 'three checkpoints, then the job stopped');
    assert.ok(week.stored > 0 && models.fitted > 0, `the jobs did their work (${week.stored} weeks, ${models.fitted} models)`);
    const withModel = [...deps.repos.forecastModels.ppids()][0]!;
    // A checkpoint with readings that the stopped job never reached is not blamed on its history.
    const unreached = [...deps.repos.observations.ppidsWithData()].find((p) => !deps.repos.forecastModels.ppids().has(p))!;
    assert.match((await get(`forecast?ppid=${unreached}`)).body.error.message, /has no forecast model yet: the daily model job has not reached it/);
    const forecast = await get(`forecast?ppid=${withModel}&prediction_steps=168`);
    assert.equal(forecast.status, 200);
    assert.equal(forecast.body.data.length, 168);
    assert.ok(forecast.body.meta.model.mae !== undefined);
    const matrix = await get('travel-matrix?origin_lat=52.52&origin_lon=13.40&origin_country=DE&type=9');
    assert.equal(matrix.status, 200);
    assert.ok(matrix.body.data.results.some((r: { total_minutes: number | null }) => r.total_minutes !== null));
    const alternatives = await get('alternatives?ppid=id_119');
    assert.equal(alternatives.status, 200);
    // The worker composes the whole answer: the event loop sends its data as it came, adding nothing.
    assert.deepEqual(forecast.body.data, workerData(sent, 'forecast'));
    assert.equal(forecast.body.data[0].type_of_data, 'forecast');
    assert.deepEqual(matrix.body.data, workerData(sent, 'travelMatrix'));
    assert.ok('avg_crossing_minutes' in matrix.body.data.results[0]);
    assert.deepEqual(alternatives.body.data, workerData(sent, 'alternatives'));
    assert.ok('checkpoint' in alternatives.body.data && 'crossing_type_filter' in alternatives.body.data);
    const tasks = new Set(sent.map((s) => s.task));
    assert.deepEqual([...tasks].sort(), ['alternatives', 'dayStats', 'fitForecast', 'forecast', 'travelMatrix']);
    for (const { task, arg } of sent) {
      assert.equal(carriesData(arg), false, `${task} carried data: ${JSON.stringify(arg).slice(0, 80)}`);
      assert.ok(JSON.stringify(arg).length < 300, `${task}: ${JSON.stringify(arg)}`);
    }
  });

  it('reads the store from the worker thread, through its own connection', async (t) => {
    const { deps } = await appWithKey(t, { pool: true });
    const ping = await deps.engine.run('ping', null);
    assert.notEqual(ping.threadId, threadId);
    assert.equal(ping.checkpoints, deps.repos.directory.all().length);
  });

  it('answers 404 without a worker hop when a checkpoint has no model', async (t) => {
    const { get, deps } = await appWithKey(t, { pool: true });
    const sent = recordTasks(deps as never);
    const res = await get('forecast?ppid=id_114');
    assert.deepEqual([res.status, res.body.error.reason], [404, 'no_forecast_model']);
    assert.equal(res.body.error.message, 'id_114 has no readings, so no forecast model.');
    assert.equal(sent.length, 0);
  });
});
