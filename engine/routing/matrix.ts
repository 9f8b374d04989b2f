/**
 * The travel matrix from one origin: the shortest road route to each target crossing's entry, split
 * into legs at every border on the way (through a monitored crossing, or an open border such as
 * Germany-Poland), with drive times at the vehicle type's average speed. A route passes no monitored
 * crossing but its own, except a route from inside Ukraine back into it, which leaves once (passages.ts).
 */
import { haversineKm } from '../../models/geo.js';
import { shortestTree, pathTo, type Tree } from './dijkstra.js';
import { ATTACH_NEIGHBOURS, nearestRoadNodes, ROAD_DETOUR_FACTOR, type RoutingGraph } from './graph.js';
import { closedPassages, passagePolicy, type PassagePolicy } from './passages.js';
import { roundTo } from '../../models/round.js';

/** Average speeds (km/h) on the E-road network including towns and stops; trucks are slower. */
export const MATRIX_SPEED_KMH: Record<number, number> = { 4: 75, 5: 75, 6: 65, 7: 5, 8: 65, 9: 60 };

export interface Leg {
  from_country: string | null;
  to_country: string | null;
  /** The monitored crossing that ends this leg, or null for an open border. */
  crossing: string | null;
  distance_km: number;
  drive_minutes: number;
  /** The places the leg passes, in order: road-graph cities by name, a monitored crossing by its ppid. */
  path: string[];
  /** The routing graph the leg was routed on (its version: the bundled city graph, or an imported network). */
  graph: string;
  /** The speed its drive time assumes: the vehicle type's average over the network, or (an imported OSM
   * network) the leg's length over the sum of its roads' times at their speeds. */
  speed_kmh: number;
  speed_basis: 'vehicle_average' | 'road_speeds';
}

export interface Route {
  ppid: string;
  reachable: boolean;
  distance_km: number | null;
  drive_minutes: number | null;
  legs: Leg[];
}

export interface MatrixOrigin {
  lat: number;
  lon: number;
  /** Snap to cities of this country (the origin's own); null = nearest cities of any country. */
  country: string | null;
}

const minutes = (km: number, speed: number) => Math.round((km / speed) * 60);

/**
 * Splits a node path into legs at each border (country change) and at each monitored crossing passed. Drive
 * time: each link at its road's speed where the network has speeds (an imported OSM network), else at the
 * vehicle type's average; a leg says which (`speed_basis`) and its resulting speed.
 */
export function legsOf(g: RoutingGraph, path: number[], startKm: number, speed: number, target: string): Leg[] {
  const legs: Leg[] = [];
  let legKm = startKm;
  let legMin = (startKm / speed) * 60;
  let legFrom = path.length ? g.country[path[0]!]! : null;
  let places: string[] = path.length && g.name[path[0]!] ? [g.name[path[0]!]!] : [];
  const close = (to: string | null, crossing: string | null) => {
    const km = roundTo(legKm, 1);
    legs.push({ from_country: legFrom, to_country: to, crossing, distance_km: km, drive_minutes: Math.round(legMin), path: places, graph: g.version,
      speed_kmh: g.roadSpeeds && legMin > 0 ? roundTo(legKm / (legMin / 60), 1) : speed, speed_basis: g.roadSpeeds ? 'road_speeds' : 'vehicle_average' });
    legFrom = to;
    legKm = 0;
    legMin = 0;
  };
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    for (let e = g.offsets[a]!; e < g.offsets[a + 1]!; e++) {
      if (g.targets[e] !== b) continue;
      legKm += g.lengthsKm[e]!;
      legMin += (g.lengthsKm[e]! / (g.kmh[e]! > 0 ? g.kmh[e]! : speed)) * 60;
      break;
    }
    const crossing = g.crossingOf.get(b);
    // A crossing is one place (its ppid) though it is two nodes (entry and exit); an OSM node has no name.
    if (crossing?.side !== 'out' && g.name[b]) places.push(g.name[b]!);
    if (crossing?.side === 'out') {
      close(g.country[b]!, crossing.ppid);
      places = [crossing.ppid];
    } else if (!crossing && !g.crossingOf.has(a) && g.country[a] !== g.country[b] && g.country[b] !== null) {
      close(g.country[b]!, null);
      places = g.name[b] ? [g.name[b]!] : [];
    }
  }
  close(g.country[g.inNodeOf.get(target)! + 1]!, target);
  return legs;
}

/** A route's drive time: the sum of its legs' on a network with road speeds, else its length at the average. */
export const routeMinutes = (g: RoutingGraph, km: number, speed: number, legs: readonly Leg[]) =>
  g.roadSpeeds ? legs.reduce((sum, l) => sum + l.drive_minutes, 0) : minutes(km, speed);

export function routeToCrossings(g: RoutingGraph, origin: MatrixOrigin, targets: readonly string[], crossingType: number): Route[] {
  const speed = MATRIX_SPEED_KMH[crossingType] ?? 60;
  let snap = nearestRoadNodes(g, origin.lat, origin.lon, ATTACH_NEIGHBOURS + 1, origin.country);
  if (snap.length === 0) snap = nearestRoadNodes(g, origin.lat, origin.lon, ATTACH_NEIGHBOURS + 1);
  const starts = snap.map((node) => ({ node, km: haversineKm(origin.lat, origin.lon, g.lat[node]!, g.lon[node]!) * ROAD_DETOUR_FACTOR }));
  // One tree per passage policy the targets need (at most two).
  const trees = new Map<PassagePolicy, Tree>();
  const treeFor = (policy: PassagePolicy) => trees.get(policy) ?? trees.set(policy, shortestTree(g, starts, closedPassages(g, policy))).get(policy)!;
  return targets.map((ppid) => {
    const node = g.inNodeOf.get(ppid);
    const tree = node === undefined ? null : treeFor(passagePolicy(g, origin.country, node));
    const path = node === undefined ? [] : pathTo(tree!, node);
    if (path.length === 0) return { ppid, reachable: false, distance_km: null, drive_minutes: null, legs: [] };
    const km = tree!.distKm[node!]!;
    const startKm = starts.find((s) => s.node === path[0])!.km;
    const legs = legsOf(g, path, startKm, speed, ppid);
    return { ppid, reachable: true, distance_km: roundTo(km, 1), drive_minutes: routeMinutes(g, km, speed, legs), legs };
  });
}

