import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { parseGenericCsv } from '../../../../data/importers/generic.js';
import { importFeeds } from '../../../../data/importers/run-import.js';
import { createResolver } from '../../../../data/importers/resolve.js';
import { FORECAST_MIN_DAYS, fitForecastTask, forecastTask, forecastWaitMinutes, servedForecast } from '../../../../services/products/forecast/task.js';
import { createWorkerContext } from '../../../../services/worker/context.js';
import { FIXED_NOW } from '../../../helpers/constants.js';
import { createTestDeps } from '../../../helpers/deps.js';
import { storeTemplate } from '../../../helpers/store-templates.js';

describe('the worker\'s one forecast cache', () => {
  // Opened in a hook, not as the file loads: the models template may still be in the making (test/run.mjs).
  let ctx: ReturnType<typeof createWorkerContext>;
  before(() => {
    ctx = createWorkerContext({ dbPath: storeTemplate('models'), replay: true });
  });
  const nowS = Date.parse(FIXED_NOW) / 1000;
  after(() => ctx.db.close());

  it('answers a day as the first day of the week it holds, and the arrival waits from the same paths', () => {
    const day = forecastTask(ctx, { ppid: 'id_119', steps: 24, nowS })!;
    const week = forecastTask(ctx, { ppid: 'id_119', steps: 168, nowS })!;
    const dayAgain = forecastTask(ctx, { ppid: 'id_119', steps: 24, nowS })!;
    assert.equal(week.data.length, 168);
    assert.deepEqual(dayAgain, day, 'sliced from the week held: the same answer as computed for 24 hours');
    assert.deepEqual(week.data.slice(0, 24), day.data);
    const served = servedForecast(ctx, 'id_119', 24, nowS)!;
    assert.equal(served.steps, 168, 'the longest path asked for is held');
    assert.deepEqual(forecastWaitMinutes(served), week.data.map((r) => r.wait_min ?? null), 'the matrix reads the waits the product shows');
  });

  it('computes again when the hour moves, and holds no forecast for a checkpoint without a model', () => {
    const now = servedForecast(ctx, 'id_119', 24, nowS)!;
    const later = servedForecast(ctx, 'id_119', 24, nowS + 3600)!;
    assert.equal(later.startS, now.startS + 3600);
    assert.equal(servedForecast(ctx, 'id_1014', 24, nowS), null);
    assert.equal(forecastTask(ctx, { ppid: 'id_1014', steps: 24, nowS }), null);
  });
});

describe('a model is fitted', () => {
  it(`only on a series with readings on ${FORECAST_MIN_DAYS} days or more: a wait given on two days of a month's queue gets none`, (t) => {
    const { deps, db, dir } = createTestDeps(t, { replay: false });
    const nowS = Date.parse(FIXED_NOW) / 1000;
    const rows: string[] = [];
    // 35 days of hourly queues at one checkpoint, its wait on two of them; 10 days of queues at another.
    for (let h = 35 * 24; h >= 1; h--) {
      const time = new Date((nowS - h * 3600) * 1000).toISOString();
      const queue = 10 + ((nowS / 3600 - h) % 24);
      const wait = h === 30 * 24 || h === 20 * 24 ? ',5' : ',';
      rows.push(`id_124,${time},${queue}${wait}`);
      if (h <= 10 * 24) rows.push(`id_114,${time},${queue},`);
    }
    importFeeds(db, [parseGenericCsv(`ppid,time,queue,wait_min\n${rows.join('\n')}\n`, 'x.csv')], createResolver(deps.repos.directory));
    const ctx = createWorkerContext({ dbPath: join(dir, 'bdds.sqlite'), replay: false });
    t.after(() => ctx.db.close());
    const fitted = fitForecastTask(ctx, { ppid: 'id_124', nowS });
    assert.equal(fitted.main?.unit, 'vehicles', 'the queue, 35 days: a model');
    assert.equal(fitted.wait, null, 'the wait, two days: none');
    assert.deepEqual(fitForecastTask(ctx, { ppid: 'id_114', nowS }), { main: null, wait: null }, '10 days: none');
  });
});
