/**
 * Copies the bus route network the project ships into data/bundled/bus/ (run by hand when the source changes):
 *   npx tsx data/scripts/build-bus-bundle.ts <shared-data-dir>
 * Keeps, verbatim, the FlixBus routes with a stop in the box around Ukraine and Moldova (a superset of the
 * routes crossing their borders) and the stops those routes use. At first start the service places each
 * route at the checkpoints it crosses (api/bus/seed-routes.ts), as `bdds import flixbus-network` does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const shared = process.argv[2] ?? '../shared/data';
const out = new URL('../bundled/bus/', import.meta.url).pathname;
/** Ukraine and Moldova with a margin: lat 44-53, lon 22-41. */
const inBox = (s: { lat: number; lon: number }) => s.lat >= 44 && s.lat <= 53 && s.lon >= 22 && s.lon <= 41;

const doc = JSON.parse(readFileSync(join(shared, 'flixbus-network/flixbus_network.json'), 'utf8')) as {
  stops: Record<string, { lat: number; lon: number }>;
  routes: { id: string; stops: string[] }[];
};
const routes = doc.routes.filter((r) => r.stops.some((id) => doc.stops[id] && inBox(doc.stops[id])));
const used = new Set(routes.flatMap((r) => r.stops));
const stops = Object.fromEntries(Object.entries(doc.stops).filter(([id]) => used.has(id)));
writeFileSync(join(out, 'flixbus-network-east.json.gz'), gzipSync(JSON.stringify({ stops, routes }), { level: 9 }));
console.log(`kept ${routes.length} of ${doc.routes.length} routes and ${used.size} of ${Object.keys(doc.stops).length} stops`);
