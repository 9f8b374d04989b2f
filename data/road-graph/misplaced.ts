/**
 * A second look at the repaired city graph, for misplacements too small for the 600 km repair: a city
 * whose longest link is over `suspectKm` moves to the namesake that at least halves its longest link
 * (Dubno, geocoded to Hungary and linked to Kobryn in Belarus, is the Ukrainian Dubno; Nesterov, placed at
 * Zhovkva near Lviv, is the Kaliningrad one on the road to Marijampolė). Then components of fewer than
 * `minComponent` cities are dropped (Batumi and Poti, geocoded near Warsaw and in Belarus, linked only to
 * each other): an origin must never snap to a city that leads nowhere.
 */
import { haversineKm } from '../../models/geo.js';
import type { Place, RepairedGraph } from './repair.js';

export interface Relocated {
  name: string;
  from: [number, number];
  to: [number, number];
  country: string | null;
}

export function relocateMisplaced(
  graph: Pick<RepairedGraph, 'nodes' | 'edges'>,
  namesakes: (name: string) => Place[],
  countryAt: (lat: number, lon: number) => string | null,
  suspectKm = 250,
  minComponent = 3,
): { nodes: RepairedGraph['nodes']; edges: [number, number][]; relocated: Relocated[]; dropped: string[] } {
  const nodes = new Map(graph.nodes.map((n) => [n.id, { ...n }]));
  const neighbours = new Map<number, number[]>();
  for (const [a, b] of graph.edges) {
    neighbours.set(a, [...(neighbours.get(a) ?? []), b]);
    neighbours.set(b, [...(neighbours.get(b) ?? []), a]);
  }
  const longest = (at: { lat: number; lon: number }, id: number) =>
    Math.max(0, ...(neighbours.get(id) ?? []).map((n) => haversineKm(at.lat, at.lon, nodes.get(n)!.lat, nodes.get(n)!.lon)));
  const relocated: Relocated[] = [];
  for (const node of [...nodes.values()]) {
    const current = longest(node, node.id);
    if (current <= suspectKm) continue;
    const best = namesakes(node.name).map((p) => ({ p, km: longest(p, node.id) })).sort((x, y) => x.km - y.km)[0];
    if (!best || best.km > current / 2) continue;
    relocated.push({ name: node.name, from: [node.lat, node.lon], to: [best.p.lat, best.p.lon], country: best.p.country });
    Object.assign(node, { lat: best.p.lat, lon: best.p.lon, country: countryAt(best.p.lat, best.p.lon) ?? best.p.country });
  }
  // Components by union-find; the small ones go.
  const parent = new Map([...nodes.keys()].map((id) => [id, id]));
  const find = (x: number): number => (parent.get(x) === x ? x : (parent.set(x, find(parent.get(x)!)), parent.get(x)!));
  for (const [a, b] of graph.edges) parent.set(find(a), find(b));
  const size = new Map<number, number>();
  for (const id of nodes.keys()) size.set(find(id), (size.get(find(id)) ?? 0) + 1);
  const keep = (id: number) => size.get(find(id))! >= minComponent;
  return {
    nodes: [...nodes.values()].filter((n) => keep(n.id)),
    edges: graph.edges.filter(([a]) => keep(a)),
    relocated,
    dropped: [...nodes.values()].filter((n) => !keep(n.id)).map((n) => n.name),
  };
}
