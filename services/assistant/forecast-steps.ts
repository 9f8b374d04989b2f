/**
 * The forecast hours a question asks about: a day, an hour or a part of the day, in the crossing's zone
 * (the next 24 hours when it names none), read from the `forecast` product's steps, and the same cells
 * from the typical week when no model is fitted yet.
 */
import { localParts } from '../../engine/local-time.js';
import { weekdayOf } from '../../engine/calendar.js';
import { bucketOf } from '../../engine/forecast/backtest.js';
import type { AssistantWhen } from '../../models/assistant.js';
import type { BucketName } from '../../models/engine-results.js';
import type { OperationDeps } from '../deps.js';
import { whyMissing } from '../jobs/missing-result.js';
import { forecast } from '../products/forecast/operation.js';
import { isNotFound, type AnswerContext } from './context.js';

/** Hours each part of the day covers (local). */
export const PART_HOURS = { morning: [6, 7, 8, 9, 10, 11], afternoon: [12, 13, 14, 15, 16, 17], evening: [18, 19, 20, 21, 22], night: [23, 0, 1, 2, 3, 4, 5] };

export interface Step {
  time: number;
  /** 0 for the current hour (the first hour forecast). */
  hours_from_now?: number;
  avg_cars: number | null;
  lower_bound: number | null;
  upper_bound: number | null;
  wait_min?: number | null;
}

export interface Measure {
  v: number | null;
  lo: number | null;
  hi: number | null;
  unit: 'vehicles' | 'minutes';
}

/** The value a step shows: vehicles where the source counts them, else the wait. */
export const measure = (step: Step): Measure => step.avg_cars !== null
  ? { v: step.avg_cars, lo: step.lower_bound, hi: step.upper_bound, unit: 'vehicles' }
  : { v: step.wait_min ?? null, lo: step.lower_bound, hi: step.upper_bound, unit: 'minutes' };

/**
 * The values of the hours asked as a question about the wait reads them (and a ranking of crossings by it): the
 * wait where the forecast gives one for every hour, else what `measure` shows. A wait forecast beside a queue
 * carries no bounds of its own (the step's are the queue's).
 */
export function waitMeasures(steps: readonly Step[]): Measure[] {
  const waits = steps.every((step) => step.wait_min !== undefined && step.wait_min !== null);
  return steps.map((step) => (waits && step.avg_cars !== null ? { v: step.wait_min!, lo: null, hi: null, unit: 'minutes' } : measure(step)));
}

/** The local hours asked (one, a part of the day, or null for all). */
export const hoursOf = (when: AssistantWhen | null): number[] | null =>
  when?.hour !== null && when?.hour !== undefined ? [when.hour] : when?.part ? PART_HOURS[when.part] : null;

/** The steps the question asks about, with a value. */
export function stepsAsked(steps: readonly Step[], when: AssistantWhen | null, zone: string): Step[] {
  const date = when?.date ?? null;
  const hours = hoursOf(when);
  const local = (step: Step) => localParts(step.time, zone);
  let chosen = steps.filter((step) => (date === null || local(step).date === date || (when?.part === 'night' && local(step).date > date && local(step).hour < 6)) &&
    (hours === null || hours.includes(local(step).hour)));
  if (date === null && hours === null) chosen = steps.slice(0, 24);
  return chosen.filter((step) => measure(step).v !== null);
}

/**
 * A forecast or a typical week is computed from the checkpoint's readings: where those are the demo's replayed
 * sample, so are its figures, and the answer says so once (as it does of a replayed reading).
 */
export function noteReplayed(ctx: AnswerContext, ppid: string): void {
  if (ctx.deps.repos.observations.view(ppid, Math.floor(ctx.now.getTime() / 1000))?.sample) ctx.replay = true;
}

/** A model's out-of-sample accuracy per horizon bucket, as `meta.model.by_horizon` publishes it. */
type ByHorizon = Partial<Record<BucketName, { points: number; mae: { ensemble: number | null; persistence: number | null } }>>;

/** The `forecast` product's 168 hours of a checkpoint, the instant its model was fitted and its accuracy by horizon; null when it holds none. */
export async function forecastOf(ctx: AnswerContext, ppid: string): Promise<{ steps: Step[]; asOf: string; byHorizon: ByHorizon | null } | null> {
  try {
    const got = await ctx.call<Step[]>(forecast, { ppid, prediction_steps: '168' });
    noteReplayed(ctx, ppid);
    const model = (got.meta?.model ?? null) as { generated_at?: string; by_horizon?: ByHorizon } | null;
    return { steps: got.data, asOf: model?.generated_at ?? ctx.nowIso, byHorizon: model?.by_horizon ?? null };
  } catch (err) {
    if (!isNotFound(err)) throw err;
    return null;
  }
}

/**
 * The daily model job has not reached any of `ppids` yet (a new store while its first run goes on, readings
 * imported since the last run): one of them has readings and neither a model nor a finding that it is too short.
 */
export const modelsPending = (deps: OperationDeps, ppids: readonly string[]) =>
  ppids.some((ppid) => deps.repos.forecastModels.stamp(ppid) === null && whyMissing(deps, ppid, 'forecast_main').kind === 'pending');

/** The day-stats job has not reached `ppid` yet: it has readings and neither a typical week nor a finding that it is too short. */
export const weekPending = (deps: OperationDeps, ppid: string) =>
  deps.repos.dayStats.get(ppid) === null && whyMissing(deps, ppid, 'day_stats').kind === 'pending';

export interface WeekCells {
  unit: 'vehicles' | 'minutes';
  matrix: (number | null)[][];
  lo: (number | null)[][];
  hi: (number | null)[][];
}

/** The typical week's cells for the local date and hours asked (all 24 when none), as hour -> measure. */
export function weekCells(week: WeekCells, date: string, when: AssistantWhen | null): { hour: number; m: Measure }[] {
  const dow = weekdayOf(date);
  const hours = hoursOf(when) ?? [...Array(24).keys()];
  return hours.map((hour) => ({ hour, m: { v: week.matrix[dow]?.[hour] ?? null, lo: week.lo[dow]?.[hour] ?? null, hi: week.hi[dow]?.[hour] ?? null, unit: week.unit } }))
    .filter((x) => x.m.v !== null);
}

/**
 * Whether the forecast of these steps has done better than the latest reading held, as its model's back-test
 * measured it out of sample over the horizon buckets the steps fall in (MAE, pooled by points); null when not
 * measured. Where it has not, an answer says so: a driver is as well served by the current wait.
 */
export function beatsPersistence(byHorizon: ByHorizon | null, steps: readonly Step[]): boolean | null {
  if (!byHorizon) return null;
  const buckets = new Set(steps.map((step) => bucketOf(step.hours_from_now ?? 0)));
  let points = 0;
  let ensemble = 0;
  let persistence = 0;
  for (const bucket of buckets) {
    const m = byHorizon[bucket];
    if (!m || !m.points || m.mae.ensemble === null || m.mae.persistence === null) return null;
    points += m.points;
    ensemble += m.mae.ensemble * m.points;
    persistence += m.mae.persistence * m.points;
  }
  return points === 0 ? null : ensemble < persistence;
}
