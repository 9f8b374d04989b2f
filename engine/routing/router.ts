/**
 * The router the products serve: from an origin to many crossings with one resumable one-to-many Dijkstra
 * per passage policy (one-to-many.ts), the targets answered in the order given and the search taken only
 * as far as the farthest target asked for; on a large graph, with a kept shortest-path tree into each
 * crossing instead (target-trees.ts: one search per crossing, once, then microseconds per route). On an
 * imported country-size network (bench:matrix: 292,000 junctions) 40 A* searches with ngraph.path took seconds and the ngraph copy of the graph tens of seconds
 * and hundreds of MB per worker; this works on the CSR graph as built. The origin joins the graph by its
 * nearest road nodes (engine/routing/graph.ts). Same answers as the Dijkstra tree (dijkstra.ts, the test
 * oracle) and the A* router (astar.ts, kept for comparison).
 */
import { haversineKm } from '../../models/geo.js';
import { roundTo } from '../../models/round.js';
import { ATTACH_NEIGHBOURS, nearestRoadNodes, ROAD_DETOUR_FACTOR, type RoutingGraph } from './graph.js';
import { legsOf, MATRIX_SPEED_KMH, routeMinutes, type MatrixOrigin, type Route } from './matrix.js';
import { createScratch, startSearch, type Scratch } from './one-to-many.js';
import { closedPassages, passagePolicy, type PassagePolicy } from './passages.js';
import { buildTargetTree, pathAlong, reverseGraph, type TargetTree } from './target-trees.js';

export interface RouterOptions {
  /** Keep a shortest-path tree into each crossing asked for (target-trees.ts): on by default for a graph
   * of 50,000 road nodes or more (an imported network), where a search per matrix costs 100+ ms. */
  targetTrees?: boolean;
  /** Trees built by one call at most (each is one search over the whole graph); the call routes the rest
   * with the one-to-many search, and later calls build the rest, so no single matrix pays for all. */
  treesPerCall?: number;
  /** A route passes each country once (default): one that leaves a country and comes back into it is
   * routed again with the countries of that detour closed (countryDetour). Off for the oracle tests. */
  oncePerCountry?: boolean;
}

/**
 * The countries a route leaves its way for and comes back from (PL>SK>HU>RO>HU>UA: RO), or null when it
 * passes each country once (its start country again at its end is no detour: out of Ukraine and back in). The bundled E-road graph lacks some direct roads (Miskolc to Nyíregyháza), and
 * its shortest path can dip into a neighbour and back; no driver would take it.
 */
export function countryDetour(legs: readonly { from_country: string | null; to_country: string | null }[]): Set<string> | null {
  const seq = [legs[0]?.from_country ?? null, ...legs.map((l) => l.to_country)];
  for (let j = 1; j < seq.length; j++) {
    const i = seq.indexOf(seq[j]!);
    // Back at the end into the country it started in: the tax-free trip out of Ukraine and in again (passages.ts).
    if (i === 0 && j === seq.length - 1) continue;
    if (seq[j] !== null && i < j - 1) return new Set(seq.slice(i + 1, j).filter((c): c is string => c !== null));
  }
  return null;
}

/** The shortest arc a -> b's km (parallel arcs: the search took the shortest). */
const arcKm = (g: RoutingGraph, a: number, b: number) => {
  let km = Infinity;
  for (let e = g.offsets[a]!; e < g.offsets[a + 1]!; e++) if (g.targets[e] === b && g.lengthsKm[e]! < km) km = g.lengthsKm[e]!;
  return km;
};

