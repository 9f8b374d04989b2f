/**
 * The forecast model of one series, chosen by measurement: a rolling-origin back-test over recent
 * weeks weights the members per horizon bucket (inverse squared MAE, falling back to the single best
 * member wherever the blend does not beat it), and split-conformal intervals come from the empirical
 * quantiles of back-test errors per bucket. Weights and quantiles are fitted on every other origin
 * and measured on the rest, so the published accuracy is out of sample; the served model is then
 * refitted on all origins.
 */
import { quantileSorted } from 'simple-statistics';
import { HORIZON_BUCKETS, type BucketMetrics, type BucketName, type ForecastModel, type Quantiles } from '../../models/engine-results.js';
import { MEMBER_NAMES, MEMBERS, type MemberName } from './members.js';

export type { BucketMetrics, BucketName, ForecastModel };

export const bucketOf = (step: number): BucketName => {
  const h = step + 1;
  return h <= 6 ? 'h1_6' : h <= 24 ? 'h7_24' : 'h25_168';
};

export interface BacktestOptions {
  /** Steps forecast from each origin. */
  horizon: number;
  /** Number of origins, one every `originStepH` hours back from the end. */
  origins: number;
  originStepH: number;
  /** Hours of history an origin needs before it. */
  minHistoryH: number;
  /** Told after each origin (long back-tests show progress). */
  onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_BACKTEST: BacktestOptions = { horizon: 168, origins: 28, originStepH: 24, minHistoryH: 14 * 24 };

type Weights = ForecastModel['weights'];

interface OriginRun {
  index: number;
  actual: Float64Array;
  preds: Record<MemberName, Float64Array>;
}

function runOrigins(values: Float64Array, cells: Int32Array, o: BacktestOptions): OriginRun[] {
  const runs: OriginRun[] = [];
  const n = values.length;
  const total = Math.max(0, Math.min(o.origins, Math.floor((n - o.minHistoryH) / o.originStepH)));
  for (let k = 0; k < total; k++) {
    const t0 = n - o.originStepH * (k + 1);
    const steps = Math.min(o.horizon, n - t0);
    const history = values.subarray(0, t0);
    const historyCells = cells.subarray(0, t0);
    const futureCells = cells.subarray(t0, t0 + steps);
    const preds = {} as Record<MemberName, Float64Array>;
    for (const name of MEMBER_NAMES) preds[name] = MEMBERS[name](history, historyCells, futureCells);
    runs.push({ index: k, actual: values.subarray(t0, t0 + steps), preds });
    o.onProgress?.(k + 1, total);
  }
  return runs;
}

/**
 * The weighted mean of the members that have a value at `step`. Where every weighted member is silent
 * (an hour of the week never observed), the plain mean of the members that do speak; NaN when none does.
 */
export function blend(preds: Record<MemberName, ArrayLike<number>>, step: number, weights: Record<MemberName, number>): number {
  let sum = 0;
  let total = 0;
  let anySum = 0;
  let anyCount = 0;
  for (const name of MEMBER_NAMES) {
    const p = preds[name][step]!;
    if (Number.isNaN(p)) continue;
    anySum += p;
    anyCount++;
    const w = weights[name];
    if (w > 0) {
      sum += w * p;
      total += w;
    }
  }
  if (total > 0) return sum / total;
  return anyCount === 0 ? NaN : anySum / anyCount;
}

function memberErrors(runs: OriginRun[], bucket: BucketName) {
  const abs: Record<MemberName, { sum: number; n: number }> = Object.fromEntries(MEMBER_NAMES.map((m) => [m, { sum: 0, n: 0 }])) as never;
  for (const run of runs) {
    for (let s = 0; s < run.actual.length; s++) {
      if (bucketOf(s) !== bucket || Number.isNaN(run.actual[s]!)) continue;
      for (const m of MEMBER_NAMES) {
        const p = run.preds[m][s]!;
        if (!Number.isNaN(p)) {
          abs[m].sum += Math.abs(p - run.actual[s]!);
          abs[m].n++;
        }
      }
    }
  }
  return abs;
}

function ensembleErrors(runs: OriginRun[], bucket: BucketName, weights: Record<MemberName, number>) {
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

const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

function fitWeights(runs: OriginRun[]): Weights {
  const weights = {} as Weights;
  for (const { name: bucket } of HORIZON_BUCKETS) {
    const errors = memberErrors(runs, bucket);
    const mae = Object.fromEntries(MEMBER_NAMES.map((m) => [m, errors[m].n ? errors[m].sum / errors[m].n : Infinity])) as Record<MemberName, number>;
    const raw = Object.fromEntries(MEMBER_NAMES.map((m) => [m, Number.isFinite(mae[m]) ? 1 / Math.max(mae[m], 1e-6) ** 2 : 0])) as Record<MemberName, number>;
    const total = Object.values(raw).reduce((a, b) => a + b, 0);
    let w = Object.fromEntries(MEMBER_NAMES.map((m) => [m, total ? raw[m] / total : 1 / MEMBER_NAMES.length])) as Record<MemberName, number>;
    const best = MEMBER_NAMES.reduce((a, b) => (mae[b] < mae[a] ? b : a));
    const blendMae = mean(ensembleErrors(runs, bucket, w).map(Math.abs));
    // Never worse than the best member on the back-test: otherwise use that member alone.
    if (blendMae !== null && Number.isFinite(mae[best]) && blendMae > mae[best]) {
      w = Object.fromEntries(MEMBER_NAMES.map((m) => [m, m === best ? 1 : 0])) as Record<MemberName, number>;
    }
    weights[bucket] = w;
  }
  return weights;
}

function residualQuantiles(runs: OriginRun[], weights: Weights): Record<BucketName, Quantiles> {
  const out = {} as Record<BucketName, Quantiles>;
  for (const { name } of HORIZON_BUCKETS) {
    const r = ensembleErrors(runs, name, weights[name]).sort((a, b) => a - b);
    out[name] = r.length === 0 ? { q10: 0, q25: 0, q75: 0, q90: 0 }
      : { q10: quantileSorted(r, 0.1), q25: quantileSorted(r, 0.25), q75: quantileSorted(r, 0.75), q90: quantileSorted(r, 0.9) };
  }
  return out;
}

/** Interval around `f` from residual quantiles, never negative and always containing `f`. */
export function interval(f: number, q: Quantiles) {
  return {
    lo80: Math.max(0, Math.min(f, f + q.q10)), hi80: Math.max(f, f + q.q90),
    lo50: Math.max(0, Math.min(f, f + q.q25)), hi50: Math.max(f, f + q.q75),
  };
}

function evaluate(runs: OriginRun[], weights: Weights, quantiles: Record<BucketName, Quantiles>): Record<BucketName, BucketMetrics> {
  const out = {} as Record<BucketName, BucketMetrics>;
  for (const { name } of HORIZON_BUCKETS) {
    const errors = memberErrors(runs, name);
    let points = 0;
    let in50 = 0;
    let in80 = 0;
    const abs: number[] = [];
    for (const run of runs) {
      for (let s = 0; s < run.actual.length; s++) {
        const a = run.actual[s]!;
        if (bucketOf(s) !== name || Number.isNaN(a)) continue;
        const f = blend(run.preds, s, weights[name]);
        if (Number.isNaN(f)) continue;
        const iv = interval(f, quantiles[name]);
        points++;
        abs.push(Math.abs(a - f));
        if (a >= iv.lo50 && a <= iv.hi50) in50++;
        if (a >= iv.lo80 && a <= iv.hi80) in80++;
      }
    }
    out[name] = {
      points,
      mae: { ensemble: mean(abs), ...Object.fromEntries(MEMBER_NAMES.map((m) => [m, errors[m].n ? errors[m].sum / errors[m].n : null])) } as BucketMetrics['mae'],
      coverage_50: points ? in50 / points : null,
      coverage_80: points ? in80 / points : null,
    };
  }
  return out;
}

/** Back-tests the members on `values` and returns the served model with its out-of-sample metrics; null when too short. */
export function fitForecastModel(values: Float64Array, cells: Int32Array, options: Partial<BacktestOptions> = {}): ForecastModel | null {
  const o = { ...DEFAULT_BACKTEST, ...options };
  const runs = runOrigins(values, cells, o);
  if (runs.length < 4) return null;
  const calibration = runs.filter((r) => r.index % 2 === 0);
  const holdout = runs.filter((r) => r.index % 2 === 1);
  const calWeights = fitWeights(calibration);
  const metrics = evaluate(holdout, calWeights, residualQuantiles(calibration, calWeights));
  const weights = fitWeights(runs);
  return { weights, quantiles: residualQuantiles(runs, weights), metrics, origins: runs.length };
}

export interface ForecastPath {
  mean: Float64Array;
  lo80: Float64Array;
  hi80: Float64Array;
  lo50: Float64Array;
  hi50: Float64Array;
}

/** A fitted model's accuracy on every origin of a back-test (in sample for its weights and quantiles). */
export function evaluateModel(values: Float64Array, cells: Int32Array, model: ForecastModel, options: Partial<BacktestOptions> = {}) {
  return evaluate(runOrigins(values, cells, { ...DEFAULT_BACKTEST, ...options }), model.weights, model.quantiles);
}

/** The model's forecast of the next `futureCells.length` hours after `values`. */
export function predict(values: Float64Array, cells: Int32Array, futureCells: Int32Array, model: ForecastModel): ForecastPath {
  const preds = {} as Record<MemberName, Float64Array>;
  for (const name of MEMBER_NAMES) preds[name] = MEMBERS[name](values, cells, futureCells);
  const h = futureCells.length;
  const path: ForecastPath = { mean: new Float64Array(h), lo80: new Float64Array(h), hi80: new Float64Array(h), lo50: new Float64Array(h), hi50: new Float64Array(h) };
  for (let s = 0; s < h; s++) {
    const bucket = bucketOf(s);
    const f = blend(preds, s, model.weights[bucket]);
    const iv = Number.isNaN(f) ? { lo80: NaN, hi80: NaN, lo50: NaN, hi50: NaN } : interval(f, model.quantiles[bucket]);
    path.mean[s] = f;
    path.lo80[s] = iv.lo80;
    path.hi80[s] = iv.hi80;
    path.lo50[s] = iv.lo50;
    path.hi50[s] = iv.hi50;
  }
  return path;
}
