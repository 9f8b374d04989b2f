/** Printing and pooling of back-test metrics (shared by `bdds backtest` and bench:forecast). */
import type { CliIo } from './io.js';
import type { BucketName, ForecastModel } from '../../engine/forecast/model.js';

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v.toFixed(1));
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '-' : `${(v * 100).toFixed(0)}%`);

/** Point-weighted pooling over series: MAE per bucket, the 24 h ratio to seasonal naive, coverage. */
export function summarise(models: ForecastModel[]) {
  const pool = (bucket: BucketName, key: 'ensemble' | 'seasonal_naive' | 'profile_median') => {
    let sum = 0;
    let n = 0;
    for (const m of models) {
      const b = m.metrics[bucket];
      if (b.mae[key] !== null) {
        sum += b.mae[key]! * b.points;
        n += b.points;
      }
    }
    return n ? sum / n : null;
  };
  const cover = (key: 'coverage_50' | 'coverage_80') => {
    let sum = 0;
    let n = 0;
    for (const m of models) for (const b of Object.values(m.metrics)) if (b[key] !== null) { sum += b[key]! * b.points; n += b.points; }
    return n ? sum / n : 0;
  };
  const within24 = (key: 'ensemble' | 'seasonal_naive') => {
    let sum = 0;
    let n = 0;
    for (const m of models) for (const bucket of ['h1_6', 'h7_24'] as const) {
      const b = m.metrics[bucket];
      if (b.mae[key] !== null) { sum += b.mae[key]! * b.points; n += b.points; }
    }
    return n ? sum / n : 0;
  };
  return { pool, coverage50: cover('coverage_50'), coverage80: cover('coverage_80'), ratio24: within24('ensemble') / (within24('seasonal_naive') || 1) };
}

export function printTable(rows: { series: string; model: ForecastModel; days: number }[], buckets: readonly BucketName[], io: Pick<CliIo, 'out'>) {
  const header = ['series', 'days', ...buckets.flatMap((b) => [`${b} ens`, `${b} naive`, `${b} prof`]), 'cov50', 'cov80'];
  const lines = rows.map(({ series, model, days }) => {
    const points = Object.values(model.metrics).reduce((a, b) => a + b.points, 0) || 1;
    const cov = (k: 'coverage_50' | 'coverage_80') => Object.values(model.metrics).reduce((a, b) => a + (b[k] ?? 0) * b.points, 0) / points;
    return [series, String(days), ...buckets.flatMap((b) => [fmt(model.metrics[b].mae.ensemble), fmt(model.metrics[b].mae.seasonal_naive), fmt(model.metrics[b].mae.profile_median)]),
      pct(cov('coverage_50')), pct(cov('coverage_80'))];
  });
  const s = summarise(rows.map((r) => r.model));
  lines.push(['overall (point-weighted)', '', ...buckets.flatMap((b) => [fmt(s.pool(b, 'ensemble')), fmt(s.pool(b, 'seasonal_naive')), fmt(s.pool(b, 'profile_median'))]),
    pct(s.coverage50), pct(s.coverage80)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  io.out(row(header));
  io.out(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) io.out(row(l));
}
