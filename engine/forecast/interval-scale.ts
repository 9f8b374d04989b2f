/**
 * How far a series usually moves over the stretch of the week a forecast covers: the unit in which a
 * model's interval quantiles are kept (normalised split conformal). A back-test residual is divided by
 * its step's scale and a forecast's quantiles multiplied by its own, so the bands are narrow over hours
 * of the week when the queue stays put and wide where it jumps (eCherha's truck queues reopen at the
 * weekend; Peace Arch fills on Friday afternoons), and they follow the horizon.
 *
 * The scale of step k (k + 1 hours ahead of the history's end) is the mean absolute change from the
 * hour before the origin to the step's hour, give or take SCALE_SPREAD_H hours, over the same stretch
 * of each of the last SCALE_WEEKS weeks; kept at or above SCALE_FLOOR x the mean absolute change over
 * k + 1 hours from any hour of the history (a queue that held still on those hours in recent weeks
 * still gets bands). Where the history holds neither, 1: the quantiles are then plain residuals, as in
 * models stored before (`interval_scale` absent).
 */
import { readingNear, WEEK_H } from './members.js';

/** Weeks back whose same stretch the scale averages. */
export const SCALE_WEEKS = 8;
/**
 * The step's hour give or take this many hours: five hours a week instead of one (a mean of a few
 * weeks' changes alone is too noisy to narrow the bands on; with two weeks of history it gave a series
 * of plain noise 64 % coverage for 80 % bands).
 */
export const SCALE_SPREAD_H = 2;
/** The scale never falls below this share of the change over the same horizon from any hour. */
export const SCALE_FLOOR = 0.3;

/**
 * The change from any hour is sampled every ANY_STRIDE_H hours (prime to 24 and 168: every hour of the day
 * and week is reached), a fifth of the work on a floor that needs no more.
 */
export const ANY_STRIDE_H = 5;

function meanAbs(sum: number, count: number): number {
  return count ? sum / count : NaN;
}

/** The interval scale of each of the `steps` hours after `history` (hourly, NaN = missing). */
export function intervalScales(history: Float64Array, steps: number): Float64Array {
  const n = history.length;
  // The latest reading at or up to 5 hours before each hour, as the seasonal delta reads its hours.
  const held = Float64Array.from(history, (_, i) => readingNear(history, i));
  const out = new Float64Array(steps);
  for (let k = 0; k < steps; k++) {
    let anySum = 0;
    let anyCount = 0;
    for (let t = 1; t + k < n; t += ANY_STRIDE_H) {
      const d = history[t + k]! - held[t - 1]!;
      if (!Number.isNaN(d)) {
        anySum += Math.abs(d);
        anyCount++;
      }
    }
    let sum = 0;
    let count = 0;
    const from = Math.max(0, k - SCALE_SPREAD_H);
    const to = Math.min(k + SCALE_SPREAD_H, WEEK_H - 1);
    for (let m = 1; m <= SCALE_WEEKS && n - 1 - m * WEEK_H >= 0; m++) {
      const before = held[n - 1 - m * WEEK_H]!;
      for (let j = from; j <= to; j++) {
        const d = held[n + j - m * WEEK_H]! - before;
        if (!Number.isNaN(d)) {
          sum += Math.abs(d);
          count++;
        }
      }
    }
    const any = meanAbs(anySum, anyCount);
    const same = meanAbs(sum, count);
    out[k] = any > 0 ? Math.max(Number.isNaN(same) ? any : same, SCALE_FLOOR * any) : 1;
  }
  return out;
}

/** The interval scales of the `steps` hours from hour `t0` of `values`, read from the `windowH` hours before it. */
export function scalesAt(values: Float64Array, t0: number, windowH: number, steps: number): Float64Array {
  return intervalScales(values.subarray(Math.max(0, t0 - windowH), t0), steps);
}
