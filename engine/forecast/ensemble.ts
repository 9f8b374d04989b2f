/**
 * How members are joined and intervals drawn: a weighted mean of the members that speak, and intervals
 * from the empirical quantiles of back-test residuals (split conformal), never negative.
 */
import type { MemberName, Quantiles } from '../../models/engine-results.js';
import { bucketOf, type OriginRun } from './backtest.js';
import { MEMBER_NAMES } from './members.js';

export type MemberWeights = Partial<Record<MemberName, number>>;

/**
 * The weighted mean of the members that have a value at `step`. Where every weighted member is silent
 * (an hour of the week never observed), the plain mean of the members that do speak; NaN when none does.
 */
export function blend(preds: Record<MemberName, ArrayLike<number>>, step: number, weights: MemberWeights): number {
  let sum = 0;
  let total = 0;
  let anySum = 0;
  let anyCount = 0;
  for (const name of MEMBER_NAMES) {
    const p = preds[name]?.[step] ?? NaN;
    if (Number.isNaN(p)) continue;
    anySum += p;
    anyCount++;
    const w = weights[name] ?? 0;
    if (w > 0) {
      sum += w * p;
      total += w;
    }
  }
  if (total > 0) return sum / total;
  return anyCount === 0 ? NaN : anySum / anyCount;
}

/**
 * Residuals (actual minus ensemble) of the runs' steps in one horizon bucket; `scaled`: each divided by its
 * step's interval scale (interval-scale.ts), the unit the interval quantiles are kept in.
 */
export function ensembleResiduals(runs: readonly OriginRun[], bucket: string, weights: MemberWeights, scaled = false): number[] {
  const residuals: number[] = [];
  for (const run of runs) {
    for (let s = 0; s < run.actual.length; s++) {
      if (bucketOf(s) !== bucket || Number.isNaN(run.actual[s]!)) continue;
      const f = blend(run.preds, s, weights);
      if (!Number.isNaN(f)) residuals.push((run.actual[s]! - f) / (scaled ? run.scale?.[s] ?? 1 : 1));
    }
  }
  return residuals;
}

export interface Interval { lo95: number; lo80: number; lo50: number; hi50: number; hi80: number; hi95: number }

/**
 * Interval around `f` from residual quantiles times `scale` (the step's interval scale; 1 for plain
 * residual quantiles), never negative and always containing `f` (95 % as 80 % on old models).
 */
export function interval(f: number, q: Quantiles, scale = 1): Interval {
  const lo = (r: number) => Math.max(0, Math.min(f, f + r * scale));
  const hi = (r: number) => Math.max(f, f + r * scale);
  return { lo95: lo(q.q025 ?? q.q10), lo80: lo(q.q10), lo50: lo(q.q25), hi50: hi(q.q75), hi80: hi(q.q90), hi95: hi(q.q975 ?? q.q90) };
}
