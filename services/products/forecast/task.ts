/**
 * Forecasts computed whole in a worker: the daily fit of a checkpoint's models (main series and, where the
 * source also states waits, the wait) on all the history the store holds, with the holiday calendars of
 * the crossing's two countries; and the served hours with their intervals, from the last
 * FORECAST_HISTORY_DAYS of history and the stored model, kept in the worker's one forecast cache.
 */
import { isHolidayCalendar } from '../../../engine/forecast/day-kinds.js';
import { hourCalendar, type HourCalendar } from '../../../engine/forecast/hour-calendar.js';
import { MEMBER_NAMES } from '../../../engine/forecast/members.js';
import { BOOKED_TRUCK_QUEUE_PRIOR } from '../../../engine/forecast/long-range.js';
import { fitForecastModel, predict, type ForecastPath } from '../../../engine/forecast/model.js';
import { poolMetrics } from '../../../engine/forecast/pooling.js';
import type { StoredModel } from '../../../data/forecast-models-repo.js';
import { COUNTRY_ISO2 } from '../../../models/codes.js';
import type { BucketName, ForecastModel } from '../../../models/engine-results.js';
import type { ForecastAnswer } from '../../../models/forecast.js';
import { boundedCache } from '../../../models/bounded-cache.js';
import { roundTo } from '../../../models/round.js';
import type { WorkerContext } from '../../worker/context.js';
import { serialised } from '../../worker/serialised.js';
import { hourlyHistory } from '../../worker/history.js';

/** Days of history a served forecast reads: the window members' weeks and the calendar regression's lags. */
export const FORECAST_HISTORY_DAYS = 60;

export interface FittedModel {
  unit: 'vehicles' | 'minutes';
  model: ForecastModel;
}

/** The holiday calendars of a crossing: its origin's and destination's countries, where date-holidays has them. */
export function crossingCalendars(checkpoint: { origin: number; destination: number }): string[] {
  const codes = [COUNTRY_ISO2[checkpoint.origin], COUNTRY_ISO2[checkpoint.destination]];
  return [...new Set(codes.filter((c): c is string => c !== undefined && isHolidayCalendar(c)))];
}

/**
 * Days with readings a series needs for a model, as for a typical week: the back-test's first origin needs
 * two weeks of history, and a series spanning months with a reading on two days (a bus queue's wait given
 * twice in 2,037 readings) is no history to forecast from, however long its span.
 */
export const FORECAST_MIN_DAYS = 14;

/**
 * The long-range prior of a checkpoint's series: booked truck queues (an electronic queue's trucks, as
 * eCherha's) get BOOKED_TRUCK_QUEUE_PRIOR; every other series the back-test's choice alone.
 */
/** Crossing types of trucks (models/codes.ts): 8, under 7.5 t, and 9. */
const TRUCK_TYPES: readonly number[] = [8, 9];

export function longRangePrior(view: { category: string }, checkpoint: { crossing_type: number }) {
  return view.category === 'electronic_queue' && TRUCK_TYPES.includes(checkpoint.crossing_type) ? BOOKED_TRUCK_QUEUE_PRIOR : null;
}

/** Back-tests and fits the checkpoint's models on all its history as of `nowS`; a series with too little history gets null. */
export function fitForecastTask(ctx: WorkerContext, { ppid, nowS }: { ppid: string; nowS: number }): { main: FittedModel | null; wait: FittedModel | null } {
  const main = hourlyHistory(ctx, ppid, 'all', nowS, 'main');
  if (!main || main.daysWithData < FORECAST_MIN_DAYS) return { main: null, wait: null };
  const calendars = crossingCalendars(main.checkpoint);
  const calendar = hourCalendar(main.startS, main.series.length, main.checkpoint.timezone, calendars);
  const longRange = longRangePrior(main.view, main.checkpoint);
  const fit = (h: typeof main) => {
    if (h.daysWithData < FORECAST_MIN_DAYS) return null;
    const model = fitForecastModel(h.series, h.startS === main.startS && h.series.length === main.series.length
      ? calendar : hourCalendar(h.startS, h.series.length, h.checkpoint.timezone, calendars), { longRange });
    return model ? { unit: h.unit, model } : null;
  };
  // Where the main series counts vehicles and the source also states waits, the wait gets its own model.
  const wait = main.unit === 'vehicles' && main.hasWaits ? hourlyHistory(ctx, ppid, 'all', nowS, 'wait') : null;
  return { main: fit(main), wait: wait ? fit(wait) : null };
}

