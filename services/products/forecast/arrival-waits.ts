/**
 * What a crossing's queue will be when a driver gets there: its forecast wait minutes per hour (the worker's
 * one forecast cache, task.ts) and its current wait, read fresh (a few indexed reads). The travel matrix and
 * the alternatives read queues at arrival through this.
 */
import type { CrossingWaits } from '../../../engine/routing/journey.js';
import { liveState, type LiveState } from '../../live/checkpoint-live.js';
import type { WorkerContext } from '../../worker/context.js';
import { forecastWaitMinutes, MAX_FORECAST_STEPS, servedForecast } from './task.js';

/** The live state of `ppid` as of `nowS` and its waits: the forecast minutes from the current hour, and now. */
export function arrivalWaits(ctx: WorkerContext, ppid: string, nowS: number): { live: LiveState; waits: CrossingWaits } {
  const live = liveState(ctx, ctx.directory.get(ppid)!, nowS);
  const served = servedForecast(ctx, ppid, MAX_FORECAST_STEPS, nowS);
  const minutes = served ? forecastWaitMinutes(served) : null;
  const forecast = served && minutes && minutes.some((m) => m !== null) ? { startS: served.startS, minutes } : null;
  return { live, waits: { forecast, currentMin: live.wait_min } };
}
