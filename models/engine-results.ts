/**
 * Shapes that the engine computes and the store keeps (day-stats, forecast models) or that the store
 * ships and the engine reads (the road graph). Declared here so that `data/` and `engine/` both depend
 * on `models/`, never on each other.
 */

export interface Slot {
  dow: number;
  hour: number;
  v: number;
}

export interface DayStats {
  matrix: (number | null)[][];
  lo: (number | null)[][];
  hi: (number | null)[][];
  counts: number[][];
  weekday_avg: (number | null)[];
  best_day: number | null;
  worst_day: number | null;
  best_slots: Slot[];
  worst_slots: Slot[];
  overall_avg: number | null;
  overall_max: number | null;
  samples: number;
}

export const FORECAST_MEMBERS = ['seasonal_naive', 'seasonal_mean4', 'profile_median', 'profile_corrected', 'holt_winters', 'persistence', 'persistence_damped', 'seasonal_delta', 'local_trend', 'calendar_ridge'] as const;
export type MemberName = (typeof FORECAST_MEMBERS)[number];

export const HORIZON_BUCKETS = [
  { name: 'h1_6', from: 1, to: 6 },
  { name: 'h7_24', from: 7, to: 24 },
  { name: 'h25_168', from: 25, to: 168 },
] as const;
export type BucketName = (typeof HORIZON_BUCKETS)[number]['name'];

/** Residual quantiles (actual minus forecast); q025 and q975 are absent from models stored before 95 % intervals. */
export interface Quantiles { q025?: number; q10: number; q25: number; q75: number; q90: number; q975?: number }

export interface BucketMetrics {
  points: number;
  mae: Record<MemberName | 'ensemble', number | null>;
  /** Root mean squared error (absent from models fitted before it was published). */
  rmse?: Record<MemberName | 'ensemble', number | null>;
  coverage_50: number | null;
  coverage_80: number | null;
  coverage_95?: number | null;
}

/** The calendar regression member as fitted on the whole history (engine/forecast/calendar-member.ts). */
export interface CalendarFit {
  /** Holiday calendars (`PL`, `CA-BC`), in the order of their columns. */
  calendars: string[];
  hoursPerBlock: number;
  lagWeeks: number;
  coefficients: number[];
}

export interface ForecastModel {
  /** Weights per bucket; a member missing from a model stored before it existed weighs 0. */
  weights: Record<BucketName, Partial<Record<MemberName, number>>>;
  quantiles: Record<BucketName, Quantiles>;
  /** Out-of-sample accuracy per bucket (evaluation origins). */
  metrics: Record<BucketName, BucketMetrics>;
  origins: number;
  /** The calendar regression's coefficients; absent from models stored before it existed (the member is then silent). */
  calendar?: CalendarFit | null;
  /** Hours of history the fit saw. */
  history_hours?: number;
  /**
   * `weekly_change`: the quantiles are of residuals divided by their step's scale, how far the series moved
   * over the same stretch of recent weeks (engine/forecast/interval-scale.ts), and a forecast multiplies
   * them by its own. Absent from models stored before: the quantiles are plain residuals.
   */
  interval_scale?: 'weekly_change';
  /**
   * The kind's long-range prior the 25-168 h weights were shrunk towards (engine/forecast/long-range.ts);
   * absent: the back-test's choice alone.
   */
  long_range?: LongRangePrior;
}

/** A kind of series whose 25-168 h weights are shrunk `share` of the way to the plain mean of `members`. */
export interface LongRangePrior {
  kind: 'booked_truck_queue';
  members: readonly MemberName[];
  share: number;
}

export interface RoadGraphData {
  version: string;
  /** [id, name, lat, lon, country] */
  nodes: [number, string, number, number, string | null][];
  /**
   * [from, to] (an E-road link: great-circle x the router's factor), [from, to, km] (a link of known
   * length, both ways), or [from, to, km, oneway, carKmh, truckKmh] (an imported road: oneway 1 = from -> to only).
   */
  edges: ([number, number] | [number, number, number] | [number, number, number, 0 | 1, number, number])[];
}
