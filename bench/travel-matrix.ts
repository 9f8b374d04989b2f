/**
 * Travel-matrix speed (npm run bench:matrix), all measured in this run on the bundled road graph and the
 * shipped history (demo replay at a fixed instant, typical weeks and models computed first):
 * - routing: the resumable one-to-many Dijkstra the workers serve (engine/routing/router.ts; with and without
 *   its rule that a route passes each country once) and A* per crossing with ngraph.path (served before it)
 *   against the Dijkstra tree (the test oracle), with the same answers;
 * - the whole matrix as a worker computes it from ids (routes, queues at arrival from forecasts, totals),
 *   on the main thread and in a worker; matrices/s, pool of 2 vs main thread only (P1 >= 1.45 x), both
 *   warmed alike, in alternating rounds (bench/throughput.ts);
 * - the full product through the app, uncached (target G1 <= 50 ms p50), and with `limit=3`, which
 *   routes only the crossings that can still be among the three fastest;
 * - then a 1 x N matrix on an imported country-size network (bench/imported-network.ts: synthetic, through
 *   the real `bdds import osm-roads`), with the import's time and memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../api/app.js';
import { issueKey } from '../api/access/issue-key.js';
import { createDeps } from '../api/create-deps.js';
import { runDayStats } from '../services/jobs/day-stats-job.js';
import { runForecastModels } from '../services/jobs/forecast-job.js';
import { routerForType } from '../services/live/routing.js';
import { createAStarRouter } from '../engine/routing/astar.js';
import { createLogger } from '../api/logger.js';
import { createServicePool } from '../services/worker/pool.js';
import { createWorkerContext } from '../services/worker/context.js';
import { travelMatrixTask, type MatrixTaskArgs } from '../services/products/travel-matrix/task.js';
import { seedBundled } from '../data/seed.js';
import { closeStore, openStore } from '../data/store.js';
import { routeToCrossings } from '../engine/routing/matrix.js';
import { createRouter } from '../engine/routing/router.js';
import { benchImportedNetwork, printRows } from './imported-network.js';
import { compareThroughput } from './throughput.js';

const NOW = '2026-11-22T10:00:00Z';
const nowS = Date.parse(NOW) / 1000;
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
const dbPath = join(dir, 'bench.sqlite');
const db = openStore(dbPath);
seedBundled(db, { history: true });
const settings = { dbPath, replay: true };
const servicePool = createServicePool(settings, { maxQueue: 10_000, taskTimeoutMs: 60_000 });
const { deps } = createDeps({ db, engine: servicePool, log: createLogger('silent'), now: () => new Date(NOW),
  settings: { serviceName: 'bench', internalToken: null, demoReplay: true } });
// Typical weeks too: each result carries its crossing's typical time, read from them in the worker.
await runDayStats(deps);
await runForecastModels(deps);

// Routing alone: Krakow to every car crossing into Ukraine.
const ctx = createWorkerContext(settings);
const { router, checkpoints } = routerForType(ctx, 4);
const origin = { lat: 50.0647, lon: 19.945, country: 'PL' };
const targets = checkpoints.filter((c) => c.destination === 1).map((c) => c.ppid);
const treeMs = time(() => routeToCrossings(router.graph, origin, targets, 4), 200);
const astar = createAStarRouter(router.graph);
const astarMs = time(() => astar.routeEach(origin, targets, 4, () => true), 200);
// The router the products serve (passing each country once), and the same without that rule (the oracle's routes).
const servedMs = time(() => router.routeEach(origin, targets, 4, () => true), 200);
const oneToMany = createRouter(router.graph, { oncePerCountry: false });
const oneToManyMs = time(() => oneToMany.routeEach(origin, targets, 4, () => true), 200);
const sameAs = (r: Pick<typeof oneToMany, 'routeEach'>) => {
  const tree = routeToCrossings(router.graph, origin, targets, 4);
  const got: number[] = [];
  r.routeEach(origin, targets, 4, (x) => void got.push(x.distance_km ?? -1));
  return tree.every((x, i) => (x.distance_km ?? -1) === got[i]);
};
const sameAnswers = sameAs(astar);
const sameOneToMany = sameAs(oneToMany);

// The whole matrix from ids: main thread vs workers.
const origins = Array.from({ length: 12 }, (_, i) => ({ lat: 49 + (i % 4) * 0.8, lon: 18 + (i % 6) * 1.5 }));
const argsFor = (i: number, limit: number | null = null): MatrixTaskArgs => ({
  origin_lat: origins[i % origins.length]!.lat, origin_lon: origins[i % origins.length]!.lon, type: 4, dest: 'all', origin_country: 'PL',
  lang: 'en', limit, nowS, directoryVersion: 0,
});
// The same work either way: the answer computed in one read transaction and serialised, as a worker does.
const onMain = ctx.db.transaction((args: MatrixTaskArgs) => JSON.stringify(travelMatrixTask(ctx, args).data));
for (let i = 0; i < 12; i++) onMain(argsFor(i)); // the forecasts for this hour are cached after the first
const mainMs = time(() => onMain(argsFor(7)), 50);
const pool2 = createServicePool(settings, { threads: 2, maxQueue: 10_000, taskTimeoutMs: 60_000 });
const throughput = await compareThroughput((i) => onMain(argsFor(i)), (i) => pool2.run('travelMatrix', argsFor(i)));
await pool2.close();

// The full product through the app, the operation cache cleared before each request.
const app = buildApp(deps);
await app.ready();
const key = issueKey(deps.repos.keys, { email: 'bench@localhost', plan: 'payg', limits: { qps: 1e9, standard: 1e9 } }, deps.now()).key;
const request = async (query: string) => {
  deps.cache.clear();
  const s = performance.now();
  const res = await app.inject({ url: `/api/v1/data/travel-matrix?${query}`, headers: { authorization: `Bearer ${key}` } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { ms: performance.now() - s, body: res.json() as { meta: { routed: number; candidates: number } } };
};
const first = await request('origin_lat=50.0647&origin_lon=19.945');
const full: number[] = [];
const limited: number[] = [];
let routed = '';
for (let i = 0; i < 40; i++) {
  const o = origins[i % origins.length]!;
  full.push((await request(`origin_lat=${o.lat}&origin_lon=${o.lon}`)).ms);
  const l = await request(`origin_lat=${o.lat}&origin_lon=${o.lon}&limit=3`);
  limited.push(l.ms);
  if (i === 0) routed = `${l.body.meta.routed} of ${l.body.meta.candidates} crossings routed`;
}
await app.close();
await servicePool.close();
closeStore(ctx.db);
closeStore(db);
rmSync(dir, { recursive: true, force: true });

const { mainRate, poolRate, ratio } = throughput;
const rows: [string, string, string][] = [
  [`one Dijkstra tree to ${targets.length} crossings (test oracle)`, `${treeMs.toFixed(3)} ms`, '1.00 x'],
  [`${targets.length} A* searches, ngraph.path (served before the router)`, `${astarMs.toFixed(3)} ms`, `${(astarMs / treeMs).toFixed(1)} x the tree; same distances: ${sameAnswers}`],
  ['one-to-many Dijkstra, resumable (engine/routing/router.ts)', `${oneToManyMs.toFixed(3)} ms`, `${(oneToManyMs / treeMs).toFixed(1)} x the tree; same distances: ${sameOneToMany}`],
  ['the same, each country passed once (served)', `${servedMs.toFixed(3)} ms`, `${(servedMs / treeMs).toFixed(1)} x the tree`],
  ['whole matrix from ids (routes, queues at arrival, totals), main thread', `${mainMs.toFixed(2)} ms`, 'forecasts cached for the hour'],
  ['matrices/s, main thread only', mainRate.toFixed(0), '1.00 x'],
  ['matrices/s, pool of 2 threads', poolRate.toFixed(0), `${ratio.toFixed(2)} x (P1 >= 1.45 x: ${ratio >= 1.45 ? 'met' : 'NOT met'}; rounds ${throughput.rounds.map((r) => r.toFixed(2)).join(', ')})`],
  ['full product, first request after start (worker computes the forecasts)', `${first.ms.toFixed(1)} ms`, ''],
  ['full product, uncached (p50)', `${median(full).toFixed(1)} ms`, `G1 <= 50 ms: ${median(full) <= 50 ? 'met' : 'NOT met'}`],
  ['full product with limit=3, uncached (p50)', `${median(limited).toFixed(1)} ms`, routed],
];
printRows('Travel matrix on the bundled road graph and the shipped history', rows);
printRows('Travel matrix on an imported country-size network (synthetic: a lattice of roads, not a map)', await benchImportedNetwork());
