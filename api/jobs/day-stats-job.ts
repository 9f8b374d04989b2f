/**
 * The day-stats job: for every checkpoint with observations, the typical week over the last 60 days,
 * computed in the worker pool and stored. Too little data (fewer than DAY_STATS_MIN_DAYS local days
 * holding readings) removes any stored week, so the product answers 404 `no_day_stats`.
 */
import { localParts } from '../../engine/local-time.js';
import { resampleHourly } from '../../engine/resample.js';
import type { Deps } from '../deps.js';
import { nowSeconds } from '../live/checkpoint-live.js';

export const DAY_STATS_PERIOD_DAYS = 60;
export const DAY_STATS_MIN_DAYS = 14;
export const DAY_STATS_INTERVAL_MS = 24 * 3_600_000;

/** The hourly series of a checkpoint over `days` days up to now, with each hour's local week cell. */
export function hourlyHistory(deps: Deps, ppid: string, days: number, nowS = nowSeconds(deps), metric: 'main' | 'wait' = 'main') {
  const checkpoint = deps.repos.directory.get(ppid);
  const view = deps.repos.observations.view(ppid, nowS);
  if (!checkpoint || !view) return null;
  const endS = Math.floor(nowS / 3600) * 3600;
  const startS = endS - days * 86_400;
  const rows = deps.repos.observations.range(view, startS, endS - 1);
  // The main series is the queue where the source counts vehicles, else the wait.
  const useQueue = metric === 'main' && rows.some((r) => r.queue !== null);
  const ts = Float64Array.from(rows, (r) => r.ts);
  const values = Float64Array.from(rows, (r) => (useQueue ? r.queue : r.wait_min) ?? NaN);
  const hours = days * 24;
  const series = resampleHourly(ts, values, startS, hours);
  const cells = new Int32Array(hours);
  const dates = new Set<string>();
  for (let h = 0; h < hours; h++) {
    const local = localParts(startS + h * 3600, checkpoint.timezone);
    cells[h] = local.weekday * 24 + local.hour;
    if (!Number.isNaN(series[h]!)) dates.add(local.date);
  }
  return {
    checkpoint, view, startS, endS, series, cells,
    hasWaits: rows.some((r) => r.wait_min !== null),
    unit: (useQueue ? 'vehicles' : 'minutes') as 'vehicles' | 'minutes',
    daysWithData: dates.size,
    dataQuality: rows.some((r) => r.data_quality === 'low') ? 'low' as const : 'high' as const,
  };
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