export function createRouter(g: RoutingGraph, options: RouterOptions = {}) {
  const useTrees = options.targetTrees ?? g.roadNodes >= 50_000;
  const treesPerCall = options.treesPerCall ?? 4;
  let reversed: ReturnType<typeof reverseGraph> | null = null;
  const trees = new Map<string, TargetTree>();
  const masks = new Map<PassagePolicy, Uint8Array>();
  const scratch = new Map<PassagePolicy, Scratch>();
  const of = <T>(m: Map<PassagePolicy, T>, p: PassagePolicy, make: () => T) => m.get(p) ?? m.set(p, make()).get(p)!;

  return {
    graph: g,
    /** How many target trees are kept (the bench reports it with their memory). */
    get treesKept() {
      return trees.size;
    },
    /**
     * Routes from `origin` to each target crossing's entry, in the order given; `visit` may stop early by
     * returning false (exact pruning by a lower bound in the caller), and the search goes no further.
     */
    routeEach(origin: MatrixOrigin, targets: readonly string[], crossingType: number, visit: (route: Route) => boolean | void): void {
      const speed = MATRIX_SPEED_KMH[crossingType] ?? 60;
      let snap = nearestRoadNodes(g, origin.lat, origin.lon, ATTACH_NEIGHBOURS + 1, origin.country);
      if (snap.length === 0) snap = nearestRoadNodes(g, origin.lat, origin.lon, ATTACH_NEIGHBOURS + 1);
      const starts = snap.map((node) => ({ node, km: haversineKm(origin.lat, origin.lon, g.lat[node]!, g.lon[node]!) * ROAD_DETOUR_FACTOR }));
      const searches = new Map<PassagePolicy, ReturnType<typeof startSearch>>();
      /** The route to `ppid` along `path` (from a start node), `km` long with the start's own km. */
      const routeAlong = (ppid: string, path: number[], startKm: number, km: number): Route => {
        const legs = legsOf(g, path, startKm, speed, ppid);
        return { ppid, reachable: true, distance_km: roundTo(km, 1), drive_minutes: routeMinutes(g, km, speed, legs), legs };
      };
      const startKmOf = (node: number) => starts.find((st) => st.node === node)!.km;
      /** Searches with countries closed, by policy and closed countries: the crossings of one matrix share them. */
      const detourSearches = new Map<string, ReturnType<typeof startSearch>>();
      /** The route again with its detours' countries closed, while it makes one (at most 3 rounds); as it was when none is left. */
      const withoutDetours = (first: Route, target: number, policy: PassagePolicy): Route => {
        let route = first;
        const banned = new Set<string>();
        for (let round = 0, detour = countryDetour(route.legs); detour && round < 3; round++, detour = countryDetour(route.legs)) {
          for (const c of detour) banned.add(c);
          const key = `${policy}|${[...banned].sort().join(',')}`;
          let search = detourSearches.get(key);
          if (!search) {
            const closed = closedPassages(g, policy);
            for (let n = 0; n < g.size; n++) if (banned.has(g.country[n] ?? '')) closed[n] = 1;
            detourSearches.set(key, (search = startSearch(g, createScratch(g.size), starts, closed)));
          }
          const km = search.settle(target);
          if (!Number.isFinite(km)) return route;
          const path = search.pathTo(target);
          route = routeAlong(route.ppid, path, startKmOf(path[0]!), km);
        }
        return route;
      };
      let built = 0;
      for (const ppid of targets) {
        const target = g.inNodeOf.get(ppid);
        let route: Route = { ppid, reachable: false, distance_km: null, drive_minutes: null, legs: [] };
        if (target === undefined || starts.length === 0) {
          if (visit(route) === false) break;
          continue;
        }
        const policy = passagePolicy(g, origin.country, target);
        const key = `${policy}|${target}`;
        let tree = useTrees ? trees.get(key) : undefined;
        if (useTrees && !tree && built < treesPerCall) {
          reversed ??= reverseGraph(g);
          trees.set(key, (tree = buildTargetTree(reversed, target, of(masks, policy, () => closedPassages(g, policy)))));
          built++;
        }
        if (tree) {
          let best = starts[0]!;
          for (const st of starts) if (st.km + tree.toKm[st.node]! < best.km + tree.toKm[best.node]!) best = st;
          const path = pathAlong(tree, best.node);
          if (path.length > 0) {
            let km = best.km;
            for (let i = 1; i < path.length; i++) km += arcKm(g, path[i - 1]!, path[i]!);
            route = routeAlong(ppid, path, best.km, km);
          }
        } else {
          const search = of(searches, policy, () =>
            startSearch(g, of(scratch, policy, () => createScratch(g.size)), starts, of(masks, policy, () => closedPassages(g, policy))));
          const km = search.settle(target);
          if (Number.isFinite(km)) {
            const path = search.pathTo(target);
            route = routeAlong(ppid, path, startKmOf(path[0]!), km);
          }
        }
        if (options.oncePerCountry !== false && route.reachable) route = withoutDetours(route, target, policy);
        if (visit(route) === false) break;
      }
    },
  };
}

export type Router = ReturnType<typeof createRouter>;
