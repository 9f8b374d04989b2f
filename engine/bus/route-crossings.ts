/**
 * Where bus routes cross a border of Ukraine or Moldova, and at which checkpoint: a route is a carrier's stop
 * sequence without geometry, so each stop gets its country from its coordinates (a `CountryLocator`), and
 * each pair of consecutive stops in different countries, one of them Ukraine or Moldova, is routed on the
 * road graph with the bus passages (passages.ts) as the only ways across Ukraine's borders
 * (engine/routing/graph.ts): the checkpoint on the shortest road from the last stop before the border to the
 * first stop after it is the one inferred.
 *
 * The estimate for each checkpoint is the road from the first stop to it plus the road from it to the second
 * stop, each the shorter of the graph's road (the graph joins a checkpoint to its two nearest cities, often
 * 50-100 km away) and, within DIRECT_KM, the straight line x 1.25 (so that near the border the roads do not
 * all bend through the same few cities). Checkpoints within TIE_KM of the shortest are a tie, settled for the
 * main crossing (the location serving the most vehicle types).
 *
 * Two stops far apart (Lviv -> Berlin, 800 km with no stop in Poland) leave the bus free to take another
 * checkpoint than the shortest road does, and the graph knows E-roads between cities, not every road. So each
 * crossing says how sure it is: `gap_km` between the stops, `extra_km` (the detour over the straight line x
 * 1.25: near 0 when the checkpoint lies on the way) and `alternatives`, the other checkpoints whose road is
 * at most ALTERNATIVE_KM (or ALTERNATIVE_SHARE of the road) longer, which the bus may as well take. A pair
 * whose road crosses no checkpoint the directory holds (Moldova-Romania: the directory lists Ukraine's
 * borders only), or whose stops are off the graph, is listed in `unplaced` with the reason. A road through
 * Ukraine between two other countries (two passages) is found on the whole graph when no single passage
 * joins the two stops.
 *
 * Pure: the road graph, the checkpoints, the network and the locator in, the result out.
 */
import { haversineKm } from '../../models/geo.js';
import type { BusNetwork, BusStop } from '../../models/bus.js';
import type { RoadGraphData } from '../../models/engine-results.js';
import { pathTo, shortestTree, type Tree } from '../routing/dijkstra.js';
import { ATTACH_NEIGHBOURS, buildRoutingGraph, nearestRoadNodes, ROAD_DETOUR_FACTOR, type RoutingGraph } from '../routing/graph.js';
import type { CountryLocator, PlaceLocator } from './country-locator.js';
import { busPassages, type BusPassage, type PassageCheckpoint } from './passages.js';
import { roundTo } from '../../models/round.js';

/** A stop's country is uncertain when the nearest place of another country is less than this much farther (km). */
export const UNCERTAIN_MARGIN_KM = 3;
/** Routes are examined where they cross a border of these countries. */
export const WATCHED_COUNTRIES: readonly string[] = ['UA', 'MD'];
/**
 * Within this distance (km) a stop reaches a checkpoint on its side straight (great-circle x 1.25), as
 * well as over the graph: the graph joins a checkpoint to its two nearest cities, often 50-100 km away,
 * which near the border would bend every road through the same few cities.
 */
export const DIRECT_KM = 150;
/**
 * Roads through two checkpoints that differ by less than this (km) are a tie for the estimate: the
 * checkpoint at the location serving more vehicle types (a main crossing, with truck lanes) is taken, as
 * scheduled buses keep to main crossings (Mohyliv-Podilskyi-Otaci rather than Bronnytsia-Unguri).
 */
export const TIE_KM = 2;
/** Another checkpoint is an alternative when its road is at most this much longer (km) ... */
export const ALTERNATIVE_KM = 20;
/** ... or at most this share of the shortest road longer, whichever is more. */
export const ALTERNATIVE_SHARE = 0.05;

export interface RouteCrossingsInput {
  roadGraph: RoadGraphData;
  /** Directory checkpoints (`repos.directory.all()`); the bus passages are chosen from them. */
  checkpoints: readonly PassageCheckpoint[];
  network: BusNetwork;
  countryAt: CountryLocator;
}

export interface CrossingAlternative {
  ppid: string;
  /** How much longer the road through this checkpoint is than through the one inferred (negative within a tie, TIE_KM). */
  longer_km: number;
}

