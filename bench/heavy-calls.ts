/**
 * Heavy calls at once (npm run bench:heavy): 50 concurrent uncached forecasts and travel matrices (all
 * different) through the app on a pool of 2 threads with the service's defaults (admission by the
 * measured task time within 60 % of the 5 s task budget), then the same 50 with
 * the earlier fixed queue of threads squared (4), in the same run, each after one warming call of each
 * kind: statuses and latency (p50, p99).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../api/app.js';
import { issueKey } from '../api/access/issue-key.js';
import { createDeps } from '../api/create-deps.js';
import { createLogger } from '../api/logger.js';
import { runDayStats } from '../services/jobs/day-stats-job.js';
import { runForecastModels } from '../services/jobs/forecast-job.js';
import { createServicePool, type ServicePoolOptions } from '../services/worker/pool.js';
import { seedBundled } from '../data/seed.js';
import { closeStore, openStore } from '../data/store.js';

const NOW = '2026-11-22T10:00:00Z';
const dir = mkdtempSync(join(tmpdir(), 'bdds-bench-'));
const dbPath = join(dir, 'bench.sqlite');
const db = openStore(dbPath);
seedBundled(db, { history: true });
db.close();

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function round(label: string, poolOptions: ServicePoolOptions) {
  const store = openStore(dbPath);
  const pool = createServicePool({ dbPath, replay: true }, { threads: 2, ...poolOptions });
  const { deps } = createDeps({ db: store, engine: pool, log: createLogger('silent'), now: () => new Date(NOW),
    settings: { serviceName: 'bench', internalToken: null, demoReplay: true } });
  await runDayStats(deps);
  await runForecastModels(deps);
  const app = buildApp(deps);
  const key = issueKey(deps.repos.keys, { email: 'bench@localhost', plan: 'payg', limits: { qps: 1e9, standard: 1e9, forecast_stats: 1e9 } }, deps.now()).key;
  const ppids = [...deps.repos.forecastModels.ppids()].sort();
  const urls = Array.from({ length: 50 }, (_, i) => {
    const k = i;
    return k % 2 === 0
      ? `/api/v1/data/forecast?ppid=${ppids[k % ppids.length]}&prediction_steps=168`
      : `/api/v1/data/travel-matrix?origin_lat=${(49 + (k % 7) * 0.37).toFixed(2)}&origin_lon=${(18 + (k % 11) * 0.61).toFixed(2)}&type=${[4, 5, 6][k % 3]}&origin_country=PL`;
  });
  // A running server's workers are warm: one call of each kind first (not among the 50).
  for (const type of [4, 5, 6]) await app.inject({ url: `/api/v1/data/travel-matrix?origin_lat=52.23&origin_lon=21.01&type=${type}&origin_country=PL`, headers: { authorization: `Bearer ${key}` } });
  await app.inject({ url: `/api/v1/data/forecast?ppid=${ppids[ppids.length - 1]}&prediction_steps=24`, headers: { authorization: `Bearer ${key}` } });
  const statuses = new Map<number, number>();
  const ms: number[] = [];
  await Promise.all(urls.map(async (url) => {
    const t0 = performance.now();
    const res = await app.inject({ url, headers: { authorization: `Bearer ${key}` } });
    ms.push(performance.now() - t0);
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  }));
  const line = `${label.padEnd(62)} ${[...statuses].sort().map(([s, n]) => `${n} x ${s}`).join(', ').padEnd(18)} p50 ${quantile(ms, 0.5).toFixed(0).padStart(5)} ms  p99 ${quantile(ms, 0.99).toFixed(0).padStart(5)} ms  ` +
    `task time ${'taskTimeMs' in pool ? (pool as { taskTimeMs: number }).taskTimeMs.toFixed(0) : '-'} ms`;
  await app.close();
  await pool.close();
  closeStore(store);
  return line;
}

console.log('50 concurrent uncached heavy calls (forecasts of 168 h and travel matrices), pool of 2 threads, this machine:');
console.log(await round('admission by measured task time (the service\'s default)', {}));
console.log(await round('fixed queue of threads squared (4), the earlier default', { maxQueue: 4, latencyBudgetMs: Infinity }));
rmSync(dir, { recursive: true, force: true });