/**
 * Served calendars, kept per worker: within an hour every forecast of a zone and pair of countries has
 * the same span (a checkpoint's main and wait series, and its neighbours), so it is built once (~0.15 ms).
 */
const servedCalendars = boundedCache<string, HourCalendar>(64);

function servedCalendar(startS: number, hours: number, timezone: string, calendars: string[]): HourCalendar {
  const key = `${timezone}|${startS}|${hours}|${calendars.join()}`;
  let calendar = servedCalendars.get(key);
  if (!calendar) servedCalendars.set(key, (calendar = hourCalendar(startS, hours, timezone, calendars)));
  return calendar;
}

/** A figure of the model's description (null where not measured). */
const round3 = (v: number | null | undefined) => (v === null || v === undefined ? null : roundTo(v, 3));
/** A forecast value; NaN (no forecast for the hour) is null. */
const round1 = (v: number) => (Number.isNaN(v) ? null : roundTo(v, 1));

/** The path of a stored model from the current hour, over its series' recent history. */
function forecastPath(ctx: WorkerContext, stored: StoredModel, steps: number, nowS: number): { path: ForecastPath; endS: number } | null {
  const history = hourlyHistory(ctx, stored.ppid, FORECAST_HISTORY_DAYS, nowS, stored.metric);
  if (!history) return null;
  const calendar = servedCalendar(history.startS, history.series.length + steps, history.checkpoint.timezone, stored.model.calendar?.calendars ?? []);
  return { path: predict(history.series, calendar, steps, stored.model), endS: history.endS };
}

/** The longest forecast served: a week of hours. */
export const MAX_FORECAST_STEPS = 168;

/** A checkpoint's forecast as served from the current hour: its stored models' paths over `steps` hours. */
export interface ServedForecast {
  main: StoredModel;
  path: ForecastPath;
  /** The first hour forecast (s): the current hour. */
  startS: number;
  steps: number;
  /** Where the main series counts vehicles and a wait model is held: the wait's path. */
  wait: { stored: StoredModel; path: ForecastPath } | null;
}

/**
 * The worker's one forecast cache: every forecast this worker serves (the product's answer, the queue at
 * arrival of the travel matrix and the alternatives) is read through it. An entry is keyed by what the paths
 * depend on, read from the store (cheap indexed reads), so no caller's version is trusted: the checkpoint,
 * the current hour, its stored models' fitting times, and its series (source and latest reading before the
 * hour). It holds the longest path asked for yet; a shorter request slices it.
 */
const served = boundedCache<string, ServedForecast | 'none'>(2_000);

export function servedForecast(ctx: WorkerContext, ppid: string, steps: number, nowS: number): ServedForecast | null {
  const stamp = ctx.forecastModels.stamp(ppid);
  const view = stamp === null ? null : ctx.observations.view(ppid, nowS);
  if (stamp === null || !view) return null;
  const hourS = Math.floor(nowS / 3600) * 3600;
  // The store's file too: a process that serves several stores in turn (the in-process engine of the tests) keeps one cache.
  const key = `${ctx.db.name}|${ppid}|${hourS}|${stamp}|${view.source}|${ctx.observations.latest(view, hourS - 1)?.ts ?? '-'}`;
  const held = served.get(key);
  if (held === 'none') return null;
  if (held && held.steps >= steps) return held;
  const fresh = computeServed(ctx, ppid, Math.max(steps, held?.steps ?? 0), nowS);
  served.set(key, fresh ?? 'none');
  return fresh;
}

function computeServed(ctx: WorkerContext, ppid: string, steps: number, nowS: number): ServedForecast | null {
  const main = ctx.forecastModels.get(ppid, 'main');
  const mainPath = main ? forecastPath(ctx, main, steps, nowS) : null;
  if (!main || !mainPath) return null;
  const waitModel = main.unit === 'vehicles' ? ctx.forecastModels.get(ppid, 'wait') : null;
  const waitPath = waitModel ? forecastPath(ctx, waitModel, steps, nowS)?.path ?? null : null;
  return { main, path: mainPath.path, startS: mainPath.endS, steps, wait: waitModel && waitPath ? { stored: waitModel, path: waitPath } : null };
}

