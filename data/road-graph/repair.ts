/**
 * Repair of a geocoded city graph: a link longer than `maxEdgeKm` means one of its cities was placed
 * at a namesake far away (Brest in France instead of Belarus). Each city on such links is moved to the
 * namesake that sits best among its neighbours (least median distance) when that leaves it fewer long
 * links. A name that stands for two real cities (Brest in France on the E50 and Brest in Belarus on the
 * E30) is split: a long link is re-attached to a new node at the namesake near the link's other end.
 * Links still too long are dropped, then cities left without links. Everything is logged.
 */
import { haversineKm } from '../../models/geo.js';

export interface RawNode {
  id: number;
  name: string;
  lat: number;
  lon: number;
}

export interface Place {
  lat: number;
  lon: number;
  country: string;
  population: number;
}

export interface RepairedGraph {
  nodes: (RawNode & { country: string | null })[];
  edges: [number, number][];
  repaired: { id: number; name: string; from: [number, number]; to: [number, number]; country: string }[];
  split: { name: string; at: [number, number]; country: string; linkedTo: string }[];
  droppedEdges: { from: string; to: string; km: number }[];
  droppedNodes: string[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Infinity : s[Math.floor((s.length - 1) / 2)]!;
};

export function repairGraph(
  rawNodes: RawNode[],
  rawEdges: [number, number][],
  namesakes: (name: string) => Place[],
  countryAt: (lat: number, lon: number) => string | null,
  maxEdgeKm = 600,
): RepairedGraph {
  const nodes = new Map(rawNodes.map((n) => [n.id, { ...n }]));
  const edges = rawEdges.filter(([a, b]) => a !== b && nodes.has(a) && nodes.has(b));
  const neighbours = new Map<number, Set<number>>();
  for (const [a, b] of edges) {
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    if (!neighbours.has(b)) neighbours.set(b, new Set());
    neighbours.get(a)!.add(b);
    neighbours.get(b)!.add(a);
  }
  const km = (a: number, b: number) => haversineKm(nodes.get(a)!.lat, nodes.get(a)!.lon, nodes.get(b)!.lat, nodes.get(b)!.lon);
  const longLinks = (id: number, at?: { lat: number; lon: number }) =>
    [...(neighbours.get(id) ?? [])].filter((n) => haversineKm(at?.lat ?? nodes.get(id)!.lat, at?.lon ?? nodes.get(id)!.lon, nodes.get(n)!.lat, nodes.get(n)!.lon) > maxEdgeKm).length;

  const repaired: RepairedGraph['repaired'] = [];
  for (let pass = 0; pass < 5; pass++) {
    let moved = false;
    const suspects = [...nodes.keys()].map((id) => ({ id, long: longLinks(id) })).filter((s) => s.long > 0).sort((a, b) => b.long - a.long);
    for (const { id } of suspects) {
      const node = nodes.get(id)!;
      const current = longLinks(id);
      if (current === 0) continue;
      const around = [...neighbours.get(id)!].map((n) => nodes.get(n)!);
      let best: Place | null = null;
      let bestScore = Infinity;
      for (const place of namesakes(node.name)) {
        const score = median(around.map((n) => haversineKm(place.lat, place.lon, n.lat, n.lon)));
        if (score < bestScore) {
          best = place;
          bestScore = score;
        }
      }
      if (best && longLinks(id, best) < current && (Math.abs(best.lat - node.lat) > 1e-6 || Math.abs(best.lon - node.lon) > 1e-6)) {
        repaired.push({ id, name: node.name, from: [node.lat, node.lon], to: [best.lat, best.lon], country: best.country });
        node.lat = best.lat;
        node.lon = best.lon;
        moved = true;
      }
    }
    if (!moved) break;
  }

  // Split namesakes: re-attach each remaining long link to a copy of one end placed near the other end.
  const split: RepairedGraph['split'] = [];
  const copies = new Map<string, number>();
  let nextId = Math.max(0, ...nodes.keys()) + 1;
  for (let i = 0; i < edges.length; i++) {
    const [a, b] = edges[i]!;
    if (km(a, b) <= maxEdgeKm) continue;
    for (const [x, y] of [[b, a], [a, b]] as const) {
      const near = namesakes(nodes.get(x)!.name)
        .map((p) => ({ p, d: haversineKm(p.lat, p.lon, nodes.get(y)!.lat, nodes.get(y)!.lon) }))
        .filter((c) => c.d <= maxEdgeKm)
        .sort((c1, c2) => c1.d - c2.d)[0];
      if (!near) continue;
      const key = `${nodes.get(x)!.name}|${near.p.lat}|${near.p.lon}`;
      let copy = copies.get(key);
      if (copy === undefined) {
        copy = nextId++;
        copies.set(key, copy);
        nodes.set(copy, { id: copy, name: nodes.get(x)!.name, lat: near.p.lat, lon: near.p.lon });
        neighbours.set(copy, new Set());
      }
      edges[i] = [y, copy];
      split.push({ name: nodes.get(x)!.name, at: [near.p.lat, near.p.lon], country: near.p.country, linkedTo: nodes.get(y)!.name });
      break;
    }
  }

  const droppedEdges: RepairedGraph['droppedEdges'] = [];
  const kept = edges.filter(([a, b]) => {
    const d = km(a, b);
    if (d <= maxEdgeKm) return true;
    droppedEdges.push({ from: nodes.get(a)!.name, to: nodes.get(b)!.name, km: Math.round(d) });
    return false;
  });
  const linked = new Set(kept.flat());
  const droppedNodes = [...nodes.values()].filter((n) => !linked.has(n.id)).map((n) => n.name);
  return {
    nodes: [...nodes.values()].filter((n) => linked.has(n.id)).map((n) => ({ ...n, country: countryAt(n.lat, n.lon) })),
    edges: kept,
    repaired,
    split,
    droppedEdges,
    droppedNodes,
  };
}
