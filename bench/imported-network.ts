/**
 * The travel matrix on an imported country-size network (part of npm run bench:matrix). No country extract
 * is on this machine, so the network is synthetic (bench/synthetic-road-network.ts: a jittered lattice of
 * roads over Poland and the whole monitored border, written as an OSM PBF) and goes through the real
 * `bdds import osm-roads` (the command line, in a child process: its wall time and peak memory), then
 * through what a worker does after an import (the stored network read and built into the routing graph),
 * and then 1 x N matrices from Polish cities to every car crossing into Ukraine, uncached, with
 *   - the A* router with ngraph.path (engine/routing/astar.ts, what the products served before the router),
 *   - the resumable one-to-many Dijkstra (engine/routing/router.ts),
 *   - kept shortest-path trees into each crossing (engine/routing/target-trees.ts; the router's default on
 *     a graph this size, what services/live/routing.ts serves): each matrix builds up to 4, the next walk them.
 * A contraction hierarchy was tried and dropped (docs/routing.md). Env: BENCH_SPACING_KM (lattice spacing,
 * default 2).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDirectory } from '../data/directory/directory-repo.js';
import { bundledPath } from '../data/seed.js';
import { closeStore, openStore } from '../data/store.js';
import { createAStarRouter } from '../engine/routing/astar.js';
import { createRouter } from '../engine/routing/router.js';
import type { Route } from '../engine/routing/matrix.js';
import { routerForType } from '../services/live/routing.js';
import { createWorkerContext } from '../services/worker/context.js';
import { REGION_BOX, writeSyntheticNetwork } from './synthetic-road-network.js';

const TARGET_MS = 50;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

const ORIGINS: [string, number, number][] = [
  ['Kraków', 50.0647, 19.945], ['Warszawa', 52.2297, 21.0122], ['Gdańsk', 54.352, 18.6466], ['Wrocław', 51.1079, 17.0385],
  ['Poznań', 52.4064, 16.9252], ['Łódź', 51.7592, 19.456], ['Lublin', 51.2465, 22.5684], ['Rzeszów', 50.0412, 21.999],
];

export async function benchImportedNetwork(): Promise<[string, string, string][]> {
  const spacingKm = Number(process.env.BENCH_SPACING_KM ?? 2);
  const dir = mkdtempSync(join(tmpdir(), 'bdds-country-'));
  const rows: [string, string, string][] = [];
  try {
    const pbf = join(dir, 'synthetic-region.osm.pbf');
    let t = performance.now();
    const net = writeSyntheticNetwork(pbf, { ...REGION_BOX, spacingKm, seed: 30 });
    rows.push([`synthetic network written (${net.areaKm2.toLocaleString('en')} km2 box ${REGION_BOX.south}-${REGION_BOX.north} N, ` +
      `${REGION_BOX.west}-${REGION_BOX.east} E; lattice ${spacingKm} km)`, `${((performance.now() - t) / 1000).toFixed(1)} s`,
      `${net.ways.toLocaleString('en')} ways, ${(net.junctions + net.shapeNodes).toLocaleString('en')} nodes, ${mb(net.fileBytes)} PBF`]);

    // The real command line, as an operator runs it (its own process: wall time and peak resident memory).
    const dbPath = join(dir, 'country.sqlite');
    const timeBin = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', 'BENCH %e %M'] : [];
    const cmd = [...timeBin, process.execPath, '--import', 'tsx', 'api/cli.ts', 'import', 'osm-roads', pbf];
    const run = spawnSync(cmd[0]!, cmd.slice(1), { env: { ...process.env, BDDS_DB: dbPath }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`bdds import osm-roads failed: ${run.stderr}`);
    const [, wallS, rssKb] = /BENCH ([\d.]+) (\d+)/.exec(run.stderr) ?? [];
    const said = run.stdout.trim().split('\n').at(-1) ?? '';
    const size = /(\d+) junctions, (\d+) links/.exec(said);
    rows.push(['`bdds import osm-roads` (read, build, store; child process)', wallS ? `${Number(wallS).toFixed(1)} s` : '-',
      `peak RSS ${rssKb ? mb(Number(rssKb) * 1024) : 'n/a'}; ${size ? `${Number(size[1]).toLocaleString('en')} junctions, ${Number(size[2]).toLocaleString('en')} links` : said}; store ${mb(statSync(dbPath).size)}`]);

    // What a worker does on its first matrix after the import.
    const db = openStore(dbPath);
    loadDirectory(db, JSON.parse(readFileSync(bundledPath('directory.json'), 'utf8')));
    const ctx = createWorkerContext({ dbPath, replay: true });
    const rss0 = process.memoryUsage().rss;
    t = performance.now();
    const { router: served, checkpoints } = routerForType(ctx, 4);
    const g = served.graph;
    rows.push(['worker: stored network read and the routing graph built (what the served router needs)', `${((performance.now() - t) / 1000).toFixed(1)} s`,
      `${g.size.toLocaleString('en')} nodes, ${g.targets.length.toLocaleString('en')} arcs; RSS +${mb(process.memoryUsage().rss - rss0)}`]);
    const rss1 = process.memoryUsage().rss;
    t = performance.now();
    const astar = createAStarRouter(g);
    rows.push(['the A* router\'s ngraph.path copy of that graph (the comparison only)', `${((performance.now() - t) / 1000).toFixed(1)} s`,
      `RSS +${mb(process.memoryUsage().rss - rss1)}`]);
    const targets = checkpoints.filter((c) => c.destination === 1).map((c) => c.ppid);
    const km = (router: { routeEach: (o: never, t: readonly string[], c: number, v: (r: Route) => void) => void }, o: [string, number, number]) => {
      const out: (number | null)[] = [];
      router.routeEach({ lat: o[1], lon: o[2], country: 'PL' } as never, targets, 4, (r) => void out.push(r.distance_km));
      return out;
    };
    const timeEach = (router: Parameters<typeof km>[0], origins: typeof ORIGINS, rounds: number) => {
      const ms: number[] = [];
      for (let k = 0; k < rounds; k++) for (const o of origins) {
        const s = performance.now();
        km(router, o);
        ms.push(performance.now() - s);
      }
      return ms;
    };
    const label = `1 x ${targets.length} matrix, uncached, median of`;
    const verdict = (ms: number) => `${(ms / TARGET_MS).toFixed(2)} x the ${TARGET_MS} ms target (${ms <= TARGET_MS ? 'met' : 'NOT met'})`;

    const astarMs = timeEach(astar, ORIGINS.slice(0, 2), 1);
    rows.push([`${label} ${astarMs.length}: ${targets.length} A* searches, ngraph.path (served before the router)`, `${median(astarMs).toFixed(0)} ms`, verdict(median(astarMs))]);

    const plain = createRouter(g, { targetTrees: false });
    timeEach(plain, ORIGINS.slice(0, 2), 1); // warm-up
    const plainMs = timeEach(plain, ORIGINS, 3);
    const same = ORIGINS.slice(0, 2).every((o) => JSON.stringify(km(plain, o)) === JSON.stringify(km(astar, o)));
    rows.push([`${label} ${plainMs.length}: one-to-many Dijkstra (engine/routing/router.ts)`, `${median(plainMs).toFixed(0)} ms`,
      `${verdict(median(plainMs))}; same distances as A*: ${same}`]);

    // Kept trees into each crossing: each matrix builds up to 4 (one search each) and routes the rest by
    // the one-to-many search, until every crossing has its tree; then a matrix walks them.
    const trees = createRouter(g, { targetTrees: true });
    t = performance.now();
    km(trees, ORIGINS[0]!);
    const firstMs = performance.now() - t;
    let calls = 1;
    t = performance.now();
    while (trees.treesKept < targets.length && calls < 100) {
      km(trees, ORIGINS[calls % ORIGINS.length]!);
      calls++;
    }
    const fillS = (performance.now() - t) / 1000 + firstMs / 1000;
    rows.push([`first 1 x ${targets.length} matrix with kept trees (builds 4 trees, searches the rest)`, `${firstMs.toFixed(0)} ms`,
      `${calls} matrices (${fillS.toFixed(1)} s in all) until all ${trees.treesKept} trees are kept: ${mb(trees.treesKept * g.size * 8)} (8 bytes a node a tree)`]);
    const treeMs = timeEach(trees, ORIGINS, 5);
    const sameTrees = ORIGINS.every((o) => JSON.stringify(km(trees, o)) === JSON.stringify(km(plain, o)));
    rows.push([`${label} ${treeMs.length}: kept trees (engine/routing/target-trees.ts)`, `${median(treeMs).toFixed(2)} ms`,
      `${verdict(median(treeMs))}; same distances as one-to-many: ${sameTrees}`]);

    rows.push(['contraction hierarchy', '-', 'tried and dropped: on this lattice it contracted 280,000 of 292,000 nodes in 370 s (1.7 M shortcuts) and was stopped']);
    closeStore(ctx.db);
    closeStore(db);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** Prints rows as the bench's tables do. */
export function printRows(title: string, rows: [string, string, string][]) {
  const w = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length))];
  console.log(`\n${title}\n${'measurement'.padEnd(w[0]!)}  ${'result'.padStart(w[1]!)}  ratio / note`);
  for (const [a, b, c] of rows) console.log(`${a.padEnd(w[0]!)}  ${b.padStart(w[1]!)}  ${c}`);
}

if (import.meta.url === `file://${process.argv[1]}`) printRows('Travel matrix on an imported country-size network (synthetic)', await benchImportedNetwork());
