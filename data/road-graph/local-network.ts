/**
 * The local network around the monitored border: the E-road city graph only knows main cities, so every
 * hop between neighbouring crossings used to run through a regional capital (Medyka to Krakovets via
 * Lviv, 176 km for 21 km of straight line). Added here: a border post on each side of each crossing, the
 * towns near the crossings (GeoNames), and local links between them and the E-road cities of the area.
 * Local links form a greedy spanner of each country's places (pairs in order of distance; a pair gets a
 * link when the network so far has no route between them within `stretch` x the link), so any two places
 * of one country less than `linkKm` apart are joined within `stretch` x the link factor x their straight line.
 *
 * A link's length is its great-circle distance x the factor the router gives one E-road link
 * (`cityLinkFactor`, 1.25), never more than the circuity measured on the city graph and never below 1. It
 * used to be that measured circuity (1.46): but that is a figure of whole paths over the sparse E-road graph
 * (1.25 per link x the detours its paths take between main cities), and counted per local link it charged
 * those detours to every direct hop and again on top of the spanner's own (a run of towns along the
 * straight M11, Lviv to Shehyni, came out at 1.46 x its straight line: 112 km for about 82). Per link the
 * graph's own per-link factor applies; the detours come from the network.
 */
import { haversineKm } from '../../models/geo.js';
import { settle, type Adjacency } from './circuity.js';

export interface LocalPlace {
  name: string;
  lat: number;
  lon: number;
  country: string;
}

export interface CityGraph {
  nodes: [number, string, number, number, string | null][];
  edges: ([number, number] | [number, number, number])[];
}

export interface LocalNetworkOptions {
  /** The circuity measured on the city graph (whole paths; `measureCircuity`, >= 1): an upper bound on a
   * local link's factor. */
  circuity: number;
  /** Places within this distance of a border post take part (km). */
  areaKm: number;
  /** Two places of one country at most `linkKm` apart get a local link unless the network already joins
   * them within `stretch` x the link's length (a greedy spanner). */
  linkKm: number;
  stretch: number;
  /** The factor the router gives an E-road link (km = great-circle x it): a local link's factor. */
  cityLinkFactor: number;
}

