/**
 * The rolling-origin back-test: from each origin, every member forecasts the following hours from the
 * history before it alone (the window members from the recent weeks, the calendar regression fitted on
 * everything before the origin), beside what actually happened. Origins run back from the end of the
 * series, one every `originStepH` hours, or are given.
 */
import type { BucketName, LongRangePrior, MemberName } from '../../models/engine-results.js';
import { CALENDAR_MEMBER_DEFAULTS, CalendarMember, lagWeeksFor, type CalendarMemberOptions } from './calendar-member.js';
import type { HourCalendar } from './hour-calendar.js';
import { scalesAt } from './interval-scale.js';
import { MEMBERS, WINDOW_MEMBER_NAMES } from './members.js';

export interface BacktestOptions {
  /** Steps forecast from each origin. */
  horizon: number;
  /**
   * Number of origins, back from the end: one every `originStepH` hours, spread up to every
   * `maxOriginStepH` hours where the history is long enough (a longer window of validation).
   */
  origins: number;
  originStepH: number;
  maxOriginStepH: number;
  /** Hours of history an origin needs before it. */
  minHistoryH: number;
  /** Hours of recent history the window members see (the calendar regression sees it all). */
  windowH: number;
  calendarMember: CalendarMemberOptions;
  /** Interval quantiles of residuals divided by each step's interval scale (interval-scale.ts); false: plain residuals. */
  scaledIntervals: boolean;
  /** The kind of series' long-range prior (long-range.ts): the 25-168 h weights are shrunk towards it; null: none. */
  longRange: LongRangePrior | null;
  /** Told after each origin (long back-tests show progress). */
  onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_BACKTEST: BacktestOptions = {
  horizon: 168, origins: 28, originStepH: 24, maxOriginStepH: 72, minHistoryH: 14 * 24, windowH: 60 * 24, calendarMember: CALENDAR_MEMBER_DEFAULTS,
  scaledIntervals: true, longRange: null,
};

export const bucketOf = (step: number): BucketName => {
  const h = step + 1;
  return h <= 6 ? 'h1_6' : h <= 24 ? 'h7_24' : 'h25_168';
};

export interface OriginRun {
  /** 0 for the latest origin, counting back. */
  index: number;
  /** The origin's hour index in the series. */
  t0: number;
  actual: Float64Array;
  preds: Record<MemberName, Float64Array>;
  /** Each step's interval scale (interval-scale.ts); absent: 1, the residuals as they are. */
  scale?: Float64Array;
}

/** Every member's forecast from `t0` over `steps` hours, given the calendar member and its coefficients as of `t0`. */
export function memberForecasts(values: Float64Array, calendar: HourCalendar, t0: number, steps: number, windowH: number,
  ridge: { member: CalendarMember; coefficients: ArrayLike<number> | null } | null): Record<MemberName, Float64Array> {
  const from = Math.max(0, t0 - windowH);
  const history = values.subarray(from, t0);
  const historyCells = calendar.cells.subarray(from, t0);
  const futureCells = calendar.cells.subarray(t0, t0 + steps);
  const preds = {} as Record<MemberName, Float64Array>;
  for (const name of WINDOW_MEMBER_NAMES) preds[name] = MEMBERS[name](history, historyCells, futureCells);
  preds.calendar_ridge = ridge ? ridge.member.predict(t0, steps, ridge.coefficients) : new Float64Array(steps).fill(NaN);
  return preds;
}

/** The origins `o` asks for, latest first: hour indices with at least `minHistoryH` hours before them. */
export function rollingOrigins(n: number, o: BacktestOptions): number[] {
  const spread = Math.floor((n - o.minHistoryH) / o.origins / o.originStepH) * o.originStepH;
  const step = Math.max(o.originStepH, Math.min(o.maxOriginStepH, spread));
  const total = Math.max(0, Math.min(o.origins, Math.floor((n - o.minHistoryH) / step)));
  return Array.from({ length: total }, (_, k) => n - step * (k + 1));
}

/** Runs the members from each origin (hour indices) over `o.horizon` hours or to the end of the series. */
export function runOrigins(values: Float64Array, calendar: HourCalendar, origins: readonly number[], o: BacktestOptions): OriginRun[] {
  const n = values.length;
  const member = new CalendarMember(values, calendar, lagWeeksFor(o.horizon), o.calendarMember);
  const ascending = [...origins].sort((a, b) => a - b);
  const fits = new Map(ascending.map((t0, i) => [t0, i]));
  const coefficients = member.fitAt(ascending);
  return origins.map((t0, index) => {
    const steps = Math.min(o.horizon, n - t0);
    const preds = memberForecasts(values, calendar, t0, steps, o.windowH, { member, coefficients: coefficients[fits.get(t0)!]! });
    o.onProgress?.(index + 1, origins.length);
    return { index, t0, actual: values.subarray(t0, t0 + steps), preds,
      scale: o.scaledIntervals ? scalesAt(values, t0, o.windowH, steps) : undefined };
  });
}
