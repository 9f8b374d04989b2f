/**
 * The travel matrix from one origin: the shortest road route to each target crossing's entry, split
 * into legs at every border on the way (through a monitored crossing, or an open border such as
 * Germany-Poland), with drive times at the vehicle type's average speed.
 */
import { haversineKm } from '../../models/geo.js';
import { shortestTree, pathTo } from './dijkstra.js';
import { ATTACH_NEIGHBOURS, nearestRoadNodes, ROAD_DETOUR_FACTOR, type RoutingGraph } from './graph.js';
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

/** Splits a node path into legs at each border (country change) and at each monitored crossing passed. */
export function legsOf(g: RoutingGraph, path: number[], startKm: number, speed: number, target: string): Leg[] {
  const legs: Leg[] = [];
  let legKm = startKm;
  let legFrom = path.length ? g.country[path[0]!]! : null;
  let places: string[] = path.length ? [g.name[path[0]!]!] : [];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    for (let e = g.offsets[a]!; e < g.offsets[a + 1]!; e++) if (g.targets[e] === b) { legKm += g.lengthsKm[e]!; break; }
    const crossing = g.crossingOf.get(b);
    // A crossing is one place (its ppid) though it is two nodes (entry and exit).
    if (crossing?.side !== 'out') places.push(g.name[b]!);
    if (crossing?.side === 'out') {
      legs.push({ from_country: legFrom, to_country: g.country[b]!, crossing: crossing.ppid, distance_km: roundTo(legKm, 1), drive_minutes: minutes(legKm, speed), path: places });
      legFrom = g.country[b]!;
      legKm = 0;
      places = [crossing.ppid];
    } else if (!crossing && !g.crossingOf.has(a) && g.country[a] !== g.country[b] && g.country[b] !== null) {
      legs.push({ from_country: legFrom, to_country: g.country[b]!, crossing: null, distance_km: roundTo(legKm, 1), drive_minutes: minutes(legKm, speed), path: places });
      legFrom = g.country[b]!;
      legKm = 0;
      places = [g.name[b]!];
    }
  }
  const targetOut = g.inNodeOf.get(target)! + 1;
  legs.push({ from_country: legFrom, to_country: g.country[targetOut]!, crossing: target, distance_km: roundTo(legKm, 1), drive_minutes: minutes(legKm, speed), path: places });
  return legs;
}

export function routeToCrossings(g: RoutingGraph, origin: MatrixOrigin, targets: readonly string[], crossingType: number): Route[] {
  const speed = MATRIX_SPEED_KMH[crossingType] ?? 60;
  let snap = nearestRoadNodes(g, origin.lat, origin.lon, ATTACH_NEIGHBOURS + 1, origin.country);
  if (snap.length === 0) snap = nearestRoadNodes(g, origin.lat, origin.lon, ATTACH_NEIGHBOURS + 1);
  const starts = snap.map((node) => ({ node, km: haversineKm(origin.lat, origin.lon, g.lat[node]!, g.lon[node]!) * ROAD_DETOUR_FACTOR }));
  const tree = shortestTree(g, starts);
  return targets.map((ppid) => {
    const node = g.inNodeOf.get(ppid);
    const path = node === undefined ? [] : pathTo(tree, node);
    if (path.length === 0) return { ppid, reachable: false, distance_km: null, drive_minutes: null, legs: [] };
    const km = tree.distKm[node!]!;
    const startKm = starts.find((s) => s.node === path[0])!.km;
    return { ppid, reachable: true, distance_km: roundTo(km, 1), drive_minutes: minutes(km, speed), legs: legsOf(g, path, startKm, speed, ppid) };
  });
}