export interface LocalNetwork extends CityGraph {
  posts: number;
  towns: number;
  links: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** A local link's road km over its great-circle km: the E-road link factor, at most the measured circuity, at least 1. */
export const localLinkFactor = (o: Pick<LocalNetworkOptions, 'circuity' | 'cityLinkFactor'>) => Math.max(1, Math.min(o.circuity, o.cityLinkFactor));

/**
 * Adds `posts` (the border posts, one per crossing and side) and `towns` to `graph`, and local links among
 * every place of the area (posts, towns, and the graph's own cities within `areaKm` of a post), lengths
 * great-circle x `localLinkFactor(options)`. A town within 3 km of a city the graph has of its country is that city. Local
 * links carry their km.
 */
export function addLocalNetwork(graph: CityGraph, posts: readonly LocalPlace[], towns: readonly LocalPlace[], options: LocalNetworkOptions): LocalNetwork {
  if (!(options.circuity >= 1)) throw new Error(`circuity must be at least 1, got ${options.circuity}`);
  const factor = localLinkFactor(options);
  const nodes = [...graph.nodes];
  let nextId = Math.max(0, ...nodes.map((n) => n[0])) + 1;
  const near = (p: { lat: number; lon: number }, km: number) => posts.some((q) => haversineKm(p.lat, p.lon, q.lat, q.lon) <= km);
  const area: { id: number; lat: number; lon: number; country: string }[] = [];
  for (const [id, , lat, lon, country] of graph.nodes) if (country && near({ lat, lon }, options.areaKm)) area.push({ id, lat, lon, country });
  const add = (p: LocalPlace) => {
    const id = nextId++;
    nodes.push([id, p.name, round5(p.lat), round5(p.lon), p.country]);
    area.push({ id, lat: round5(p.lat), lon: round5(p.lon), country: p.country });
  };
  for (const p of posts) add(p);
  let townCount = 0;
  for (const t of towns) {
    if (!near(t, options.areaKm)) continue;
    if (area.some((a) => a.country === t.country && haversineKm(a.lat, a.lon, t.lat, t.lon) < 3)) continue;
    add(t);
    townCount++;
  }
  const edges = [...graph.edges];
  const links = addSpannerLinks(nodes, edges, area, { ...options, circuity: factor });
  const joined = joinToCities(nodes, edges, graph.nodes.length, factor);
  return { nodes, edges, posts: posts.length, towns: townCount, links: links + joined };
}

/**
 * Joins each piece of the local network that reaches no E-road city of its country (the Slovak posts and
 * towns lie more than 60 km from Košice) to the nearest such city, by its closest place: one local link.
 */
function joinToCities(nodes: CityGraph['nodes'], edges: CityGraph['edges'], cityCount: number, circuity: number): number {
  const at = new Map(nodes.map((n, i) => [n[0], i]));
  const parent = nodes.map((_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
  for (const [a, b] of edges) {
    const i = at.get(a)!;
    const j = at.get(b)!;
    if (nodes[i]![4] === nodes[j]![4]) parent[find(i)] = find(j);
  }
  const hasCity = new Set<number>();
  for (let i = 0; i < cityCount; i++) hasCity.add(find(i));
  let added = 0;
  const pieces = new Map<number, number[]>();
  for (let i = cityCount; i < nodes.length; i++) if (!hasCity.has(find(i))) pieces.set(find(i), [...(pieces.get(find(i)) ?? []), i]);
  for (const members of pieces.values()) {
    let best: { a: number; b: number; km: number } | null = null;
    for (const a of members) {
      for (let b = 0; b < cityCount; b++) {
        if (nodes[b]![4] !== nodes[a]![4]) continue;
        const km = haversineKm(nodes[a]![2], nodes[a]![3], nodes[b]![2], nodes[b]![3]);
        if (!best || km < best.km) best = { a, b, km };
      }
    }
    if (!best) continue;
    edges.push([nodes[best.a]![0], nodes[best.b]![0], round1(best.km * circuity)]);
    added++;
  }
  return added;
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

type Area = { id: number; lat: number; lon: number; country: string }[];

/** The greedy spanner over each country's places of the area; returns the number of links added. */
function addSpannerLinks(nodes: CityGraph['nodes'], edges: CityGraph['edges'], area: Area, o: LocalNetworkOptions): number {
  const at = new Map(nodes.map((n, i) => [n[0], i]));
  const adj: { to: number; km: number }[][] = nodes.map(() => []);
  const connect = (i: number, j: number, km: number) => {
    adj[i]!.push({ to: j, km });
    adj[j]!.push({ to: i, km });
  };
  for (const [a, b, known] of edges) {
    const i = at.get(a)!;
    const j = at.get(b)!;
    // Only links within one country count: the router removes those across the monitored border.
    if (nodes[i]![4] !== nodes[j]![4]) continue;
    connect(i, j, known ?? haversineKm(nodes[i]![2], nodes[i]![3], nodes[j]![2], nodes[j]![3]) * o.cityLinkFactor);
  }
  const pairs: { i: number; j: number; km: number }[] = [];
  for (let x = 0; x < area.length; x++) {
    for (let y = x + 1; y < area.length; y++) {
      const [a, b] = [area[x]!, area[y]!];
      if (a.country !== b.country) continue;
      const km = haversineKm(a.lat, a.lon, b.lat, b.lon);
      if (km <= o.linkKm) pairs.push({ i: at.get(a.id)!, j: at.get(b.id)!, km });
    }
  }
  pairs.sort((p, q) => p.km - q.km);
  let added = 0;
  for (const { i, j, km } of pairs) {
    const length = round1(km * o.circuity);
    if (within(adj, i, j, length * o.stretch)) continue;
    connect(i, j, length);
    edges.push([nodes[i]![0], nodes[j]![0], length]);
    added++;
  }
  return added;
}

/** Whether the network joins `from` to `to` within `limitKm`. */
const within = (adj: Adjacency, from: number, to: number, limitKm: number) => settle(adj, from, limitKm, to).has(to);
