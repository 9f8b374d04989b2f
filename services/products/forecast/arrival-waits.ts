/**
 * What a crossing's queue will be when a driver gets there: its forecast wait minutes per hour (from its
 * stored model, over its own history) and its current wait. Forecasts are kept per worker for the hour
 * and the data generation they were computed for, since travel matrices ask for the same crossings again
 * and again; the live state is read fresh (a few indexed reads).
 */
import type { CrossingWaits } from '../../../engine/routing/journey.js';
import { liveState, type LiveState } from '../../live/checkpoint-live.js';
import type { WorkerContext } from '../../worker/context.js';
import { forecastTask } from './task.js';

const forecasts = new Map<string, CrossingWaits['forecast']>();
const MAX_ENTRIES = 2_000;

function forecastMinutes(ctx: WorkerContext, ppid: string, nowS: number, generation: string): CrossingWaits['forecast'] {
  const key = `${ppid}|${generation}|${Math.floor(nowS / 3600)}`;
  if (forecasts.has(key)) return forecasts.get(key)!;
  const steps = forecastTask(ctx, { ppid, steps: 168, nowS })?.data ?? [];
  const minutes = steps.map((s) => s.wait_min ?? null);
  const forecast = steps.length > 0 && minutes.some((m) => m !== null) ? { startS: steps[0]!.time, minutes } : null;
  if (forecasts.size >= MAX_ENTRIES) forecasts.clear();
  forecasts.set(key, forecast);
  return forecast;
}

/** The live state of `ppid` as of `nowS` and its waits; `generation` is the server's data version. */
export function arrivalWaits(ctx: WorkerContext, ppid: string, nowS: number, generation: string): { live: LiveState; waits: CrossingWaits } {
  const live = liveState(ctx, ctx.directory.get(ppid)!, nowS);
  return { live, waits: { forecast: forecastMinutes(ctx, ppid, nowS, generation), currentMin: live.wait_min } };
}
