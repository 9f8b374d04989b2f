/**
 * An OSM road network as a routing graph: every way of the routing classes split at its junctions (a node
 * two ways share, or a way's end), each piece one edge (its length along the geometry, one-way or not, car
 * and truck speeds), so the chains of degree-2 nodes between junctions are contracted; then a junction left
 * between just two two-way edges of equal speeds is contracted too. Nodes get their country from
 * `countryAt`; the result has the shape of the bundled graph (models/engine-results.ts RoadGraphData).
 */
import { haversineKm } from '../../../models/geo.js';
import type { RoadGraphData } from '../../../models/engine-results.js';
import type { OsmRoads } from './read.js';
import { onewayOf, waySpeeds, type RoadClass } from './speeds.js';

type Edge = { a: number; b: number; km: number; oneway: 0 | 1; car: number; truck: number };

export function buildOsmRoadGraph(osm: OsmRoads, countryAt: (lat: number, lon: number) => string | null, version: string): RoadGraphData & { ways: number } {
  const uses = new Map<number, number>();
  for (const w of osm.ways) for (const r of w.refs) uses.set(r, (uses.get(r) ?? 0) + 1);
  const edges: Edge[] = [];
  for (const w of osm.ways) {
    const refs = w.refs.filter((r) => osm.coords.has(r));
    if (refs.length < 2) continue;
    const dir = onewayOf(w.tags);
    const speeds = waySpeeds(w.tags.highway as RoadClass, w.tags.maxspeed);
    let start = 0;
    let km = 0;
    for (let i = 1; i < refs.length; i++) {
      const [la1, lo1] = osm.coords.get(refs[i - 1]!)!;
      const [la2, lo2] = osm.coords.get(refs[i]!)!;
      km += haversineKm(la1, lo1, la2, lo2);
      if (i === refs.length - 1 || uses.get(refs[i]!)! > 1) {
        const [a, b] = dir === -1 ? [refs[i]!, refs[start]!] : [refs[start]!, refs[i]!];
        if (a !== b) edges.push({ a, b, km, oneway: dir === 0 ? 0 : 1, ...speeds });
        start = i;
        km = 0;
      }
    }
  }
  const merged = contractTwoWayChains(edges);
  const ids = new Map<number, number>();
  const nodes: RoadGraphData['nodes'] = [];
  const idOf = (ref: number) => {
    let id = ids.get(ref);
    if (id === undefined) {
      const [lat, lon] = osm.coords.get(ref)!;
      ids.set(ref, (id = nodes.length + 1));
      nodes.push([id, '', Math.round(lat * 1e6) / 1e6, Math.round(lon * 1e6) / 1e6, countryAt(lat, lon)]);
    }
    return id;
  };
  return {
    version,
    nodes,
    edges: merged.map((e) => [idOf(e.a), idOf(e.b), Math.round(e.km * 1000) / 1000, e.oneway, e.car, e.truck]),
    ways: osm.ways.length,
  };
}

/** Joins the two edges of a node that has exactly two, both two-way and of equal speeds (repeated to a fixpoint). */
function contractTwoWayChains(edges: Edge[]): Edge[] {
  const at = new Map<number, Set<Edge>>();
  const attach = (e: Edge) => {
    for (const n of [e.a, e.b]) (at.get(n) ?? at.set(n, new Set()).get(n)!).add(e);
  };
  edges.forEach(attach);
  const live = new Set(edges);
  for (const [node, set] of at) {
    if (set.size !== 2) continue;
    const [e1, e2] = [...set] as [Edge, Edge];
    if (e1.oneway || e2.oneway || e1.car !== e2.car || e1.truck !== e2.truck) continue;
    const end1 = e1.a === node ? e1.b : e1.a;
    const end2 = e2.a === node ? e2.b : e2.a;
    if (end1 === end2 || end1 === node || end2 === node) continue;
    const joined: Edge = { a: end1, b: end2, km: e1.km + e2.km, oneway: 0, car: e1.car, truck: e1.truck };
    for (const e of [e1, e2]) {
      live.delete(e);
      at.get(e.a)?.delete(e);
      at.get(e.b)?.delete(e);
    }
    at.delete(node);
    live.add(joined);
    attach(joined);
  }
  return [...live];
}
