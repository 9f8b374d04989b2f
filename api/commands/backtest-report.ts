/** What `bdds backtest` prints: what was read (rejections with reasons, DST hours), then the figures, as text or JSON. */
import type { ForecastModel } from '../../engine/forecast/model.js';
import type { OriginEvaluation } from '../../engine/forecast/origin-evaluation.js';
import type { BandFigures, BandName } from '../../engine/forecast/pooling.js';
import { meanOriginRmse, printBands, printOriginRmse } from './forecast-table.js';
import type { CliIo } from './io.js';
import type { SeriesFile } from '../../services/backtest/series-csv.js';

export interface BacktestReport {
  files: string[];
  tz: string;
  countries: string[];
  read: SeriesFile;
  startS: number;
  hours: number;
  horizon: number;
  historyDays: number | null;
  /** The kind of series fitted as (its long-range prior), or null: as every other series. */
  kind: string | null;
  rolling?: { model: ForecastModel; bands: Record<BandName, BandFigures> };
  atOrigins?: OriginEvaluation & { texts: string[]; indices: number[]; bands: Record<BandName, BandFigures> };
}

const iso = (s: number) => new Date(s * 1000).toISOString().replace(':00.000Z', 'Z');

function json(r: BacktestReport) {
  const bands = (r.rolling ?? r.atOrigins)!.bands;
  const textOf = (t0: number) => r.atOrigins!.texts[r.atOrigins!.indices.indexOf(t0)] ?? null;
  const round = (x: unknown): unknown => (typeof x === 'number' ? Math.round(x * 10_000) / 10_000
    : Array.isArray(x) ? x.map(round) : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, y]) => [k, round(y)])) : x);
  return round({
    files: r.files, timezone: r.tz, countries: r.countries,
    rows: r.read.rows, readings: r.read.ts.length, empty_values: r.read.emptyValues,
    rejected: r.read.rejected, dst: r.read.dst,
    hours: r.hours, first: iso(r.startS), last: iso(r.startS + (r.hours - 1) * 3600),
    horizon: r.horizon, history: r.historyDays ?? 'all', kind: r.kind, mode: r.rolling ? 'rolling' : 'origins',
    origins: r.rolling ? r.rolling.model.origins : r.atOrigins!.card.perRun.length,
    per_origin: r.atOrigins ? r.atOrigins.card.perRun.map((p) => ({
      origin: textOf(p.t0), start: iso(r.startS + p.t0 * 3600),
      rmse: { ensemble: p.ensemble, seasonal_naive: p.seasonal_naive, seasonal_mean4: p.seasonal_mean4, persistence: p.persistence },
    })) : null,
    skipped_origins: r.atOrigins ? r.atOrigins.skipped.map((s) => ({ origin: textOf(s.t0), reason: s.reason })) : [],
    mean_origin_rmse: r.atOrigins ? meanOriginRmse(r.atOrigins.card) : null,
    bands,
    metrics: r.rolling ? r.rolling.model.metrics : r.atOrigins!.card.metrics(),
    weights: r.rolling ? r.rolling.model.weights : null,
    coverage_50: bands.h1_168.coverage_50, coverage_80: bands.h1_168.coverage_80, coverage_95: bands.h1_168.coverage_95,
    ratio_24h_to_seasonal_naive: bands.h1_24.mase,
    ratio_24h_mae_to_persistence: bands.h1_24.mae.ensemble !== null && bands.h1_24.mae.persistence ? bands.h1_24.mae.ensemble / bands.h1_24.mae.persistence : null,
  });
}

export function printReport(r: BacktestReport, asJson: boolean, io: Pick<CliIo, 'out'>): void {
  if (asJson) {
    io.out(JSON.stringify(json(r)));
    return;
  }
  const { read } = r;
  io.out(`${r.files.join(', ')}: ${read.rows} rows, ${read.ts.length} readings (${read.emptyValues} with an empty value: missing hours), ${read.rejected.length} rejected`);
  io.out(`time zone ${r.tz}; holidays ${r.countries.length ? r.countries.join(', ') : 'none (--countries)'}; ${r.hours} hours from ${iso(r.startS)}` +
    (r.kind ? `; fitted as a ${r.kind.replaceAll('_', ' ')}` : ''));
  for (const s of read.dst.skipped) io.out(`DST: ${s.local} does not exist in ${r.tz} (${s.file}:${s.line}, rejected)`);
  for (const s of read.dst.repeated) io.out(`DST: ${s.local} occurs twice in ${r.tz}: ${s.rows} row(s), ${s.read_as}`);
  for (const x of read.rejected) io.out(`rejected ${x.file}:${x.line}: ${x.reason}`);
  io.out('');
  if (r.rolling) {
    io.out(`rolling-origin back-test: ${r.rolling.model.origins} origins, ${r.horizon} h, history ${r.historyDays ? `${r.historyDays} days` : 'all'}; ` +
      'weights and intervals fitted on alternate origins, measured on the others');
    printBands(r.rolling.bands, io, r.horizon);
  } else {
    const a = r.atOrigins!;
    for (const s of a.skipped) io.out(`origin ${a.texts[a.indices.indexOf(s.t0)]} skipped: ${s.reason}`);
    io.out(`${a.card.perRun.length} origin(s), ${r.horizon} h each, the model fitted on ${r.historyDays ? `the last ${r.historyDays} days` : 'all the history'} before each`);
    for (const p of a.card.perRun) {
      io.out(`  ${a.texts[a.indices.indexOf(p.t0)]}: RMSE ensemble ${p.ensemble.toFixed(2)}, seasonal naive ${p.seasonal_naive.toFixed(2)}, ` +
        `four-week mean ${p.seasonal_mean4.toFixed(2)}, persistence ${p.persistence.toFixed(2)}`);
    }
    printOriginRmse(a.card, r.horizon, io);
    printBands(a.bands, io, r.horizon);
  }
}
