/**
 * The ensemble's window members (they are given the recent weeks; the calendar regression, fitted on all
 * the history, is in calendar-member.ts). Each takes an hourly history (NaN = missing), the week cell
 * (local weekday * 24 + hour) of each history hour and of each future step, and returns one value per
 * step (NaN where it has nothing to say). None ever returns a negative value.
 */
import { FORECAST_MEMBERS, type MemberName } from '../../models/engine-results.js';
import { computeCellQuantiles } from '../cell-quantiles.js';

export type Member = (history: Float64Array, cells: Int32Array, futureCells: Int32Array) => Float64Array;

export const WEEK_H = 168;
const clip = (v: number) => (Number.isNaN(v) ? NaN : Math.max(0, v));

/** Seasonal naive: the same hour one week earlier (or two, or three, if that hour is missing). */
export const seasonalNaive: Member = (history, _cells, futureCells) => {
  const n = history.length;
  const out = new Float64Array(futureCells.length).fill(NaN);
  for (let k = 0; k < futureCells.length; k++) {
    for (let m = 1; m <= 3; m++) {
      const i = n + k - m * WEEK_H;
      if (i >= 0 && i < n && !Number.isNaN(history[i]!)) {
        out[k] = history[i]!;
        break;
      }
    }
  }
  return out;
};

/** Four-week seasonal mean: the mean of the same hour in the last four weeks (those that hold it). */
export const seasonalMean4: Member = (history, _cells, futureCells) => {
  const n = history.length;
  const out = new Float64Array(futureCells.length).fill(NaN);
  for (let k = 0; k < futureCells.length; k++) {
    let sum = 0;
    let count = 0;
    for (let m = Math.ceil((k + 1) / WEEK_H); m < Math.ceil((k + 1) / WEEK_H) + 4; m++) {
      const i = n + k - m * WEEK_H;
      if (i >= 0 && i < n && !Number.isNaN(history[i]!)) {
        sum += history[i]!;
        count++;
      }
    }
    if (count > 0) out[k] = sum / count;
  }
  return out;
};

/** The typical week: the median of the step's week cell over the whole history. */
export function cellMedians(history: Float64Array, cells: Int32Array): Float64Array {
  const { median } = computeCellQuantiles(cells, history, WEEK_H);
  return Float64Array.from(median, (v) => (v === null ? NaN : v));
}

export const profileMedian: Member = (history, cells, futureCells) => {
  const medians = cellMedians(history, cells);
  return Float64Array.from(futureCells, (c) => medians[c]!);
};

/** How fast the current deviation from the typical week fades: per step, multiply by this. */
export const DEVIATION_DECAY = 0.9;

/**
 * The typical week corrected by the current deviation from it (the mean of the last readings within
 * 6 hours, minus their cells' medians), fading by DEVIATION_DECAY per hour of horizon.
 */
export const profileCorrected: Member = (history, cells, futureCells) => {
  const medians = cellMedians(history, cells);
  const n = history.length;
  let sum = 0;
  let count = 0;
  for (let i = n - 1; i >= Math.max(0, n - 6); i--) {
    const v = history[i]!;
    const m = medians[cells[i]!]!;
    if (!Number.isNaN(v) && !Number.isNaN(m)) {
      sum += v - m;
      count++;
    }
  }
  const deviation = count === 0 ? 0 : sum / count;
  return Float64Array.from(futureCells, (c, k) => clip(medians[c]! + deviation * DEVIATION_DECAY ** (k + 1)));
};

/** Smoothing constants of the Holt-Winters member (level, weekly season). */
export const HW_ALPHA = 0.15;
export const HW_GAMMA = 0.2;

/**
 * Holt-Winters additive with a weekly season of 168 hours (which holds the daily cycle) and no trend:
 * seasonal terms start from the cell means, then level and season are smoothed through the history,
 * skipping missing hours.
 */
export const holtWinters: Member = (history, cells, futureCells) => {
  const sums = new Float64Array(WEEK_H);
  const counts = new Float64Array(WEEK_H);
  let total = 0;
  let held = 0;
  for (let i = 0; i < history.length; i++) {
    const v = history[i]!;
    if (Number.isNaN(v)) continue;
    sums[cells[i]!]! += v;
    counts[cells[i]!]!++;
    total += v;
    held++;
  }
  if (held === 0) return new Float64Array(futureCells.length).fill(NaN);
  const mean = total / held;
  const season = Float64Array.from(sums, (s, c) => (counts[c] === 0 ? 0 : s / counts[c]! - mean));
  let level = mean;
  for (let i = 0; i < history.length; i++) {
    const v = history[i]!;
    if (Number.isNaN(v)) continue;
    const c = cells[i]!;
    const next = HW_ALPHA * (v - season[c]!) + (1 - HW_ALPHA) * level;
    season[c] = HW_GAMMA * (v - next) + (1 - HW_GAMMA) * season[c]!;
    level = next;
  }
  return Float64Array.from(futureCells, (c) => clip(level + season[c]!));
};

