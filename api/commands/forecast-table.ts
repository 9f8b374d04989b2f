/**
 * Printing of back-test figures (shared by `bdds backtest` and bench:forecast): per horizon band the MAE
 * and RMSE of the ensemble beside the baselines (seasonal naive, four-week seasonal mean, persistence: the
 * last reading held) and as ratios to each, and the coverage of the 50, 80 and 95 % intervals.
 */
import type { Scorecard } from '../../engine/forecast/metrics.js';
import { BANDS, type BandFigures, type BandName } from '../../engine/forecast/pooling.js';
import type { CliIo } from './io.js';

const fmt = (v: number | null | undefined, digits = 2) => (v === null || v === undefined || Number.isNaN(v) ? '-' : v.toFixed(digits));
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '-' : `${(v * 100).toFixed(1)}%`);
const ratio = (a: number | null, b: number | null) => (a === null || !b ? null : a / b);

/** Prints one table: a row per band, with every figure beside the baselines. */
export function printBands(figures: Record<BandName, BandFigures>, io: Pick<CliIo, 'out'>, horizon = 168): void {
  const header = ['band', 'points', 'MAE ens', 'naive', 'mean4', 'persist', 'ens/naive', 'ens/mean4', 'ens/pers',
    'RMSE ens', 'naive', 'mean4', 'persist', 'ens/naive', 'ens/mean4', 'ens/pers', 'cov50', 'cov80', 'cov95'];
  const lines = BANDS.map((b) => {
    const f = figures[b.name];
    const label = horizon > 168 ? b.label.replace('168', String(horizon)) : b.label;
    const beside = (e: BandFigures['mae']) => [fmt(e.ensemble), fmt(e.seasonal_naive), fmt(e.seasonal_mean4), fmt(e.persistence),
      fmt(ratio(e.ensemble, e.seasonal_naive), 3), fmt(ratio(e.ensemble, e.seasonal_mean4), 3), fmt(ratio(e.ensemble, e.persistence), 3)];
    return [label, String(f.points), ...beside(f.mae), ...beside(f.rmse), pct(f.coverage_50), pct(f.coverage_80), pct(f.coverage_95)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  io.out(row(header));
  io.out(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) io.out(row(l));
}

/** The mean over origins of each origin's RMSE over its whole horizon (ensemble and the baselines). */
export function meanOriginRmse(card: Scorecard) {
  const mean = (k: 'ensemble' | 'seasonal_naive' | 'seasonal_mean4' | 'persistence') =>
    card.perRun.length === 0 ? null : card.perRun.reduce((a, r) => a + r[k], 0) / card.perRun.length;
  const naive = mean('seasonal_naive');
  const persistence = mean('persistence');
  // The better naive baseline: the yardstick on queues that stay on a plateau for days.
  const better = naive === null || persistence === null ? null : Math.min(naive, persistence);
  return { origins: card.perRun.length, ensemble: mean('ensemble'), seasonal_naive: naive, seasonal_mean4: mean('seasonal_mean4'), persistence, better_naive: better };
}

export function printOriginRmse(card: Scorecard, horizon: number, io: Pick<CliIo, 'out'>): void {
  const m = meanOriginRmse(card);
  io.out(`mean ${horizon}-hour RMSE over ${m.origins} origins: ensemble ${fmt(m.ensemble)}, seasonal naive ${fmt(m.seasonal_naive)}, ` +
    `four-week seasonal mean ${fmt(m.seasonal_mean4)}, persistence ${fmt(m.persistence)} (ensemble / naive ${fmt(ratio(m.ensemble, m.seasonal_naive), 3)}, ` +
    `ensemble / mean4 ${fmt(ratio(m.ensemble, m.seasonal_mean4), 3)}, ensemble / persistence ${fmt(ratio(m.ensemble, m.persistence), 3)}, ` +
    `ensemble / the better of persistence and naive ${fmt(ratio(m.ensemble, m.better_naive), 3)})`);
}
