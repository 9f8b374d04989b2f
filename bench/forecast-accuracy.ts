/**
 * Forecast accuracy (npm run bench:forecast), every figure beside both baselines (seasonal naive = the same
 * hour last week; four-week seasonal mean = the mean of the same hour in the last four weeks):
 *
 * 1. The bundled PL-UA series (the test set): every checkpoint series with at least 28 days, fitted as the
 *    daily job fits it (all its history, its two countries' holidays); the out-of-sample figures of its
 *    rolling-origin back-test (weights and interval quantiles fitted on alternate origins, measured on the
 *    others), pooled by points.
 * 2. Peace Arch southbound 2014-2016 (the development set), read from /work/shared/data/us-ca-peace-arch-dev
 *    when present: forward evaluation at weekly origins (Thursdays 00:00 local), the whole model fitted at
 *    each origin on everything before it (2014 on), forecasting 168 hours: June-August 2016 (the issue's
 *    target), every week of 2016, and every week of 2015 (with a year of history or less behind it).
 * 3. eCherha's truck wait at Yahodyn-Dorohusk 2024 (the development set for multi-day queues), read from
 *    /work/shared/data/echerha-archive-yahodyn when present, its quirks rejected by the importer's own rule
 *    (echerhaQuirk): weekly origins from Thursday 2024-05-30 00:00 UTC, 28 of them, the whole model fitted at each
 *    on everything before it as the service fits a booked truck queue (with its long-range prior),
 *    with a bootstrap over those origins (how much of each figure is noise); then origins every other day
 *    over the same months (every weekday alike: Thursday 00:00 starts a calm stretch of this queue's
 *    week, so the Thursday set reads the short-range bands' coverage high).
 *
 * 4. Held-out eCherha truck series (BENCH_ECHERHA_HELDOUT): the same as 3 on series no setting was chosen on.
 *
 * `npm run bench:forecast -- yahodyn` (or `pl-ua`, `peace-arch`, `heldout`, several at once) runs only those parts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { echerhaQuirk } from '../data/importers/echerha.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processIo } from '../api/commands/io.js';
import { createDeps } from '../api/create-deps.js';
import { hourlyHistory } from '../services/worker/history.js';
import { crossingCalendars, longRangePrior } from '../services/products/forecast/task.js';
import { createLogger } from '../api/logger.js';
import { seedBundled } from '../data/seed.js';
import { closeStore, openStore } from '../data/store.js';
import { fileURLToPath } from 'node:url';
import { createEnginePool } from '../engine/pool.js';
import type { Tasks } from './engine-tasks.js';
import { hourCalendar } from '../engine/forecast/hour-calendar.js';
import { BOOKED_TRUCK_QUEUE_PRIOR } from '../engine/forecast/long-range.js';
import { fitForecastModel } from '../engine/forecast/model.js';
import { evaluateAtOrigins } from '../engine/forecast/origin-evaluation.js';
import { bandFigures } from '../engine/forecast/pooling.js';
import type { BucketMetrics, BucketName } from '../models/engine-results.js';
import { printBands, printOriginRmse } from '../api/commands/forecast-table.js';
import { bootstrapOrigins } from './forecast-bootstrap.js';
import type { Scorecard } from '../engine/forecast/metrics.js';
import { hourlySeries, localInstant, readSeriesCsv } from '../services/backtest/series-csv.js';

const out = processIo.out;
const PARTS = ['pl-ua', 'peace-arch', 'yahodyn', 'heldout'] as const;
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(PARTS as readonly string[]).includes(a));
if (unknown.length) {
  console.error(`bench:forecast: unknown part ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`);
  process.exit(2);
}
const runs = (part: (typeof PARTS)[number]) => asked.length === 0 || asked.includes(part);
const PEACE_ARCH = '/work/shared/data/us-ca-peace-arch-dev';
const YAHODYN = '/work/shared/data/echerha-archive-yahodyn/yahodyn-dorohusk-2024.csv';

// 1. PL-UA, the bundled recording.
if (runs('pl-ua')) {
  const dir = mkdtempSync(join(tmpdir(), 'bdds-bench-'));
  const db = openStore(join(dir, 'bench.sqlite'));
  seedBundled(db, { history: true });
  const engine = createEnginePool<Tasks>({ threads: 1, lazy: true, filename: fileURLToPath(new URL('./engine-tasks-shim.mjs', import.meta.url)) });
  const NOW = Date.parse('2026-09-01T00:00:00Z') / 1000;
  const { deps } = createDeps({
    db, engine, log: createLogger('silent'), now: () => new Date(NOW * 1000),
    settings: { serviceName: 'bench', internalToken: null, demoReplay: false },
  });
  const metrics: Record<BucketName, BucketMetrics>[] = [];
  const fitMs: number[] = [];
  for (const ppid of [...deps.repos.observations.ppidsWithData()].sort()) {
    const view = deps.repos.observations.view(ppid, NOW)!;
    const last = deps.repos.observations.latest(view, NOW)!;
    const history = hourlyHistory(deps.repos, ppid, 'all', last.ts + 3600);
    if (!history || history.daysWithData < 28) continue;
    const t = performance.now();
    const calendar = hourCalendar(history.startS, history.series.length, history.checkpoint.timezone, crossingCalendars(history.checkpoint));
    const model = fitForecastModel(history.series, calendar, { longRange: longRangePrior(view, history.checkpoint) });
    fitMs.push(performance.now() - t);
    if (model) metrics.push(model.metrics);
  }
  fitMs.sort((a, b) => a - b);
  out(`PL-UA bundled series (test set): ${metrics.length} series with 28+ days, out-of-sample rolling-origin back-test, pooled by points`);
  out(`(fit per series incl. its calendar: median ${fitMs[fitMs.length >> 1]!.toFixed(0)} ms, max ${fitMs[fitMs.length - 1]!.toFixed(0)} ms)\n`);
  printBands(bandFigures(metrics), { out });
  await engine.close();
  closeStore(db);
  rmSync(dir, { recursive: true, force: true });
}

// 2. Peace Arch, the development set.
if (!runs('peace-arch')) {
  // not asked for
} else if (!existsSync(PEACE_ARCH)) {
  out('');
  out(`Peace Arch development set: ${PEACE_ARCH} is absent; that part is skipped.`);
} else {
  out('');
  const tz = 'America/Vancouver';
  const files = [2014, 2015, 2016].map((y) => join(PEACE_ARCH, `peace_arch_sb_${y}.csv`));
  const read = readSeriesCsv(files, 'Group Starts', 'Avg - Delay (Peace Arch)', tz);
  const series = hourlySeries(read)!;
  const calendar = hourCalendar(series.startS, series.values.length + 168, tz, ['CA-BC', 'US-WA']);
  out(`Peace Arch southbound 2014-2016 (development set): ${read.rows} rows, ${read.emptyValues} empty, ${read.rejected.length} rejected ` +
    `(${read.dst.skipped.length} skipped DST hours), holidays CA-BC and US-WA; weekly origins Thursday 00:00 local, 168 h, fitted on all history before each`);
  const thursdays = (from: string, to: string) => {
    const origins: number[] = [];
    for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 7 * 86_400_000) {
      origins.push((localInstant(`${new Date(d).toISOString().slice(0, 10)}T00:00`, tz)! - series.startS) / 3600);
    }
    return origins;
  };
  const sets = [['June-August 2016', thursdays('2016-06-02', '2016-08-25')], ['all of 2016', thursdays('2016-01-07', '2016-12-22')],
    ['all of 2015 (one year of history or less)', thursdays('2015-01-08', '2015-12-24')]] as const;
  for (const [label, origins] of sets) {
    const t = performance.now();
    const { card } = evaluateAtOrigins(series.values, calendar, origins);
    const ms = (performance.now() - t) / origins.length;
    out(`\n${label}: ${origins.length} origins (whole fit per origin: ${ms.toFixed(0)} ms on average)`);
    printOriginRmse(card, 168, { out });
    printBands(bandFigures([card.metrics()]), { out });
  }
}

// 3. eCherha truck waits: Yahodyn, the development set for multi-day queues, and any held-out series given.
/**
 * One eCherha truck-wait series (checkpoint_time UTC, wait_time s, vehicles_in_queue), its quirks rejected
 * by the importer's own rule: weekly origins from Thursday 2024-05-30 00:00 UTC (28) and origins every
 * other day to 2024-12-05 (95), with a bootstrap over each set's origins.
 */
