/**
 * The typical week of one checkpoint, computed whole in a worker: read 60 days of its series, resample
 * hourly with local week cells, then the 7 x 24 medians, quartiles and best/worst windows.
 */
import { computeDayStats } from '../../../engine/day-stats.js';
import type { DayStats } from '../../../models/engine-results.js';
import type { WorkerContext } from '../../worker/context.js';
import { hourlyHistory } from '../../worker/history.js';

export const DAY_STATS_PERIOD_DAYS = 60;
/** Local days holding readings that a checkpoint needs for a typical week. */
export const DAY_STATS_MIN_DAYS = 14;

export interface DayStatsResult {
  stats: DayStats;
  unit: 'vehicles' | 'minutes';
  timezone: string;
  dataQuality: 'high' | 'low';
  periodDays: number;
}

/** The checkpoint's typical week as of `nowS`, or null when it has too little data. */
export function dayStatsTask(ctx: WorkerContext, { ppid, nowS }: { ppid: string; nowS: number }): DayStatsResult | null {
  const history = hourlyHistory(ctx, ppid, DAY_STATS_PERIOD_DAYS, nowS);
  if (!history || history.daysWithData < DAY_STATS_MIN_DAYS) return null;
  return {
    stats: computeDayStats({ values: history.series, cells: history.cells }),
    unit: history.unit, timezone: history.checkpoint.timezone, dataQuality: history.dataQuality, periodDays: DAY_STATS_PERIOD_DAYS,
  };
}

/** The pooled tasks of this product (the worker's table takes them from here: services/worker/tasks.ts). */
export const dayStatsTasks = {
  /** The daily typical weeks (services/jobs/day-stats-job.ts). */
  dayStats: (arg: { ppid: string; nowS: number }, ctx: WorkerContext) => dayStatsTask(ctx, arg),
};
