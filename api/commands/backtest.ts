/** `bdds backtest --csv FILE --time-col C --value-col C`: the forecast back-test on any external series. */
import { processIo, type CliIo } from './io.js';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { csvRows, isoSeconds } from '../../data/importers/feed.js';
import { localParts, isTimeZone } from '../../engine/local-time.js';
import { fitForecastModel } from '../../engine/forecast/model.js';
import { HORIZON_BUCKETS } from '../../models/engine-results.js';
import { resampleHourly } from '../../engine/resample.js';
import { printTable, summarise } from './forecast-table.js';

export const BACKTEST_USAGE = `Usage: bdds backtest --csv FILE --time-col C --value-col C [--tz ZONE] [--horizon 168]
                     [--origins 28] [--json]

Runs the service's rolling-origin forecast back-test on any series (hourly or irregular; readings are
averaged per hour, empty cells are missing): daily origins back from the end, weights and interval
quantiles fitted on alternate origins and measured on the others. Prints MAE by horizon for the
ensemble, seasonal naive and the typical-week median, and 50 % / 80 % interval coverage.
Times are ISO-8601 with an offset, or unix seconds; --tz (default UTC) sets the local week.`;

class UsageError extends Error {
  code = 'ERR_PARSE_ARGS_USAGE';
}

const whole = (name: string, value: string | undefined, fallback: number, min: number, max: number) => {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return Number(value);
};

export async function backtestCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const { values } = parseArgs({ args, strict: true, options: {
    csv: { type: 'string' }, 'time-col': { type: 'string' }, 'value-col': { type: 'string' }, tz: { type: 'string' },
    horizon: { type: 'string' }, origins: { type: 'string' }, json: { type: 'boolean' },
  } });
  if (!values.csv || !values['time-col'] || !values['value-col']) throw new UsageError(BACKTEST_USAGE);
  const tz = values.tz ?? 'UTC';
  if (!isTimeZone(tz)) throw new UsageError(`--tz '${tz}' is not a time zone`);
  const horizon = whole('horizon', values.horizon, 168, 1, 336);
  const origins = whole('origins', values.origins, 28, 4, 365);
  const timeCol = values['time-col'];
  const valueCol = values['value-col'];
  const ts: number[] = [];
  const vs: number[] = [];
  let rejected = 0;
  for (const { row, bad } of csvRows(readFileSync(values.csv), values.csv)) {
    if (!(timeCol in row) || !(valueCol in row)) throw new UsageError(`the file has no column '${!(timeCol in row) ? timeCol : valueCol}'`);
    const raw = row[timeCol]!.trim();
    const t = /^\d{9,11}$/.test(raw) ? Number(raw) : isoSeconds(raw);
    const cell = row[valueCol]!.trim();
    const v = cell === '' ? NaN : Number(cell);
    if (bad || t === null || (cell !== '' && !Number.isFinite(v))) {
      rejected++;
      continue;
    }
    ts.push(t);
    vs.push(v);
  }
  if (ts.length === 0) throw new Error('no usable rows');
  const startS = Math.floor(Math.min(...ts) / 3600) * 3600;
  const hours = Math.floor(Math.max(...ts) / 3600) - startS / 3600 + 1;
  const series = resampleHourly(ts, vs, startS, hours);
  const cells = Int32Array.from({ length: hours }, (_, h) => {
    const local = localParts(startS + h * 3600, tz);
    return local.weekday * 24 + local.hour;
  });
  const tty = io.errIsTty && !values.json;
  const model = fitForecastModel(series, cells, {
    horizon, origins,
    ...(tty ? { onProgress: (done: number, total: number) => io.err(`\rback-test origin ${done}/${total}${done === total ? '\n' : ''}`) } : {}),
  });
  if (!model) throw new Error(`too short: the back-test needs at least 14 days of history plus 4 daily origins (got ${hours} hours)`);
  const overall = summarise([model]);
  if (values.json) {
    io.out(JSON.stringify({ hours, rows: ts.length, rejected, origins: model.origins, metrics: model.metrics, weights: model.weights,
      ratio_24h_to_seasonal_naive: overall.ratio24, coverage_50: overall.coverage50, coverage_80: overall.coverage80 }));
  } else {
    io.out(`${values.csv}: ${ts.length} readings (${rejected} rejected), ${hours} hours, ${model.origins} origins\n`);
    printTable([{ series: valueCol, model, days: Math.round(hours / 24) }], HORIZON_BUCKETS.map((b) => b.name), io);
    io.out(`\nensemble 1-24 h MAE = ${(overall.ratio24 * 100).toFixed(1)} % of seasonal naive; coverage 50 % ${(overall.coverage50 * 100).toFixed(1)} %, 80 % ${(overall.coverage80 * 100).toFixed(1)} %`);
  }
  return 0;
}
