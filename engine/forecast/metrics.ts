/**
 * Accuracy of back-test runs per horizon bucket: MAE and RMSE of the ensemble and of every member, and
 * interval coverage. Every figure of a bucket is taken over the same points: the steps where the actual
 * value, the ensemble and the three baselines (seasonal naive, four-week seasonal mean, persistence) exist,
 * so a ratio to a baseline compares like with like.
 */
import { HORIZON_BUCKETS, type BucketMetrics, type BucketName, type MemberName, type Quantiles } from '../../models/engine-results.js';
import { bucketOf, type OriginRun } from './backtest.js';
import { blend, interval, stepQuantiles, stepWeights, type MemberWeights } from './ensemble.js';
import { MEMBER_NAMES } from './members.js';

export interface ErrorSums { abs: number; sq: number; n: number }
const sums = (): ErrorSums => ({ abs: 0, sq: 0, n: 0 });
const addError = (e: ErrorSums, d: number) => { e.abs += Math.abs(d); e.sq += d * d; e.n++; };

/** Absolute and squared error sums of each member over the runs' steps in one bucket (where it speaks). */
export function memberErrors(runs: readonly OriginRun[], bucket: BucketName): Record<MemberName, ErrorSums> {
  const out = Object.fromEntries(MEMBER_NAMES.map((m) => [m, sums()])) as Record<MemberName, ErrorSums>;
  for (const run of runs) {
    for (let s = 0; s < run.actual.length; s++) {
      const a = run.actual[s]!;
      if (bucketOf(s) !== bucket || Number.isNaN(a)) continue;
      for (const m of MEMBER_NAMES) if (!Number.isNaN(run.preds[m][s]!)) addError(out[m], run.preds[m][s]! - a);
    }
  }
  return out;
}

/**
 * The ensemble's forecast at a run's step as the served forecast draws it (stepWeights: cross-faded near a
 * bucket boundary), or NaN where the step is not scored: no actual value, no forecast, or a baseline silent
 * (every figure of a bucket is taken over the same points).
 */
function scoredForecast(run: OriginRun, s: number, weights: Record<BucketName, MemberWeights>): number {
  if (Number.isNaN(run.actual[s]!) || Number.isNaN(run.preds.seasonal_naive[s]!) || Number.isNaN(run.preds.seasonal_mean4[s]!)
    || Number.isNaN(run.preds.persistence[s]!)) return NaN;
  return blend(run.preds, s, stepWeights(weights, s));
}

const zeroPerBucket = () => Object.fromEntries(HORIZON_BUCKETS.map((b) => [b.name, 0])) as Record<BucketName, number>;

interface BucketSums { ensemble: ErrorSums; members: Record<MemberName, ErrorSums>; inside: [number, number, number] }

/** Accumulates runs, each with the weights and quantiles that forecast it; also each run's RMSE over all its steps. */
export class Scorecard {
  private readonly buckets = Object.fromEntries(HORIZON_BUCKETS.map((b) => [b.name, {
    ensemble: sums(), members: Object.fromEntries(MEMBER_NAMES.map((m) => [m, sums()])), inside: [0, 0, 0],
  }])) as unknown as Record<BucketName, BucketSums>;
  /**
   * Per run: RMSE of the ensemble and of the baselines over the run's common points, and per bucket its
   * points and those inside the 80 % interval (a bootstrap over origins resamples these).
   */
  readonly perRun: {
    t0: number; ensemble: number; seasonal_naive: number; seasonal_mean4: number; persistence: number;
    points: Record<BucketName, number>; inside80: Record<BucketName, number>;
  }[] = [];