export interface InferredCrossing {
  ppid: string;
  /** The last stop before the border and the first after it. */
  from_stop: string;
  to_stop: string;
  /** The checkpoint's own direction (ISO-2): the stops' countries, or on a road through a third country, that side. */
  from_country: string;
  to_country: string;
  /** Road km from `from_stop` to `to_stop` through the checkpoint (graph estimate). */
  route_km: number;
  /** `route_km` less the straight line x ROAD_DETOUR_FACTOR: the detour the checkpoint costs. */
  extra_km: number;
  /** Great-circle km between the two stops. */
  gap_km: number;
  /** Checkpoints nearly as short (see ALTERNATIVE_KM), shortest first; absent when there are none. */
  alternatives?: CrossingAlternative[];
}

export interface RouteCrossings {
  route_id: string;
  carrier: string;
  short_name: string | null;
  long_name: string | null;
  crossings: InferredCrossing[];
}

export interface UnplacedCrossing {
  route_id: string;
  carrier: string;
  from_stop: string;
  to_stop: string;
  from_country: string;
  to_country: string;
  reason: string;
}

export interface RouteCrossingsResult {
  /** Routes with at least one crossing placed, in network order. */
  routes: RouteCrossings[];
  /** Border crossings between consecutive stops that could not be placed at a checkpoint. */
  unplaced: UnplacedCrossing[];
  /** Every route with a stop in a watched country, with the countries of its stops in order (repeats merged). */
  touching: { route_id: string; carrier: string; countries: string[] }[];
  /**
   * Stops of the routes with a stop in a watched country, classified by a thin margin (the nearest place
   * of another country less than UNCERTAIN_MARGIN_KM farther than the nearest): worth a look. Filled
   * when the locator tells its margins (`createPlaceLocator`).
   */
  uncertain_stops: { stop: string; name: string; country: string; margin_km: number }[];
  /** Stops of the network's routes whose country the locator could not tell (skipped in the sequence). */
  unclassified_stops: string[];
  /** The passages routed over (ppid, type), for the record. */
  passages: { ppid: string; crossing_type: number; from: string; to: string }[];
}

interface Csr {
  size: number;
  offsets: Int32Array;
  targets: Int32Array;
  lengthsKm: Float64Array;
}

/** The graph's links without the passages (forward), and the same reversed. */
function roadOnly(g: RoutingGraph): { forward: Csr; backward: Csr } {
  const from: number[] = [];
  const to: number[] = [];
  const km: number[] = [];
  for (let a = 0; a < g.size; a++) {
    const passage = g.crossingOf.get(a)?.side === 'in';
    for (let e = g.offsets[a]!; e < g.offsets[a + 1]!; e++) {
      if (passage && g.crossingOf.get(g.targets[e]!)?.side === 'out') continue;
      from.push(a);
      to.push(g.targets[e]!);
      km.push(g.lengthsKm[e]!);
    }
  }
  const csr = (src: number[], dst: number[]): Csr => {
    const offsets = new Int32Array(g.size + 1);
    for (const a of src) offsets[a + 1]!++;
    for (let i = 0; i < g.size; i++) offsets[i + 1]! += offsets[i]!;
    const fill = offsets.slice(0, g.size);
    const targets = new Int32Array(src.length);
    const lengthsKm = new Float64Array(src.length);
    for (let e = 0; e < src.length; e++) {
      const p = fill[src[e]!]!++;
      targets[p] = dst[e]!;
      lengthsKm[p] = km[e]!;
    }
    return { size: g.size, offsets, targets, lengthsKm };
  };
  return { forward: csr(from, to), backward: csr(to, from) };
}

/** The road km between a stop and a checkpoint near it on its side, estimated on the straight line; Infinity when far. */
function straight(stop: BusStop, p: { lat: number; lon: number }): number {
  const km = haversineKm(stop.lat, stop.lon, p.lat, p.lon);
  return km <= DIRECT_KM ? km * ROAD_DETOUR_FACTOR : Infinity;
}

