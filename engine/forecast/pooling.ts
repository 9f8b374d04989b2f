/**
 * Back-test figures pooled over horizon buckets (1-24 h = 1-6 and 7-24; 1-168 h = all three) and over
 * series, weighted by points: MAE as the point-weighted mean, RMSE as the root of the point-weighted mean
 * square, coverage as the share of points inside. The ensemble and the baselines are pooled over the
 * same points (metrics.ts scores them on common points; a model stored before persistence has none).
 */
import { HORIZON_BUCKETS, type BucketMetrics, type BucketName } from '../../models/engine-results.js';

export const BANDS = [
  { name: 'h1_6', label: '1-6 h', buckets: ['h1_6'] },
  { name: 'h7_24', label: '7-24 h', buckets: ['h7_24'] },
  { name: 'h25_168', label: '25-168 h', buckets: ['h25_168'] },
  { name: 'h1_24', label: '1-24 h', buckets: ['h1_6', 'h7_24'] },
  { name: 'h1_168', label: '1-168 h', buckets: HORIZON_BUCKETS.map((b) => b.name) },
] as const satisfies readonly { name: string; label: string; buckets: readonly BucketName[] }[];
export type BandName = (typeof BANDS)[number]['name'];

const FIGURES = ['ensemble', 'seasonal_naive', 'seasonal_mean4', 'persistence'] as const;
type Figure = (typeof FIGURES)[number];

export interface BandFigures {
  points: number;
  mae: Record<Figure, number | null>;
  rmse: Record<Figure, number | null>;
  /** MAE of the ensemble over MAE of seasonal naive on the same points (a relative MAE). */
  mase: number | null;
  coverage_50: number | null;
  coverage_80: number | null;
  coverage_95: number | null;
}

/** Pools the metrics of one or more series over `buckets`. */
export function poolMetrics(series: readonly Record<BucketName, BucketMetrics>[], buckets: readonly BucketName[]): BandFigures {
  const acc = (pick: (m: BucketMetrics) => number | null | undefined, square = false) => {
    let sum = 0;
    let n = 0;
    for (const metrics of series) {
      for (const b of buckets) {
        const m = metrics[b];
        const v = m ? pick(m) : null;
        if (v === null || v === undefined || !m!.points) continue;
        sum += (square ? v * v : v) * m!.points;
        n += m!.points;
      }
    }
    if (n === 0) return null;
    return square ? Math.sqrt(sum / n) : sum / n;
  };
  const points = series.reduce((a, m) => a + buckets.reduce((s, b) => s + (m[b]?.points ?? 0), 0), 0);
  const mae = Object.fromEntries(FIGURES.map((f) => [f, acc((m) => m.mae[f])])) as Record<Figure, number | null>;
  const rmse = Object.fromEntries(FIGURES.map((f) => [f, acc((m) => m.rmse?.[f], true)])) as Record<Figure, number | null>;
  return {
    points, mae, rmse,
    mase: mae.ensemble !== null && mae.seasonal_naive ? mae.ensemble / mae.seasonal_naive : null,
    coverage_50: acc((m) => m.coverage_50), coverage_80: acc((m) => m.coverage_80), coverage_95: acc((m) => m.coverage_95),
  };
}

/** Every band's pooled figures. */
export function bandFigures(series: readonly Record<BucketName, BucketMetrics>[]): Record<BandName, BandFigures> {
  return Object.fromEntries(BANDS.map((b) => [b.name, poolMetrics(series, b.buckets)])) as Record<BandName, BandFigures>;
}
