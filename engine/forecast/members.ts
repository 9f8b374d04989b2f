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
};

export const MEMBER_NAMES: readonly MemberName[] = FORECAST_MEMBERS;
export const WINDOW_MEMBER_NAMES = MEMBER_NAMES.filter((m): m is WindowMemberName => m !== 'calendar_ridge');
