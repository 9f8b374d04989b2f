/**
 * Travel-matrix speed (npm run bench:matrix): one shortest-path tree per origin vs one A* search
 * (ngraph.path, haversine heuristic) per crossing, the routing task in a worker, matrices per second on
 * the main thread vs a pool of 1 and of all threads, and the full product (routing + queues at arrival)
 * through the app (target G1: one full matrix <= 50 ms). All ratios are measured in this run; they are
 * why the service routes with one tree, on the main thread.
 */
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import { buildApp } from '../api/app.js';
import { createDeps } from '../api/create-deps.js';
import { runForecastModels } from '../api/jobs/forecast-job.js';
import { issueKey } from '../api/access/issue-key.js';
import { createLogger } from '../api/logger.js';
import { loadRoadGraph, seedBundled } from '../data/seed.js';
import { closeStore, openStore } from '../data/store.js';
import { haversineKm } from '../models/geo.js';
import { createEnginePool } from '../engine/pool.js';
import { buildRoutingGraph, nearestRoadNodes } from '../engine/routing/graph.js';
import { routeToCrossings } from '../engine/routing/matrix.js';
import { COUNTRY_ISO2 } from '../models/codes.js';
import { LANGUAGES } from '../models/languages.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = (fn: () => unknown, runs: number) => {
  for (let i = 0; i < 5; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  return median(t);
};

const dir = mkdtempSync(join(tmpdir(), 'bdds-bench-'));
const db = openStore(join(dir, 'bench.sqlite'));
seedBundled(db, { history: true });
const engine = createEnginePool({ threads: 1, maxQueue: 10_000, taskTimeoutMs: 60_000 });
const { deps } = createDeps({ db, engine, log: createLogger('silent'), now: () => new Date('2026-11-22T10:00:00Z'),
  settings: { serviceName: 'bench', internalToken: null, demoReplay: true } });
const road = loadRoadGraph();
const cars = deps.repos.directory.all().filter((c) => c.crossing_type === 4);
const crossings = cars.map((c) => ({ ppid: c.ppid, lat: c.lat, lon: c.lon, from: COUNTRY_ISO2[c.origin]!, to: COUNTRY_ISO2[c.destination]! }));
const origin = { lat: 50.0647, lon: 19.945, country: 'PL' };
const targets = cars.filter((c) => c.destination === 1).map((c) => c.ppid);

const buildMs = time(() => buildRoutingGraph(road, crossings), 20);
const g = buildRoutingGraph(road, crossings);
const treeMs = time(() => routeToCrossings(g, origin, targets, 4), 200);

// The same graph in ngraph.graph, one A* search per target.
const ng = createGraph<{ lat: number; lon: number }, { km: number }>();
for (let i = 0; i < g.size; i++) ng.addNode(i, { lat: g.lat[i]!, lon: g.lon[i]! });
for (let i = 0; i < g.size; i++) for (let e = g.offsets[i]!; e < g.offsets[i + 1]!; e++) ng.addLink(i, g.targets[e]!, { km: g.lengthsKm[e]! });
const finder = ngraphPath.aStar(ng, {
  oriented: true,
  distance: (_a, _b, link) => link.data.km,
  heuristic: (a, b) => haversineKm(a.data.lat, a.data.lon, b.data.lat, b.data.lon),
});
const start = nearestRoadNodes(g, origin.lat, origin.lon, 1, 'PL')[0]!;
const astarMs = time(() => { for (const t of targets) finder.find(start, g.inNodeOf.get(t)!); }, 50);

const arg = { key: 'bench', road, crossings, origin, targets, crossingType: 4 };
for (let i = 0; i < 5; i++) await engine.run('travelMatrix', arg);
const workerTimes: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  await engine.run('travelMatrix', arg);
  workerTimes.push(performance.now() - t0);
}
const workerMs = median(workerTimes);
await engine.close();

const N = 300;
const t0 = performance.now();
for (let i = 0; i < N; i++) routeToCrossings(g, origin, targets, 4);
const mainRate = N / ((performance.now() - t0) / 1000);
async function poolRate(threads: number) {
  const pool = createEnginePool({ threads, maxQueue: 10_000, taskTimeoutMs: 60_000 });
  await Promise.all(Array.from({ length: threads * 2 }, () => pool.run('travelMatrix', arg)));
  const s = performance.now();
  await Promise.all(Array.from({ length: N }, () => pool.run('travelMatrix', arg)));
  const rate = N / ((performance.now() - s) / 1000);
  await pool.close();
  return rate;
}
const rate1 = await poolRate(1);
const cores = availableParallelism();
const rateAll = await poolRate(cores);

// The whole product through the app: routing in the pool plus forecasts for the queue at arrival.
const appEngine = createEnginePool({ threads: Math.max(1, cores - 1), maxQueue: 1000, taskTimeoutMs: 60_000 });
const appDeps = createDeps({ db, engine: appEngine, log: createLogger('silent'), now: () => new Date('2026-11-22T10:00:00Z'),
  settings: { serviceName: 'bench', internalToken: null, demoReplay: true } }).deps;
await runForecastModels(appDeps);
const app = buildApp(appDeps);
const key = issueKey(appDeps.repos.keys, { email: 'bench@localhost', plan: 'payg', limits: { qps: 1_000_000, standard: 1_000_000 } }, appDeps.now()).key;
const url = '/api/v1/data/travel-matrix?origin_lat=50.0647&origin_lon=19.945';
const c0 = performance.now();
await app.inject({ url, headers: { authorization: `Bearer ${key}` } });
const coldMs = performance.now() - c0;
// Each language is a new matrix answer (not cached) while the crossings' forecasts stay cached, as they
// are between requests in a running service.
const warm: number[] = [];
for (const lang of LANGUAGES) {
  const s = performance.now();
  await app.inject({ url: `${url}&lang=${lang}`, headers: { authorization: `Bearer ${key}` } });
  warm.push(performance.now() - s);
}
const warmMs = median(warm);
await app.close();
await appEngine.close();
closeStore(db);
rmSync(dir, { recursive: true, force: true });

const rows: [string, string, string][] = [
  [`routing graph build (${g.size} nodes, ${g.targets.length} links)`, `${buildMs.toFixed(2)} ms`, 'once per worker and key'],
  [`one shortest-path tree to ${targets.length} crossings`, `${treeMs.toFixed(3)} ms`, '1.00 x'],
  [`${targets.length} A* searches (ngraph.path)`, `${astarMs.toFixed(3)} ms`, `${(astarMs / treeMs).toFixed(1)} x the tree`],
  ['matrix task in a worker (round trip, graph cached)', `${workerMs.toFixed(2)} ms`, ''],
  ['matrices/s, main thread only', mainRate.toFixed(0), '1.00 x'],
  ['matrices/s, pool of 1 thread', rate1.toFixed(0), `${(rate1 / mainRate).toFixed(2)} x`],
  [`matrices/s, pool of ${cores} threads`, rateAll.toFixed(0), `${(rateAll / mainRate).toFixed(2)} x`],
  ['full product, first request (forecasts computed)', `${coldMs.toFixed(1)} ms`, ''],
  ['full product, forecasts cached (median)', `${warmMs.toFixed(1)} ms`, `G1 <= 50 ms: ${warmMs <= 50 ? 'met' : 'NOT met'}`],
];
const w = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length))];
console.log(`${'measurement'.padEnd(w[0]!)}  ${'result'.padStart(w[1]!)}  ratio / target`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(w[0]!)}  ${b.padStart(w[1]!)}  ${c}`);