/** A stop joined to the graph: its nearest road nodes of its country (any country when none is near). */
function snap(g: RoutingGraph, stop: BusStop, country: string): { node: number; km: number }[] {
  let nodes = nearestRoadNodes(g, stop.lat, stop.lon, ATTACH_NEIGHBOURS + 1, country);
  if (nodes.length === 0) nodes = nearestRoadNodes(g, stop.lat, stop.lon, ATTACH_NEIGHBOURS + 1);
  return nodes.map((node) => ({ node, km: haversineKm(stop.lat, stop.lon, g.lat[node]!, g.lon[node]!) * ROAD_DETOUR_FACTOR }));
}

export function inferRouteCrossings(input: RouteCrossingsInput): RouteCrossingsResult {
  const passages = busPassages(input.checkpoints);
  const g = buildRoutingGraph(input.roadGraph, passages);
  const { forward, backward } = roadOnly(g);
  const passageOf = new Map<string, BusPassage>(passages.map((p) => [p.ppid, p]));
  const watched = new Set(WATCHED_COUNTRIES);
  const { stops } = input.network;

  const countries = new Map<string, string | null>();
  const countryOf = (stop: BusStop) => {
    if (!countries.has(stop.id)) countries.set(stop.id, input.countryAt(stop.lat, stop.lon));
    return countries.get(stop.id)!;
  };
  // Trees are kept per stop: the same stops (Kyiv, Lviv) begin and end many pairs.
  const memo = <T>(f: (stop: BusStop, country: string) => T) => {
    const held = new Map<string, T>();
    return (stop: BusStop, country: string) => {
      let value = held.get(stop.id);
      if (value === undefined) held.set(stop.id, (value = f(stop, country)));
      return value;
    };
  };
  const snapOf = memo((stop, country) => snap(g, stop, country));
  const fullTree = memo((stop, country) => shortestTree(g, snapOf(stop, country)));
  const roadFrom = memo((stop, country) => shortestTree(forward, snapOf(stop, country)));
  const roadTo = memo((stop, country) => shortestTree(backward, snapOf(stop, country)));

  /** The shortest road to `b` in a tree: its km and the last road node before `b` (null: unreachable). */
  const reach = (tree: Tree, b: BusStop, bCountry: string) => {
    let best: { km: number; node: number } | null = null;
    for (const s of snapOf(b, bCountry)) {
      const km = tree.distKm[s.node]! + s.km;
      if (Number.isFinite(km) && (!best || km < best.km)) best = { km, node: s.node };
    }
    return best;
  };

  type Placed = { crossings: Omit<InferredCrossing, 'from_stop' | 'to_stop' | 'gap_km'>[] } | { reason: string };
  const place = (a: BusStop, aCountry: string, b: BusStop, bCountry: string): Placed => {
    const direct = haversineKm(a.lat, a.lon, b.lat, b.lon) * ROAD_DETOUR_FACTOR;
    // Through exactly one passage: the road on a's side to its entry, and from its exit to b.
    const from = roadFrom(a, aCountry);
    const to = roadTo(b, bCountry);
    const single: { ppid: string; km: number }[] = [];
    for (const p of passages) {
      const inNode = g.inNodeOf.get(p.ppid)!;
      const km = Math.min(from.distKm[inNode]!, p.from === aCountry ? straight(a, p) : Infinity)
        + Math.min(to.distKm[inNode + 1]!, p.to === bCountry ? straight(b, p) : Infinity);
      if (Number.isFinite(km)) single.push({ ppid: p.ppid, km });
    }
    single.sort((x, y) => x.km - y.km || x.ppid.localeCompare(y.ppid));
    // Any number of passages (a road through Ukraine between two other countries takes two).
    const tree = fullTree(a, aCountry);
    const end = reach(tree, b, bCountry);
    const shortest = single[0];
    if (shortest && (!end || shortest.km <= end.km + 1e-6)) {
      // Within TIE_KM of the shortest, the road estimate cannot tell: the main crossing is taken.
      const main = (s: { ppid: string }) => passageOf.get(s.ppid)!.location_types;
      const best = single.filter((s) => s.km - shortest.km <= TIE_KM).reduce((x, y) => (main(y) > main(x) ? y : x));
      const margin = Math.max(ALTERNATIVE_KM, shortest.km * ALTERNATIVE_SHARE);
      const alternatives = single.filter((s) => s !== best && s.km - shortest.km <= margin).map((s) => ({ ppid: s.ppid, longer_km: roundTo(s.km - best.km, 1) }));
      const p = passageOf.get(best.ppid)!;
      return { crossings: [{ ppid: p.ppid, from_country: p.from, to_country: p.to, route_km: roundTo(best.km, 1), extra_km: roundTo(best.km - direct, 1), ...(alternatives.length > 0 ? { alternatives } : {}) }] };
    }
    if (!end) return { reason: `no road on the graph from ${a.name} to ${b.name} through a checkpoint the directory holds` };
    const path = pathTo(tree, end.node);
    const crossed = path.map((n) => g.crossingOf.get(n)).filter((c) => c?.side === 'in').map((c) => passageOf.get(c!.ppid)!);
    if (crossed.length === 0) {
      return { reason: aCountry !== 'UA' && bCountry !== 'UA'
        ? `the directory lists no checkpoint on the ${aCountry}-${bCountry} border (it lists the borders of Ukraine only), and the shortest road between the stops does not pass Ukraine`
        : `the shortest road from ${a.name} to ${b.name} crosses no checkpoint the directory holds` };
    }
    return { crossings: crossed.map((p) => ({ ppid: p.ppid, from_country: p.from, to_country: p.to, route_km: roundTo(end.km, 1), extra_km: roundTo(end.km - direct, 1) })) };
  };

  const result: RouteCrossingsResult = {
    routes: [], unplaced: [], touching: [], uncertain_stops: [], unclassified_stops: [],
    passages: passages.map((p) => ({ ppid: p.ppid, crossing_type: p.crossing_type, from: p.from, to: p.to })),
  };
  const unclassified = new Set<string>();
  const uncertain = new Map<string, RouteCrossingsResult['uncertain_stops'][number] | null>();
  const fixOf = (input.countryAt as Partial<PlaceLocator>).fix;
  for (const route of input.network.routes) {
    const sequence: { stop: BusStop; country: string }[] = [];
    for (const id of route.stops) {
      const stop = stops.get(id);
      if (!stop) continue;
      const country = countryOf(stop);
      if (country === null) unclassified.add(id);
      else sequence.push({ stop, country });
    }
    if (!sequence.some((s) => watched.has(s.country))) continue;
    for (const { stop } of sequence) {
      if (uncertain.has(stop.id)) continue;
      const fix = fixOf?.(stop.lat, stop.lon);
      uncertain.set(stop.id, fix && fix.margin_km !== null && fix.margin_km < UNCERTAIN_MARGIN_KM
        ? { stop: stop.id, name: stop.name, country: fix.country, margin_km: roundTo(fix.margin_km, 1) } : null);
    }
    result.touching.push({ route_id: route.id, carrier: route.carrier, countries: sequence.map((s) => s.country).filter((c, i, all) => i === 0 || all[i - 1] !== c) });
    const crossings: InferredCrossing[] = [];
    for (let k = 1; k < sequence.length; k++) {
      const { stop: a, country: aCountry } = sequence[k - 1]!;
      const { stop: b, country: bCountry } = sequence[k]!;
      if (aCountry === bCountry || (!watched.has(aCountry) && !watched.has(bCountry))) continue;
      const placed = place(a, aCountry, b, bCountry);
      if ('reason' in placed) {
        result.unplaced.push({ route_id: route.id, carrier: route.carrier, from_stop: a.id, to_stop: b.id, from_country: aCountry, to_country: bCountry, reason: placed.reason });
        continue;
      }
      const gap_km = roundTo(haversineKm(a.lat, a.lon, b.lat, b.lon), 1);
      for (const c of placed.crossings) {
        const { alternatives, ...rest } = c;
        crossings.push({ ...rest, from_stop: a.id, to_stop: b.id, gap_km, ...(alternatives ? { alternatives } : {}) });
      }
    }
    if (crossings.length > 0) result.routes.push({ route_id: route.id, carrier: route.carrier, short_name: route.short_name, long_name: route.long_name, crossings });
  }
  result.unclassified_stops = [...unclassified].sort();
  result.uncertain_stops = [...uncertain.values()].filter((u) => u !== null).sort((a, b) => a.margin_km - b.margin_km);
  return result;
}