function echerhaSet(file: string, title: string, holidays: string[]) {
  out('');
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const kept = lines.filter((line) => {
    const [, wait, vehicles] = line.split(',');
    return echerhaQuirk(wait === '' ? null : Number(wait), vehicles === '' ? null : Number(vehicles)) === null;
  });
  const dir = mkdtempSync(join(tmpdir(), 'bdds-bench-'));
  const clean = join(dir, 'echerha.csv');
  writeFileSync(clean, [header, ...kept].join('\n'));
  const read = readSeriesCsv([clean], 'checkpoint_time', 'wait_time', 'UTC');
  rmSync(dir, { recursive: true, force: true });
  const series = hourlySeries(read)!;
  const calendar = hourCalendar(series.startS, series.values.length + 168, 'UTC', holidays);
  const originsFrom = (count: number, everyDays: number) =>
    Array.from({ length: count }, (_, k) => (Date.parse('2024-05-30T00:00:00Z') / 1000 + k * everyDays * 86_400 - series.startS) / 3600);
  out(`${title}: ${lines.length} rows, ${lines.length - kept.length} rejected as the feed's quirks; holidays ${holidays.join(' and ')}; ` +
    '168 h from each origin, fitted on all history before it');
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const noise = (card: Scorecard) => {
    const b = bootstrapOrigins(card);
    if (!b) return;
    out(`bootstrap over origins, 90 % intervals: mean 7-day RMSE / the better of persistence and naive ${b.ratio[0].toFixed(3)}-${b.ratio[1].toFixed(3)}; ` +
      `80 % coverage 1-6 h ${b.coverage80.h1_6.map(pct).join('-')}, 7-24 h ${b.coverage80.h7_24.map(pct).join('-')}, 25-168 h ${b.coverage80.h25_168.map(pct).join('-')}`);
  };
  const sets = [['weekly origins, Thursday 00:00 UTC from 2024-05-30', originsFrom(28, 7)],
    ['origins every other day, 00:00 UTC from 2024-05-30 to 2024-12-05 (every weekday alike)', originsFrom(95, 2)]] as const;
  for (const [label, origins] of sets) {
    const t = performance.now();
    const { card } = evaluateAtOrigins(series.values, calendar, origins, { longRange: BOOKED_TRUCK_QUEUE_PRIOR });
    out(`\n${label}: ${origins.length} origins (whole fit per origin: ${((performance.now() - t) / origins.length).toFixed(0)} ms on average)`);
    printOriginRmse(card, 168, { out });
    printBands(bandFigures([card.metrics()]), { out });
    noise(card);
  }
}

if (!runs('yahodyn')) {
  // not asked for
} else if (!existsSync(YAHODYN)) {
  out('');
  out(`Yahodyn development set: ${YAHODYN} is absent; that part is skipped.`);
} else {
  echerhaSet(YAHODYN, 'eCherha truck wait at Yahodyn-Dorohusk 2024 (development set for multi-day queues, seconds)', ['UA', 'PL']);
}

// 4. Held-out eCherha truck series (no setting of the model was chosen on them): BENCH_ECHERHA_HELDOUT lists
// files as path=HOLIDAYS (comma-separated; HOLIDAYS like UA+HU), e.g. a crossing's 2024 file from the
// public echerha-dataset recording (the same columns as Yahodyn's).
if (runs('heldout')) {
  for (const entry of (process.env.BENCH_ECHERHA_HELDOUT ?? '').split(',').filter(Boolean)) {
    const [file, holidays = 'UA'] = entry.split('=');
    if (!existsSync(file!)) {
      out('');
      out(`held-out series ${file} is absent; skipped.`);
      continue;
    }
    echerhaSet(file!, `eCherha truck wait, held-out: ${file!.split('/').pop()} (seconds)`, holidays.split('+'));
  }
}
