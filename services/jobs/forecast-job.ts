/**
 * The daily model job: for every checkpoint with observations, back-test and fit the forecast ensemble,
 * whole in the worker pool (from the checkpoint's id), for its main series and, where the source also
 * states waits, for the wait; the models are stored here. Too little history removes any stored model and
 * says when it was found too short (the forecast product then answers 404, saying which: too short, or not
 * reached yet).
 */
import type { ModelMetric } from '../../data/forecast-models-repo.js';
import type { OperationDeps } from '../deps.js';
import { nowSeconds } from '../live/checkpoint-live.js';

export { FORECAST_HISTORY_DAYS } from '../products/forecast/task.js';
export const FORECAST_INTERVAL_MS = 24 * 3_600_000;

/** Fits every checkpoint's models (stopping between checkpoints once `signal` aborts); how many were stored and removed. */
export async function runForecastModels(deps: OperationDeps, signal?: AbortSignal): Promise<{ fitted: number; removed: number }> {
  let fitted = 0;
  let removed = 0;
  const nowS = nowSeconds(deps);
  for (const ppid of deps.repos.observations.ppidsWithData()) {
    if (signal?.aborted) break;
    const models = await deps.engine.run('fitForecast', { ppid, nowS });
    for (const metric of ['main', 'wait'] as ModelMetric[]) {
      const fit = models[metric];
      if (!fit) {
        deps.repos.forecastModels.remove(ppid, metric);
        deps.repos.tooShort.mark(ppid, `forecast_${metric}`, deps.now().toISOString());
        removed++;
        continue;
      }
      deps.repos.forecastModels.save({ ppid, metric, unit: fit.unit, generated_at: deps.now().toISOString(), model: fit.model });
      deps.repos.tooShort.clear(ppid, `forecast_${metric}`);
      fitted++;
    }
  }
  deps.versions.refresh();
  return { fitted, removed };
}
