/**
 * Engine speed (npm run bench:engine): on a real 60-day series from the shipped history, the latency of
 * a 168-step forecast with intervals inside a worker (target F1 <= 20 ms), of day-stats, and of the daily
 * model fit; then throughput of forecast tasks on the main thread vs a pool of 1 and of all cores
 * (target P1: pool on 2 cores >= 1.45 x main thread), all measured in this run.
 */
import { availableParallelism } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDeps } from '../api/create-deps.js';
import { hourlyHistory } from '../api/worker/history.js';
import { createLogger } from '../api/logger.js';
import { seedBundled } from '../data/seed.js';
import { closeStore, openStore } from '../data/store.js';
import { createEnginePool } from '../engine/pool.js';
import { fitForecastModel, predict } from '../engine/forecast/model.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const dir = mkdtempSync(join(tmpdir(), 'bdds-bench-'));
const db = openStore(join(dir, 'bench.sqlite'));
seedBundled(db, { history: true });
const setupPool = createEnginePool({ threads: 1 });
const { deps } = createDeps({ db, engine: setupPool, log: createLogger('silent'), now: () => new Date('2026-08-11T02:00:00Z'),
  settings: { serviceName: 'bench', internalToken: null, demoReplay: false } });
const history = hourlyHistory(deps.repos, 'id_119', 60, Math.floor(deps.now().getTime() / 1000))!;
const { series: values, cells } = history;
// The next week repeats the last week's cells.
const futureCells = cells.slice(cells.length - 168);
const model = fitForecastModel(values, cells)!;
await setupPool.close();

async function latency(pool: ReturnType<typeof createEnginePool>, task: 'forecast' | 'dayStats' | 'fitForecast', arg: never, runs: number) {
  for (let i = 0; i < 5; i++) await pool.run(task, arg);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await pool.run(task, arg);
    times.push(performance.now() - t0);
  }
  return median(times);
}

const pool1 = createEnginePool({ threads: 1, maxQueue: 1000, taskTimeoutMs: 60_000 });
const forecastArg = { values, cells, futureCells, model } as never;
const f1 = await latency(pool1, 'forecast', forecastArg, 50);
const ds = await latency(pool1, 'dayStats', { values, cells } as never, 50);
const fit = await latency(pool1, 'fitForecast', { values, cells } as never, 5);

const TASKS = 200;
const t0 = performance.now();
for (let i = 0; i < TASKS; i++) predict(values, cells, futureCells, model);
const mainRate = TASKS / ((performance.now() - t0) / 1000);

async function poolRate(threads: number, task: 'forecast' | 'fitForecast', arg: never, tasks: number) {
  const pool = createEnginePool({ threads, maxQueue: 1000, taskTimeoutMs: 60_000 });
  await Promise.all(Array.from({ length: threads * 2 }, () => pool.run(task, arg)));
  const start = performance.now();
  await Promise.all(Array.from({ length: tasks }, () => pool.run(task, arg)));
  const rate = tasks / ((performance.now() - start) / 1000);
  await pool.close();
  return rate;
}
const cores = availableParallelism();
const rate1 = await poolRate(1, 'forecast', forecastArg, TASKS);
const rateAll = await poolRate(cores, 'forecast', forecastArg, TASKS);
const FITS = 40;
const t1 = performance.now();
for (let i = 0; i < FITS; i++) fitForecastModel(values, cells);
const fitMain = FITS / ((performance.now() - t1) / 1000);
const fitAll = await poolRate(cores, 'fitForecast', { values, cells } as never, FITS);
await pool1.close();
closeStore(db);
rmSync(dir, { recursive: true, force: true });

const rows: [string, string, string][] = [
  ['forecast, 168 steps from 60 days, in a worker (median)', `${f1.toFixed(2)} ms`, `F1 <= 20 ms: ${f1 <= 20 ? 'met' : 'NOT met'}`],
  ['day-stats, 60 days, in a worker (median)', `${ds.toFixed(2)} ms`, ''],
  ['model fit: 28-origin back-test, in a worker (median)', `${fit.toFixed(1)} ms`, 'daily job, per series'],
  ['forecasts/s, main thread only', mainRate.toFixed(0), '1.00 x'],
  ['forecasts/s, pool of 1 thread', rate1.toFixed(0), `${(rate1 / mainRate).toFixed(2)} x`],
  [`forecasts/s, pool of ${cores} threads (all cores)`, rateAll.toFixed(0), `${(rateAll / mainRate).toFixed(2)} x (P1 >= 1.45 x: ${rateAll / mainRate >= 1.45 ? 'met' : 'NOT met'})`],
  ['model fits/s, main thread only', fitMain.toFixed(1), '1.00 x'],
  [`model fits/s, pool of ${cores} threads (all cores)`, fitAll.toFixed(1), `${(fitAll / fitMain).toFixed(2)} x (P1 >= 1.45 x: ${fitAll / fitMain >= 1.45 ? 'met' : 'NOT met'})`],
];
const w = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length))];
console.log(`${'measurement'.padEnd(w[0]!)}  ${'result'.padStart(w[1]!)}  ratio / target`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(w[0]!)}  ${b.padStart(w[1]!)}  ${c}`);