  add(run: OriginRun, weights: Record<BucketName, MemberWeights>, quantiles: Record<BucketName, Quantiles>): void {
    const own = { ensemble: sums(), seasonal_naive: sums(), seasonal_mean4: sums(), persistence: sums() };
    const points = zeroPerBucket();
    const inside80 = zeroPerBucket();
    for (let s = 0; s < run.actual.length; s++) {
      const a = run.actual[s]!;
      const sn = run.preds.seasonal_naive[s]!;
      const s4 = run.preds.seasonal_mean4[s]!;
      const p = run.preds.persistence[s]!;
      const bucket = bucketOf(s);
      const f = scoredForecast(run, s, weights);
      if (Number.isNaN(f)) continue;
      const b = this.buckets[bucket];
      addError(b.ensemble, f - a);
      for (const m of MEMBER_NAMES) if (!Number.isNaN(run.preds[m][s]!)) addError(b.members[m], run.preds[m][s]! - a);
      const iv = interval(f, stepQuantiles(quantiles, s), run.scale?.[s] ?? 1);
      if (a >= iv.lo50 && a <= iv.hi50) b.inside[0]++;
      points[bucket]++;
      if (a >= iv.lo80 && a <= iv.hi80) {
        b.inside[1]++;
        inside80[bucket]++;
      }
      if (a >= iv.lo95 && a <= iv.hi95) b.inside[2]++;
      addError(own.ensemble, f - a);
      addError(own.seasonal_naive, sn - a);
      addError(own.seasonal_mean4, s4 - a);
      addError(own.persistence, p - a);
    }
    const rmse = (e: ErrorSums) => (e.n ? Math.sqrt(e.sq / e.n) : NaN);
    if (own.ensemble.n) {
      this.perRun.push({ t0: run.t0, ensemble: rmse(own.ensemble), seasonal_naive: rmse(own.seasonal_naive), seasonal_mean4: rmse(own.seasonal_mean4),
        persistence: rmse(own.persistence), points, inside80 });
    }
  }

  /** Per bucket: points, MAE and RMSE of the ensemble and each member, coverage of the 50, 80 and 95 % intervals. */
  metrics(): Record<BucketName, BucketMetrics> {
    const out = {} as Record<BucketName, BucketMetrics>;
    for (const { name } of HORIZON_BUCKETS) {
      const b = this.buckets[name];
      const points = b.ensemble.n;
      const of = (pick: (e: ErrorSums) => number) => ({
        ensemble: points ? pick(b.ensemble) : null,
        ...Object.fromEntries(MEMBER_NAMES.map((m) => [m, b.members[m].n ? pick(b.members[m]) : null])),
      }) as Record<MemberName | 'ensemble', number | null>;
      out[name] = {
        points,
        mae: of((e) => e.abs / e.n),
        rmse: of((e) => Math.sqrt(e.sq / e.n)),
        coverage_50: points ? b.inside[0] / points : null,
        coverage_80: points ? b.inside[1] / points : null,
        coverage_95: points ? b.inside[2] / points : null,
      };
    }
    return out;
  }
}

/** The ensemble's and members' accuracy on `runs` with the given weights and residual quantiles. */
export function evaluateRuns(runs: readonly OriginRun[], weights: Record<BucketName, MemberWeights>,
  quantiles: Record<BucketName, Quantiles>): Record<BucketName, BucketMetrics> {
  const card = new Scorecard();
  for (const run of runs) card.add(run, weights, quantiles);
  return card.metrics();
}

/**
 * The 80 % coverage per bucket on `runs` of each set of quantiles in `candidates` (the same weights), counted as
 * evaluateRuns counts it, over the same points: each step's forecast is blended once for all candidates (the
 * widening search tries 14 of them).
 */
export function coverage80(runs: readonly OriginRun[], weights: Record<BucketName, MemberWeights>,
  candidates: readonly Record<BucketName, Quantiles>[]): Record<BucketName, number | null>[] {
  const points = zeroPerBucket();
  const inside = candidates.map(() => zeroPerBucket());
  for (const run of runs) {
    for (let s = 0; s < run.actual.length; s++) {
      const a = run.actual[s]!;
      const f = scoredForecast(run, s, weights);
      if (Number.isNaN(f)) continue;
      const bucket = bucketOf(s);
      points[bucket]++;
      const scale = run.scale?.[s] ?? 1;
      candidates.forEach((quantiles, i) => {
        const iv = interval(f, stepQuantiles(quantiles, s), scale);
        if (a >= iv.lo80 && a <= iv.hi80) inside[i]![bucket]++;
      });
    }
  }
  return inside.map((counts) => Object.fromEntries(HORIZON_BUCKETS.map(({ name }) => [name, points[name] ? counts[name] / points[name] : null])) as Record<BucketName, number | null>);
}
