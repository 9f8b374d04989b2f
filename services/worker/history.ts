/** A checkpoint's hourly history up to the current hour: its series read from the store, built by the engine. */
import { buildHourlyHistory } from '../../engine/hourly-history.js';
import type { WorkerContext } from './context.js';

export type HistoryRepos = Pick<WorkerContext, 'directory' | 'observations'>;

/** The longest history a fit reads (`'all'`): ten years of hours. */
export const MAX_HISTORY_DAYS = 3660;

/** The last `days` days before the current hour, or `'all'`: from the series' first reading (at most MAX_HISTORY_DAYS). */
export function hourlyHistory(repos: HistoryRepos, ppid: string, days: number | 'all', nowS: number, metric: 'main' | 'wait' = 'main') {
  const checkpoint = repos.directory.get(ppid);
  const view = repos.observations.view(ppid, nowS);
  if (!checkpoint || !view) return null;
  const endS = Math.floor(nowS / 3600) * 3600;
  let startS = endS - (days === 'all' ? MAX_HISTORY_DAYS : days) * 86_400;
  const rows = repos.observations.range(view, startS, endS - 1);
  if (days === 'all') startS = rows.length === 0 ? endS - 3600 : Math.floor(rows[0]!.ts / 3600) * 3600;
  const hours = (endS - startS) / 3600;
  return { checkpoint, view, ...buildHourlyHistory(rows, startS, hours, checkpoint.timezone, metric) };
}
