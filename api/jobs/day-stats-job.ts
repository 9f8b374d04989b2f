/**
 * The day-stats job: for every checkpoint with observations, the typical week over the last 60 days,
 * computed in the worker pool and stored. Too little data (fewer than DAY_STATS_MIN_DAYS local days
 * holding readings) removes any stored week, so the product answers 404 `no_day_stats`.
 */
import { buildHourlyHistory } from '../../engine/hourly-history.js';
import type { Deps } from '../deps.js';
import { nowSeconds } from '../live/checkpoint-live.js';

export const DAY_STATS_PERIOD_DAYS = 60;
export const DAY_STATS_MIN_DAYS = 14;
export const DAY_STATS_INTERVAL_MS = 24 * 3_600_000;

/** The hourly series of a checkpoint over `days` days up to the current hour (read here, built by the engine). */
export function hourlyHistory(deps: Deps, ppid: string, days: number, nowS = nowSeconds(deps), metric: 'main' | 'wait' = 'main') {
  const checkpoint = deps.repos.directory.get(ppid);
  const view = deps.repos.observations.view(ppid, nowS);
  if (!checkpoint || !view) return null;
  const endS = Math.floor(nowS / 3600) * 3600;
  const startS = endS - days * 86_400;
  const rows = deps.repos.observations.range(view, startS, endS - 1);
  return { checkpoint, view, ...buildHourlyHistory(rows, startS, days * 24, checkpoint.timezone, metric) };
}

/** Recomputes every checkpoint's typical week; returns how many were stored and removed. */
export async function runDayStats(deps: Deps): Promise<{ stored: number; removed: number }> {
  let stored = 0;
  let removed = 0;
  const nowS = nowSeconds(deps);
  for (const ppid of deps.repos.observations.ppidsWithData()) {
    const history = hourlyHistory(deps, ppid, DAY_STATS_PERIOD_DAYS, nowS);
    if (!history || history.daysWithData < DAY_STATS_MIN_DAYS) {
      deps.repos.dayStats.remove(ppid);
      removed++;
      continue;
    }
    const stats = await deps.engine.run('dayStats', { values: history.series, cells: history.cells });
    deps.repos.dayStats.save({
      ppid, generated_at: deps.now().toISOString(), unit: history.unit, timezone: history.checkpoint.timezone,
      period_days: DAY_STATS_PERIOD_DAYS, data_quality: history.dataQuality, stats,
    });
    stored++;
  }
  deps.versions.refresh();
  return { stored, removed };
}
