/** A checkpoint's hourly history up to the current hour: its series read from the store, built by the engine. */
import { buildHourlyHistory } from '../../engine/hourly-history.js';
import type { WorkerContext } from './context.js';

export type HistoryRepos = Pick<WorkerContext, 'directory' | 'observations'>;

export function hourlyHistory(repos: HistoryRepos, ppid: string, days: number, nowS: number, metric: 'main' | 'wait' = 'main') {
  const checkpoint = repos.directory.get(ppid);
  const view = repos.observations.view(ppid, nowS);
  if (!checkpoint || !view) return null;
  const endS = Math.floor(nowS / 3600) * 3600;
  const startS = endS - days * 86_400;
  const rows = repos.observations.range(view, startS, endS - 1);
  return { checkpoint, view, ...buildHourlyHistory(rows, startS, days * 24, checkpoint.timezone, metric) };
}
