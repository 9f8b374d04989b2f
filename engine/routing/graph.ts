/**
 * The routing graph: the repaired E-road city graph plus one directed passage per monitored crossing.
 * Road links that cross a monitored border (any link between Ukraine and another country) are removed,
 * so the only way across is through a crossing: in-node reached from the nearest cities on its origin
 * side, a zero-length passage, out-node leading to the nearest cities on the other side. Stored as CSR.
 */
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { RoadGraphData } from '../../models/engine-results.js';
import { haversineKm } from '../../models/geo.js';

export type { RoadGraphData };

export interface CrossingSpec {
  ppid: string;
  lat: number;
  lon: number;
  /** ISO-2 of the side vehicles leave, and of the side they enter. */
  from: string;
  to: string;
}

/** Road distance over great-circle distance on this network (documented in README). */
export const ROAD_DETOUR_FACTOR = 1.25;
/** Cities each crossing (and an origin) is linked to, per side. */
export const ATTACH_NEIGHBOURS = 2;
/** The country whose borders are monitored: links across them are replaced by crossings. */
export const MONITORED_COUNTRY = 'UA';

export interface RoutingGraph {
  version: string;
  size: number;
  roadNodes: number;
  lat: Float64Array;
  lon: Float64Array;
  country: (string | null)[];
  name: string[];
  /** For crossing nodes: the ppid and whether the node is the entry (in) or the exit (out). */
  crossingOf: Map<number, { ppid: string; side: 'in' | 'out' }>;
  inNodeOf: Map<string, number>;
  offsets: Int32Array;
  targets: Int32Array;
  lengthsKm: Float64Array;
  /** Per link, the speed of the road for this graph's vehicle (km/h), 0 where the network has none (the city graph). */
  kmh: Float64Array;
  /** Whether the links carry road speeds (an imported network) or the vehicle's average applies. */
  roadSpeeds: boolean;
  index: KDBush;
}

const roadKm = (lat1: number, lon1: number, lat2: number, lon2: number) => haversineKm(lat1, lon1, lat2, lon2) * ROAD_DETOUR_FACTOR;

/** The `k` road nodes nearest to a point, optionally only of one country (within 250 km). */
export function nearestRoadNodes(g: Pick<RoutingGraph, 'index' | 'country'>, lat: number, lon: number, k: number, country?: string | null): number[] {
  return around(g.index, lon, lat, k, 250, country ? (i: number) => g.country[i] === country : undefined) as number[];
}

/**
 * `vehicle` picks the column of an imported network's speeds (cars, or trucks and buses); the city graph
 * has none.
 */
export function buildRoutingGraph(data: RoadGraphData, crossings: readonly CrossingSpec[], vehicle: 'car' | 'truck' = 'car'): RoutingGraph {
  const roadNodes = data.nodes.length;
  const size = roadNodes + crossings.length * 2;
  const lat = new Float64Array(size);
  const lon = new Float64Array(size);
  const country: (string | null)[] = new Array(size).fill(null);
  const name: string[] = new Array(size).fill('');
  const slot = new Map<number, number>();
  data.nodes.forEach(([id, n, la, lo, c], i) => {
    slot.set(id, i);
    lat[i] = la;
    lon[i] = lo;
    country[i] = c;
    name[i] = n;
  });
  const index = new KDBush(roadNodes);
  for (let i = 0; i < roadNodes; i++) index.add(lon[i]!, lat[i]!);
  index.finish();

  const from: number[] = [];
  const to: number[] = [];
  const km: number[] = [];
  const speeds: number[] = [];
  const link = (a: number, b: number, d: number, kmh = 0) => {
    from.push(a);
    to.push(b);
    km.push(d);
    speeds.push(kmh);
  };
  for (const [ea, eb, knownKm, oneway, carKmh, truckKmh] of data.edges) {
    const a = slot.get(ea);
    const b = slot.get(eb);
    if (a === undefined || b === undefined) continue;
    const crossesMonitored = country[a] !== country[b] && (country[a] === MONITORED_COUNTRY || country[b] === MONITORED_COUNTRY);
    if (crossesMonitored) continue;
    // A local link (data/road-graph/local-network.ts) and an imported road carry their length.
    const d = knownKm ?? roadKm(lat[a]!, lon[a]!, lat[b]!, lon[b]!);
    const kmh = (vehicle === 'car' ? carKmh : truckKmh) ?? 0;
    link(a, b, d, kmh);
    if (oneway !== 1) link(b, a, d, kmh);
  }
  const crossingOf = new Map<number, { ppid: string; side: 'in' | 'out' }>();
  const inNodeOf = new Map<string, number>();
  const g = { index, country };
  crossings.forEach((c, i) => {
    const inNode = roadNodes + 2 * i;
    const outNode = inNode + 1;
    for (const node of [inNode, outNode]) {
      lat[node] = c.lat;
      lon[node] = c.lon;
      name[node] = c.ppid;
    }
    country[inNode] = c.from;
    country[outNode] = c.to;
    crossingOf.set(inNode, { ppid: c.ppid, side: 'in' });
    crossingOf.set(outNode, { ppid: c.ppid, side: 'out' });
    inNodeOf.set(c.ppid, inNode);
    for (const n of nearestRoadNodes(g, c.lat, c.lon, ATTACH_NEIGHBOURS, c.from)) link(n, inNode, roadKm(lat[n]!, lon[n]!, c.lat, c.lon));
    link(inNode, outNode, 0);
    for (const n of nearestRoadNodes(g, c.lat, c.lon, ATTACH_NEIGHBOURS, c.to)) link(outNode, n, roadKm(c.lat, c.lon, lat[n]!, lon[n]!));
  });

  // Compressed sparse rows: the links of node i are targets[offsets[i] .. offsets[i + 1]).
  const offsets = new Int32Array(size + 1);
  for (const a of from) offsets[a + 1]!++;
  for (let i = 0; i < size; i++) offsets[i + 1]! += offsets[i]!;
  const fill = offsets.slice(0, size);
  const targets = new Int32Array(from.length);
  const lengthsKm = new Float64Array(from.length);
  const kmh = new Float64Array(from.length);
  for (let e = 0; e < from.length; e++) {
    const p = fill[from[e]!]!++;
    targets[p] = to[e]!;
    lengthsKm[p] = km[e]!;
    kmh[p] = speeds[e]!;
  }
  const roadSpeeds = speeds.some((v) => v > 0);
  return { version: data.version, size, roadNodes, lat, lon, country, name, crossingOf, inNodeOf, offsets, targets, lengthsKm, kmh, roadSpeeds, index };
}