/** The forecast wait in minutes per hour from the current hour (the wait's own model where the main series counts vehicles), or null. */
export function forecastWaitMinutes(forecast: ServedForecast): (number | null)[] | null {
  const path = forecast.main.unit === 'minutes' ? forecast.path : forecast.wait?.path;
  if (!path) return null;
  return Array.from(path.mean.subarray(0, forecast.steps), round1);
}


/** What a client needs to judge the model: weights and out-of-sample accuracy (24 h pooled, and per bucket). */
function describeModel(stored: StoredModel) {
  const m = stored.model.metrics;
  const day = poolMetrics([m], ['h1_6', 'h7_24']);
  const all = poolMetrics([m], ['h1_6', 'h7_24', 'h25_168'] as BucketName[]);
  return {
    name: 'ensemble',
    unit: stored.unit,
    members: MEMBER_NAMES,
    weights: stored.model.weights,
    calendars: stored.model.calendar?.calendars ?? [],
    history_days: stored.model.history_hours === undefined ? null : Math.round(stored.model.history_hours / 24),
    mae: round3(day.mae.ensemble),
    baseline_mae: round3(day.mae.seasonal_naive),
    baseline_mean4_mae: round3(day.mae.seasonal_mean4),
    baseline_persistence_mae: round3(day.mae.persistence),
    rmse: round3(day.rmse.ensemble),
    baseline_rmse: round3(day.rmse.seasonal_naive),
    baseline_mean4_rmse: round3(day.rmse.seasonal_mean4),
    baseline_persistence_rmse: round3(day.rmse.persistence),
    coverage_80: round3(all.coverage_80),
    coverage_50: round3(all.coverage_50),
    coverage_95: round3(all.coverage_95),
    by_horizon: m,
    // How the bands are drawn: `weekly_change` = each bucket's back-test residual quantiles, every residual
    // divided by how far the series moved over the same stretch of recent weeks and the forecast's bands
    // multiplied by its own (narrow on hours of the week that stay put); `none` = plain residual quantiles.
    intervals: { method: 'split_conformal', scale: stored.model.interval_scale ?? 'none' },
    // The kind of series whose 25-168 h weights were shrunk halfway towards the plain mean of a fixed set of
    // members (booked truck queues), or null: the back-test's choice alone.
    long_range: stored.model.long_range ?? null,
    backtest: {
      origins: stored.model.origins,
      method: 'rolling origin, 28 origins a day to three days apart, 168 h horizon; fitted on alternate origins, measured on the others',
    },
    generated_at: stored.generated_at,
  };
}

/** The `forecast` product's answer for a checkpoint, or null when it has no stored model (or one that no longer parses). */
export function forecastTask(ctx: WorkerContext, { ppid, steps, nowS }: { ppid: string; steps: number; nowS: number }) {
  const forecast = servedForecast(ctx, ppid, steps, nowS);
  if (!forecast) return null;
  const { main, path, startS } = forecast;
  const wait = forecast.wait?.path ?? null;
  const vehicles = main.unit === 'vehicles';
  // Each row says what it is and its unit (on wait-only checkpoints the bounds are minutes), not only `meta.model`.
  const unit = vehicles ? 'vehicles' as const : 'minutes' as const;
  const data: ForecastAnswer = Array.from({ length: steps }, (_, k) => ({
    time: startS + k * 3600,
    hours_from_now: k,
    avg_cars: vehicles ? round1(path.mean[k]!) : null,
    lower_bound: round1(path.lo80[k]!),
    upper_bound: round1(path.hi80[k]!),
    lower_bound_50: round1(path.lo50[k]!),
    upper_bound_50: round1(path.hi50[k]!),
    ...(vehicles ? (wait ? { wait_min: round1(wait.mean[k]!) } : {}) : { wait_min: round1(path.mean[k]!) }),
    source: 'ensemble',
    type_of_data: 'forecast' as const,
    unit,
  }));
  return { data, meta: { model: describeModel(main), ...(forecast.wait ? { wait_model: describeModel(forecast.wait.stored) } : {}) } };
}

/** The pooled tasks of this product (the worker's table takes them from here: services/worker/tasks.ts). */
export const forecastTasks = {
  /** The daily fit (services/jobs/forecast-job.ts). */
  fitForecast: (arg: { ppid: string; nowS: number }, ctx: WorkerContext) => fitForecastTask(ctx, arg),
  forecast: (arg: { ppid: string; steps: number; nowS: number }, ctx: WorkerContext) => {
    const answer = forecastTask(ctx, arg);
    return answer && serialised(answer);
  },
};