/** The latest value of the history (NaN when it holds none). */
function lastValue(history: Float64Array): number {
  for (let i = history.length - 1; i >= 0; i--) if (!Number.isNaN(history[i]!)) return history[i]!;
  return NaN;
}

/**
 * Persistence: the latest reading held for every step. On queues that stay on a plateau for days and jump
 * when a crossing's regime changes (eCherha's booked truck waits), the baseline to beat, and a member.
 */
export const persistence: Member = (history, _cells, futureCells) => new Float64Array(futureCells.length).fill(lastValue(history));

/** Half-life (hours) of the damped persistence's pull towards the typical week. */
export const PERSISTENCE_HALF_LIFE_H = 24;

/**
 * Damped persistence: the latest reading, relaxing towards the typical week's median of each step's hour
 * with a half-life of PERSISTENCE_HALF_LIFE_H (the latest reading where the week has no median there).
 */
export const persistenceDamped: Member = (history, cells, futureCells) => {
  const last = lastValue(history);
  const medians = cellMedians(history, cells);
  return Float64Array.from(futureCells, (c, k) => {
    const w = 0.5 ** ((k + 1) / PERSISTENCE_HALF_LIFE_H);
    const m = medians[c]!;
    return Number.isNaN(m) ? last : clip(w * last + (1 - w) * m);
  });
};

/** Weeks whose paths the seasonal-delta member averages. */
export const DELTA_WEEKS = 3;

/** The reading at `i`, or the nearest one up to 5 hours before it (NaN when none). */
export function readingNear(history: Float64Array, i: number): number {
  for (let j = i; j >= Math.max(0, i - 5); j--) if (j < history.length && !Number.isNaN(history[j]!)) return history[j]!;
  return NaN;
}

/**
 * Seasonal delta: the latest reading moved as the same hours moved in the last DELTA_WEEKS weeks (the
 * mean over those weeks of the change from the hour before the origin to the step's hour, each a week
 * earlier). On a queue that drains through the week and jumps on the same weekday (eCherha's truck
 * bookings reopen at the weekend), it keeps today's level and the week's shape; where no earlier week
 * holds both hours, the latest reading.
 */
export const seasonalDelta: Member = (history, _cells, futureCells) => {
  const n = history.length;
  const last = lastValue(history);
  return Float64Array.from(futureCells, (_c, k) => {
    let sum = 0;
    let count = 0;
    for (let m = 1; m <= DELTA_WEEKS; m++) {
      const step = n + k - m * WEEK_H;
      if (step >= n || n - 1 - m * WEEK_H < 0) continue;
      const change = readingNear(history, step) - readingNear(history, n - 1 - m * WEEK_H);
      if (Number.isNaN(change)) continue;
      sum += change;
      count++;
    }
    return clip(last + (count ? sum / count : 0));
  });
};

/** Per hour of horizon, the local trend's slope is multiplied by this (it adds at most 1 / (1 - x) - 1 hours of it). */
export const TREND_DAMPING = 0.9;

/** The mean of the readings in history[from, to) (NaN when none). */
function meanBetween(history: Float64Array, from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (let i = Math.max(0, from); i < to; i++) if (!Number.isNaN(history[i]!)) { sum += history[i]!; count++; }
  return count ? sum / count : NaN;
}

/**
 * Local trend: the latest reading carried on along the last day's slope (the mean of the last 6 hours
 * against the same 6 hours a day earlier), damped by TREND_DAMPING per hour. A booked queue that drains
 * or fills at a steady rate keeps doing so for some hours; the damping stops it from running away.
 */
export const localTrend: Member = (history, _cells, futureCells) => {
  const n = history.length;
  const last = lastValue(history);
  const change = meanBetween(history, n - 6, n) - meanBetween(history, n - 30, n - 24);
  const slope = Number.isNaN(change) ? 0 : change / 24;
  let reach = 0;
  return Float64Array.from(futureCells, (_c, k) => {
    reach += TREND_DAMPING ** (k + 1);
    return clip(last + slope * reach);
  });
};

export type { MemberName };

/** The members computed from the recent window alone (the calendar regression is fitted apart: calendar-member.ts). */
export type WindowMemberName = Exclude<MemberName, 'calendar_ridge'>;

export const MEMBERS: Record<WindowMemberName, Member> = {
  seasonal_naive: seasonalNaive,
  seasonal_mean4: seasonalMean4,
  profile_median: profileMedian,
  profile_corrected: profileCorrected,
  holt_winters: holtWinters,
  persistence,
  persistence_damped: persistenceDamped,
  seasonal_delta: seasonalDelta,
  local_trend: localTrend,
};

export const MEMBER_NAMES: readonly MemberName[] = FORECAST_MEMBERS;
export const WINDOW_MEMBER_NAMES = MEMBER_NAMES.filter((m): m is WindowMemberName => m !== 'calendar_ridge');
