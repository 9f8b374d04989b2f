/**
 * The daily model job: for every checkpoint with observations, back-test and fit the forecast
 * ensemble in the worker pool, for its main series and, where the source also states waits, for the
 * wait. Too little history removes any stored model (the forecast product then answers 404).
 */
import type { Deps } from '../deps.js';
import { nowSeconds } from '../live/checkpoint-live.js';
import { hourlyHistory } from './day-stats-job.js';

export const FORECAST_HISTORY_DAYS = 60;
export const FORECAST_INTERVAL_MS = 24 * 3_600_000;

export async function runForecastModels(deps: Deps): Promise<{ fitted: number; removed: number }> {
  let fitted = 0;
  let removed = 0;
  const nowS = nowSeconds(deps);
  for (const ppid of deps.repos.observations.ppidsWithData()) {
    const main = hourlyHistory(deps, ppid, FORECAST_HISTORY_DAYS, nowS, 'main');
    const metrics = main && main.unit === 'vehicles' && main.hasWaits ? (['main', 'wait'] as const) : (['main'] as const);
    for (const metric of metrics) {
      const history = metric === 'main' ? main : hourlyHistory(deps, ppid, FORECAST_HISTORY_DAYS, nowS, 'wait');
      const model = history ? await deps.engine.run('fitForecast', { values: history.series, cells: history.cells }) : null;
      if (!history || !model) {
        deps.repos.forecastModels.remove(ppid, metric);
        removed++;
        continue;
      }
      deps.repos.forecastModels.save({ ppid, metric, unit: history.unit, generated_at: deps.now().toISOString(), model });
      fitted++;
    }
  }
  deps.versions.refresh();
  return { fitted, removed };
}
