/**
 * Placing the bus route network at the checkpoints it crosses (npm run bench:bus): the shipped FlixBus
 * network (engine/bus/route-crossings.ts over the bundled road graph, each stop's country from GeoNames),
 * as the first start and `bdds import flixbus-network` run it. Printed beside the same run's parse of the
 * network file, so the ratio says what placing costs over reading.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { createDirectoryRepo } from '../data/directory/directory-repo.js';
import { parseFlixbusNetwork } from '../data/importers/bus/flixbus-network.js';
import { bundledPath, loadRoadGraph, seedBundled } from '../data/seed.js';
import { openStore } from '../data/store.js';
import { routeCrossingRows } from '../services/bus/route-network.js';
import { BUS_BUNDLE } from '../services/seed.js';

const db = openStore(':memory:');
seedBundled(db, { history: false });
const repos = { directory: createDirectoryRepo(db), roadGraph: loadRoadGraph() };
const text = gunzipSync(readFileSync(bundledPath(BUS_BUNDLE))).toString('utf8');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const timed = <T>(fn: () => T, runs: number): { ms: number; value: T } => {
  let value = fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    value = fn();
    t.push(performance.now() - t0);
  }
  return { ms: median(t), value };
};

const parse = timed(() => parseFlixbusNetwork(text, BUS_BUNDLE), 7);
const place = timed(() => routeCrossingRows(repos, parse.value.network), 7);
const routes = parse.value.network.routes.length;
console.log('| step (median of 7, after one warm-up) | ms | routes | crossing routes |');
console.log('|---|---|---|---|');
console.log(`| parse the network file | ${parse.ms.toFixed(1)} | ${routes} | |`);
console.log(`| place the routes at their checkpoints | ${place.ms.toFixed(1)} | ${routes} | ${place.value.rows.length} |`);
console.log(`\nplacing / parsing: ${(place.ms / parse.ms).toFixed(2)} x`);
