/** `bdds backtest --csv FILE... --time-col C --value-col C`: the forecast back-test on any external series. */
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { isHolidayCalendar } from '../../engine/forecast/day-kinds.js';
import { hourCalendar, sliceCalendar } from '../../engine/forecast/hour-calendar.js';
import { BOOKED_TRUCK_QUEUE_PRIOR } from '../../engine/forecast/long-range.js';
import { fitForecastModel } from '../../engine/forecast/model.js';
import { evaluateAtOrigins } from '../../engine/forecast/origin-evaluation.js';
import { bandFigures } from '../../engine/forecast/pooling.js';
import { isTimeZone } from '../../engine/local-time.js';
import { printReport, type BacktestReport } from './backtest-report.js';
import { processIo, type CliIo, UsageError } from './io.js';
import { hourlySeries, localInstant, MissingColumnError, readSeriesCsv } from '../../services/backtest/series-csv.js';

export const BACKTEST_USAGE = `Usage: bdds backtest --csv FILE [--csv FILE]... --time-col C --value-col C [--tz ZONE]
                     [--countries CC[-RR],CC[-RR]] [--horizon 168] [--history all|DAYS]
                     [--origin YYYY-MM-DDTHH:MM]... [--origins 28] [--kind booked_truck_queue] [--json]

Back-tests the service's forecast on any series: one or more CSV files (a series split by year), hourly
or irregular (readings are averaged per hour; empty cells are missing hours). Times are unix seconds,
ISO-8601 with an offset, or local date-times without one, read in --tz (default UTC): a local hour the
zone skips is rejected, a repeated one is read as its first and then its second occurrence; both are
reported, and every rejected row is listed with its reason.
  --countries   holiday calendars of the crossing, as date-holidays names them (CA-BC,US-WA; PL,UA)
  --origin      a local date-time where a forecast starts (repeatable): the whole model is fitted on the
                history before it and forecasts --horizon hours. Without it: the rolling-origin back-test
                the service runs (--origins origins, weights and intervals fitted on alternate origins,
                measured on the others).
  --history     history a fit uses: all (default) or the last DAYS days
  --kind        booked_truck_queue: fit as the service fits an e-queue's trucks (eCherha), the 25-168 h
                weights shrunk halfway to the plain mean of persistence, seasonal delta, Holt-Winters and
                seasonal naive; without it, as every other series (the back-test's choice alone)
Prints MAE, RMSE, MASE (MAE over seasonal naive's) and 50/80/95 % interval coverage per horizon band,
beside seasonal naive (same hour last week) and the four-week seasonal mean.`;

const whole = (name: string, value: string | undefined, fallback: number, min: number, max: number) => {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return Number(value);
};

export async function backtestCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const { values: v } = parseArgs({ args, strict: true, options: {
    csv: { type: 'string', multiple: true }, 'time-col': { type: 'string' }, 'value-col': { type: 'string' }, tz: { type: 'string' },
    horizon: { type: 'string' }, origins: { type: 'string' }, origin: { type: 'string', multiple: true }, history: { type: 'string' },
    countries: { type: 'string' }, kind: { type: 'string' }, json: { type: 'boolean' },
  } });
  if (!v.csv?.length || !v['time-col'] || !v['value-col']) throw new UsageError(BACKTEST_USAGE);
  const tz = v.tz ?? 'UTC';
  if (!isTimeZone(tz)) throw new UsageError(`--tz '${tz}' is not a time zone`);
  const horizon = whole('horizon', v.horizon, 168, 1, 336);
  const originCount = whole('origins', v.origins, 28, 4, 365);
  const historyDays = v.history === undefined || v.history === 'all' ? null : whole('history', v.history, 0, 15, 36_600);
  if (v.kind !== undefined && v.kind !== BOOKED_TRUCK_QUEUE_PRIOR.kind) throw new UsageError(`--kind must be ${BOOKED_TRUCK_QUEUE_PRIOR.kind} (or left out)`);
  const longRange = v.kind === undefined ? null : BOOKED_TRUCK_QUEUE_PRIOR;
  const countries = (v.countries ?? '').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
  for (const c of countries) if (!isHolidayCalendar(c)) throw new UsageError(`--countries: date-holidays has no calendar '${c}' (an ISO country, optionally -REGION: CA-BC)`);
  for (const f of v.csv) if (!existsSync(f)) throw new UsageError(`--csv: no file ${f}`);
  let read;
  try {
    read = readSeriesCsv(v.csv, v['time-col'], v['value-col'], tz);
  } catch (err) {
    if (err instanceof MissingColumnError) throw new UsageError(err.message);
    throw err;
  }
  const series = hourlySeries(read);
  if (!series) {
    const reasons = [...new Set(read.rejected.map((r) => r.reason.replace(/'[^']*'|\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?/g, '...')))];
    throw new Error(`no usable rows: ${read.rows} rows read, ${read.rejected.length} rejected` +
      (reasons.length ? ` (${reasons.slice(0, 3).join('; ')})` : '') + '; run with --json to see every rejected row');
  }
  const n = series.values.length;
  const calendar = hourCalendar(series.startS, n + horizon, tz, countries);
  const report: BacktestReport = { files: v.csv, tz, countries, read, startS: series.startS, hours: n, horizon, historyDays, kind: longRange?.kind ?? null };
  const progress = io.errIsTty && !v.json ? (done: number, total: number) => io.err(`\r${done}/${total}${done === total ? '\n' : ''}`) : undefined;
  if (!v.origin?.length) {
    const from = historyDays ? Math.max(0, n - historyDays * 24) : 0;
    const model = fitForecastModel(series.values.subarray(from), sliceCalendar(calendar, from, n), { horizon, origins: originCount, longRange, onProgress: progress });
    if (!model) throw new Error(`too short: the back-test needs at least 14 days of history plus 4 origins (got ${n - from} hours)`);
    report.rolling = { model, bands: bandFigures([model.metrics]) };
  } else {
    const origins = v.origin.map((text) => {
      const t = localInstant(text, tz);
      if (t === null) throw new UsageError(`--origin '${text}' is not a local date-time YYYY-MM-DDTHH:MM that exists in ${tz}`);
      if ((t - series.startS) % 3600 !== 0) throw new UsageError(`--origin '${text}' is not at the start of an hour`);
      const index = (t - series.startS) / 3600;
      if (index <= 0 || index >= n) throw new UsageError(`--origin '${text}' is outside the series (${new Date(series.startS * 1000).toISOString()} to ${new Date((series.startS + n * 3600) * 1000).toISOString()})`);
      return index;
    });
    const evaluation = evaluateAtOrigins(series.values, calendar, origins, { horizon, origins: originCount, longRange, historyH: historyDays ? historyDays * 24 : null, onOrigin: progress });
    report.atOrigins = { texts: v.origin, indices: origins, ...evaluation, bands: bandFigures([evaluation.card.metrics()]) };
  }
  printReport(report, Boolean(v.json), io);
  return 0;
}
