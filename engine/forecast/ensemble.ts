/**
 * How members are joined and intervals drawn: a weighted mean of the members that speak, and intervals
 * from the empirical quantiles of back-test residuals (split conformal), never negative.
 */
import { HORIZON_BUCKETS, type BucketName, type MemberName, type Quantiles } from '../../models/engine-results.js';
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
 * Hours over which each bucket after the first is reached from the bucket before's weights and quantiles: each
 * bucket's weights are fitted for the bucket as a whole, and switching them at once drew a step into the path (a
 * booked truck queue's forecast fell 64 trucks from its 24th to its 25th hour). A bucket's own hours before the
 * boundary keep its weights as fitted.
 */
const FADE_HOURS: Partial<Record<BucketName, number>> = { h7_24: 2, h25_168: 6 };

/** Each boundary (after hour `after`) and the hours `over` which the bucket past it is reached. */
const FADES = HORIZON_BUCKETS.slice(1).map((to, i) => ({ after: HORIZON_BUCKETS[i]!.to, over: FADE_HOURS[to.name] ?? 0, from: HORIZON_BUCKETS[i]!.name, to: to.name }));

/** The buckets a step's forecast is drawn from, with their shares: its own, or in the first hours past a boundary the two. */
export function stepShares(step: number): readonly [BucketName, number][] {
  const hour = step + 1;
  for (const f of FADES) {
    const t = (hour - f.after) / (f.over + 1);
    if (t > 0 && t < 1) return [[f.from, 1 - t], [f.to, t]];
  }
  return [[bucketOf(step), 1]];
}

/** The weights of a step: its bucket's, or near a boundary the two buckets' mixed by their shares. */
export function stepWeights(weights: Record<BucketName, MemberWeights>, step: number): MemberWeights {
  const shares = stepShares(step);
  if (shares.length === 1) return weights[shares[0]![0]];
  const out: MemberWeights = {};
  for (const [bucket, share] of shares) {
    for (const m of MEMBER_NAMES) out[m] = (out[m] ?? 0) + share * (weights[bucket][m] ?? 0);
  }
  return out;
}

/** The interval quantiles of a step: its bucket's, or near a boundary the two buckets' mixed by their shares. */
export function stepQuantiles(quantiles: Record<BucketName, Quantiles>, step: number): Quantiles {
  const shares = stepShares(step);
  if (shares.length === 1) return quantiles[shares[0]![0]];
  const mix = (key: keyof Quantiles) => {
    const parts = shares.map(([b, share]) => [quantiles[b][key], share] as const);
    return parts.some(([v]) => v === undefined) ? undefined : parts.reduce((sum, [v, share]) => sum + share * v!, 0);
  };
  const q = { q10: mix('q10')!, q25: mix('q25')!, q75: mix('q75')!, q90: mix('q90')! } as Quantiles;
  const q025 = mix('q025');
  const q975 = mix('q975');
  return { ...(q025 === undefined ? {} : { q025 }), ...q, ...(q975 === undefined ? {} : { q975 }) };
}

/** Residuals (actual minus ensemble) of the runs' steps in one horizon bucket, blended with that bucket's `weights` alone. */
export function ensembleResiduals(runs: readonly OriginRun[], bucket: string, weights: MemberWeights): number[] {
  const residuals: number[] = [];
  for (const run of runs) {
    for (let s = 0; s < run.actual.length; s++) {
      if (bucketOf(s) !== bucket || Number.isNaN(run.actual[s]!)) continue;
      const f = blend(run.preds, s, weights);
      if (!Number.isNaN(f)) residuals.push(run.actual[s]! - f);
    }
  }
  return residuals;
}

/**
 * Per bucket, the residuals (actual minus ensemble) of the runs' steps as the served forecast draws them (each
 * step's weights from stepWeights: the first hours of a bucket reached from the bucket before's); `scaled`: each
 * divided by its step's interval scale.
 */
export function servedResiduals(runs: readonly OriginRun[], weights: Record<BucketName, MemberWeights>, scaled = false): Record<BucketName, number[]> {
  const out = Object.fromEntries(HORIZON_BUCKETS.map(({ name }) => [name, [] as number[]])) as Record<BucketName, number[]>;
  for (const run of runs) {
    for (let s = 0; s < run.actual.length; s++) {
      if (Number.isNaN(run.actual[s]!)) continue;
      const f = blend(run.preds, s, stepWeights(weights, s));
      if (!Number.isNaN(f)) out[bucketOf(s)].push((run.actual[s]! - f) / (scaled ? run.scale?.[s] ?? 1 : 1));
    }
  }
  return out;
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
