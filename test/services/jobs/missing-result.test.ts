/**
 * Why a checkpoint has no typical week or forecast model, through the real jobs on a real store: no readings,
 * not reached yet (never blamed on its history), or found too short by the job (and when), until a later run
 * stores a result and the mark goes.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { runDayStats } from '../../../services/jobs/day-stats-job.js';
import { runForecastModels } from '../../../services/jobs/forecast-job.js';
import { runCli } from '../../helpers/cli.js';
import { bearer, buildTestApp, FIXED_NOW, makeKey } from '../../helpers/deps.js';

it('says no readings, not reached yet, or too short when the job last reached it', async (t) => {
  const { app, deps, dir } = await buildTestApp(t);
  const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1000 } });
  const error = async (url: string) => (await app.inject({ url: `/api/v1/data/${url}`, headers: bearer(key) })).json().error;
  assert.equal((await error('forecast?ppid=id_119')).message, 'id_119 has no readings, so no forecast model.');
  assert.equal((await error('day-stats?ppid=id_119')).message, 'id_119 has no readings, so no typical week.');

  // Three days of readings: enough to be listed, too few for a typical week or a model.
  const now = Date.parse(FIXED_NOW);
  const rows = Array.from({ length: 72 }, (_, h) => `id_119,${new Date(now - (72 - h) * 3_600_000).toISOString()},${10 + (h % 24)},my-feed`);
  const file = join(dir, 'short.csv');
  writeFileSync(file, `ppid,time,queue,source\n${rows.join('\n')}\n`);
  assert.equal((await runCli(['import', 'csv', file], { BDDS_DB: join(dir, 'bdds.sqlite'), BDDS_NOW: FIXED_NOW })).status, 0);
  deps.versions.poll();
  const forecast = await error('forecast?ppid=id_119');
  assert.equal(forecast.reason, 'no_forecast_model');
  assert.match(forecast.message, /^id_119 has no forecast model yet: the daily model job has not reached it \(it runs at start and then daily/);
  assert.match((await error('day-stats?ppid=id_119')).message, /^id_119 has no typical week yet: the daily day-stats job has not reached it/);

  assert.deepEqual(await runDayStats(deps), { stored: 0, removed: 1 });
  assert.deepEqual(await runForecastModels(deps), { fitted: 0, removed: 2 });
  const at = deps.now().toISOString();
  assert.equal((await error('day-stats?ppid=id_119')).message,
    `id_119 had too little data for a typical week (fewer than 14 days) when the daily day-stats job last reached it (${at}).`);
  assert.equal((await error('forecast?ppid=id_119')).message,
    `id_119 had too little history (at least 18 days of readings) for a back-tested forecast when the daily model job last reached it (${at}).`);
});
