import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { forecastTask, forecastWaitMinutes, servedForecast } from '../../../../services/products/forecast/task.js';
import { createWorkerContext } from '../../../../services/worker/context.js';
import { FIXED_NOW } from '../../../helpers/constants.js';
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
