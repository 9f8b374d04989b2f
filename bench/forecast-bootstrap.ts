/**
 * How much of a forward evaluation's figures is noise: a bootstrap over origins (Efron's percentile
 * interval, origins resampled with replacement, each origin's week kept whole because its hours' errors
 * move together). For bench:forecast's development sets, where 28 weekly origins make a difference of a
 * few hundredths in a ratio, or of a few points in a coverage, indistinguishable from chance.
 */
import { HORIZON_BUCKETS, type BucketName } from '../models/engine-results.js';
import type { Scorecard } from '../engine/forecast/metrics.js';
import { mulberry32 } from '../test/helpers/seeded-random.js';

export interface OriginBootstrap {
  /** 5 % and 95 % percentiles of the mean 7-day RMSE over the mean of the better naive baseline. */
  ratio: [number, number];
  /** Per bucket, 5 % and 95 % percentiles of the 80 % interval's coverage. */
  coverage80: Record<BucketName, [number, number]>;
}

const percentiles = (xs: number[]): [number, number] => {
  if (xs.length === 0) return [NaN, NaN];
  xs.sort((a, b) => a - b);
  return [xs[Math.floor(0.05 * (xs.length - 1))]!, xs[Math.ceil(0.95 * (xs.length - 1))]!];
};

/** The 90 % percentile intervals of the card's headline figures over `draws` resamples of its origins. */
export function bootstrapOrigins(card: Scorecard, draws = 2000, seed = 29): OriginBootstrap | null {
  const runs = card.perRun;
  if (runs.length < 2) return null;
  const u = mulberry32(seed); // the same intervals each run
  const ratios: number[] = [];
  const coverage = Object.fromEntries(HORIZON_BUCKETS.map((b) => [b.name, [] as number[]])) as Record<BucketName, number[]>;
  for (let d = 0; d < draws; d++) {
    const pick = runs.map(() => runs[Math.floor(u() * runs.length)]!);
    const sum = (f: (r: (typeof runs)[number]) => number) => pick.reduce((a, r) => a + f(r), 0);
    ratios.push(sum((r) => r.ensemble) / Math.min(sum((r) => r.persistence), sum((r) => r.seasonal_naive)));
    for (const { name } of HORIZON_BUCKETS) {
      const points = sum((r) => r.points[name]);
      if (points > 0) coverage[name].push(sum((r) => r.inside80[name]) / points);
    }
  }
  return {
    ratio: percentiles(ratios),
    coverage80: Object.fromEntries(HORIZON_BUCKETS.map(({ name }) => [name, percentiles(coverage[name])])) as Record<BucketName, [number, number]>,
  };
}
