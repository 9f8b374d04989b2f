/**
 * The day-stats job: for every checkpoint with observations, the typical week over the last 60 days,
 * computed whole in the worker pool (from the checkpoint's id) and stored here. Too little data (fewer
 * than DAY_STATS_MIN_DAYS local days holding readings) removes any stored week and says when it was found
 * too short, so the product answers 404 `no_day_stats`, saying which: too short, or not reached yet.
 */
import type { OperationDeps } from '../deps.js';
import { nowSeconds } from '../live/checkpoint-live.js';

export { DAY_STATS_MIN_DAYS, DAY_STATS_PERIOD_DAYS } from '../products/day-stats/task.js';
export const DAY_STATS_INTERVAL_MS = 24 * 3_600_000;

/** Recomputes every checkpoint's typical week (stopping between checkpoints once `signal` aborts); how many were stored and removed. */
export async function runDayStats(deps: OperationDeps, signal?: AbortSignal): Promise<{ stored: number; removed: number }> {
  let stored = 0;
  let removed = 0;
  const nowS = nowSeconds(deps);
  for (const ppid of deps.repos.observations.ppidsWithData()) {
    if (signal?.aborted) break;
    const week = await deps.engine.run('dayStats', { ppid, nowS });
    if (!week) {
      deps.repos.dayStats.remove(ppid);
      deps.repos.tooShort.mark(ppid, 'day_stats', deps.now().toISOString());
      removed++;
      continue;
    }
    deps.repos.dayStats.save({
      ppid, generated_at: deps.now().toISOString(), unit: week.unit, timezone: week.timezone,
      period_days: week.periodDays, data_quality: week.dataQuality, stats: week.stats,
    });
    deps.repos.tooShort.clear(ppid, 'day_stats');
    stored++;
  }
  deps.versions.refresh();
  return { stored, removed };
}
