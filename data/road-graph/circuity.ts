/**
 * The circuity of the city graph, measured on the pairs it knows: for every two cities of one country
 * between `minKm` and `maxKm` apart that the graph connects, the shortest path over the graph's links
 * (each `linkFactor` x its great-circle length, as the router counts them) over the straight line; the
 * median of those ratios. Local links take this factor, so a short hop costs what the same hop would cost
 * along the graph's own roads. Dijkstra from each city, stopped past `maxKm x 3` of path.
 */
import { haversineKm } from '../../models/geo.js';
import type { CityGraph } from './local-network.js';

/** The factor the router gives an E-road link (engine/routing/graph.ts ROAD_DETOUR_FACTOR; a test keeps them equal). */
export const CITY_LINK_FACTOR = 1.25;

export interface Circuity {
  factor: number;
  pairs: number;
}

export function measureCircuity(graph: CityGraph, linkFactor: number, minKm = 20, maxKm = 150): Circuity {
  const index = new Map(graph.nodes.map((n, i) => [n[0], i]));
  const adj: { to: number; km: number }[][] = graph.nodes.map(() => []);
  for (const [a, b] of graph.edges) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) continue;
    const [, , la1, lo1] = graph.nodes[i]!;
    const [, , la2, lo2] = graph.nodes[j]!;
    const km = haversineKm(la1, lo1, la2, lo2) * linkFactor;
    adj[i]!.push({ to: j, km });
    adj[j]!.push({ to: i, km });
  }
  const ratios: number[] = [];
  for (let s = 0; s < graph.nodes.length; s++) {
    const [, , sLat, sLon, sCountry] = graph.nodes[s]!;
    if (!sCountry) continue;
    const dist = settle(adj, s, maxKm * 3);
    for (const t of dist.keys()) {
      if (t <= s) continue;
      const [, , tLat, tLon, tCountry] = graph.nodes[t]!;
      if (tCountry !== sCountry) continue;
      const km = haversineKm(sLat, sLon, tLat, tLon);
      if (km >= minKm && km <= maxKm) ratios.push(dist.get(t)! / km);
    }
  }
  if (ratios.length === 0) throw new Error('measureCircuity: the graph connects no two cities of one country in range');
  ratios.sort((a, b) => a - b);
  return { factor: Math.round(ratios[Math.floor((ratios.length - 1) / 2)]! * 100) / 100, pairs: ratios.length };
}

export type Adjacency = { to: number; km: number }[][];

/**
 * The nodes settled from `from` within `limitKm`, with their distances: a plain O(n^2) Dijkstra (the reach
 * is a few dozen places), stopped past the limit or when `target` is settled.
 */
export function settle(adj: Adjacency, from: number, limitKm: number, target?: number): Map<number, number> {
  const dist = new Map<number, number>([[from, 0]]);
  const done = new Map<number, number>();
  for (;;) {
    let u = -1;
    let best = Infinity;
    for (const [n, d] of dist) if (!done.has(n) && d < best) { u = n; best = d; }
    if (u < 0 || best > limitKm) return done;
    done.set(u, best);
    if (u === target) return done;
    for (const { to, km } of adj[u]!) if (best + km < (dist.get(to) ?? Infinity)) dist.set(to, best + km);
  }
}
