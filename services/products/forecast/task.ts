/**
 * Forecasts computed whole in a worker: the daily fit of a checkpoint's models (main series and, where the
 * source also states waits, the wait) on all the history the store holds, with the holiday calendars of
 * the crossing's two countries; and the served 24 or 168 hours with their intervals, from the last
 * FORECAST_HISTORY_DAYS of history and the stored model.
 */
import { isHolidayCalendar } from '../../../engine/forecast/day-kinds.js';
import { LRUCache } from 'lru-cache';
import { hourCalendar, type HourCalendar } from '../../../engine/forecast/hour-calendar.js';
import { MEMBER_NAMES } from '../../../engine/forecast/members.js';
import { fitForecastModel, predict, type ForecastPath } from '../../../engine/forecast/model.js';
import { poolMetrics } from '../../../engine/forecast/pooling.js';
import type { StoredModel } from '../../../data/forecast-models-repo.js';
import { COUNTRY_ISO2 } from '../../../models/codes.js';
import type { BucketName, ForecastModel } from '../../../models/engine-results.js';
import type { ForecastAnswer } from '../../../models/forecast.js';
import type { WorkerContext } from '../../worker/context.js';
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

/** Back-tests and fits the checkpoint's models on all its history as of `nowS`; a series with too little history gets null. */
export function fitForecastTask(ctx: WorkerContext, { ppid, nowS }: { ppid: string; nowS: number }): { main: FittedModel | null; wait: FittedModel | null } {
  const main = hourlyHistory(ctx, ppid, 'all', nowS, 'main');
  if (!main) return { main: null, wait: null };
  const calendars = crossingCalendars(main.checkpoint);
  const calendar = hourCalendar(main.startS, main.series.length, main.checkpoint.timezone, calendars);
  const fit = (h: typeof main) => {
    const model = fitForecastModel(h.series, h.startS === main.startS && h.series.length === main.series.length
      ? calendar : hourCalendar(h.startS, h.series.length, h.checkpoint.timezone, calendars));
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
const servedCalendars = new LRUCache<string, HourCalendar>({ max: 64 });

function servedCalendar(startS: number, hours: number, timezone: string, calendars: string[]): HourCalendar {
  const key = `${timezone}|${startS}|${hours}|${calendars.join()}`;
  let calendar = servedCalendars.get(key);
  if (!calendar) servedCalendars.set(key, (calendar = hourCalendar(startS, hours, timezone, calendars)));
  return calendar;
}

/** The path of a stored model from the current hour, over its series' recent history. */
export function forecastPath(ctx: WorkerContext, stored: StoredModel, steps: number, nowS: number): { path: ForecastPath; endS: number } | null {
  const history = hourlyHistory(ctx, stored.ppid, FORECAST_HISTORY_DAYS, nowS, stored.metric);
  if (!history) return null;
  const calendar = servedCalendar(history.startS, history.series.length + steps, history.checkpoint.timezone, stored.model.calendar?.calendars ?? []);
  return { path: predict(history.series, calendar, steps, stored.model), endS: history.endS };
}

const round1 = (v: number) => (Number.isNaN(v) ? null : Math.round(v * 10) / 10);
const round3 = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);

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
    rmse: round3(day.rmse.ensemble),
    baseline_rmse: round3(day.rmse.seasonal_naive),
    baseline_mean4_rmse: round3(day.rmse.seasonal_mean4),
    coverage_80: round3(all.coverage_80),
    coverage_50: round3(all.coverage_50),
    coverage_95: round3(all.coverage_95),
    by_horizon: m,
    backtest: {
      origins: stored.model.origins,
      method: 'rolling origin, 28 origins a day to three days apart, 168 h horizon; fitted on alternate origins, measured on the others',
    },
    generated_at: stored.generated_at,
  };
}

/** The `forecast` product's answer for a checkpoint, or null when it has no stored model (or one that no longer parses). */
export function forecastTask(ctx: WorkerContext, { ppid, steps, nowS }: { ppid: string; steps: number; nowS: number }) {
  const main = ctx.forecastModels.get(ppid, 'main');
  const mainPath = main ? forecastPath(ctx, main, steps, nowS) : null;
  if (!main || !mainPath) return null;
  const waitModel = main.unit === 'vehicles' ? ctx.forecastModels.get(ppid, 'wait') : null;
  const wait = waitModel ? forecastPath(ctx, waitModel, steps, nowS)?.path ?? null : null;
  const { path, endS } = mainPath;
  const vehicles = main.unit === 'vehicles';
  // Each row says what it is and its unit (on wait-only checkpoints the bounds are minutes), not only `meta.model`.
  const unit = vehicles ? 'vehicles' as const : 'minutes' as const;
  const data: ForecastAnswer = Array.from({ length: steps }, (_, k) => ({
    time: endS + k * 3600,
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
  return { data, meta: { model: describeModel(main), ...(waitModel && wait ? { wait_model: describeModel(waitModel) } : {}) } };
}
