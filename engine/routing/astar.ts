/**
 * Routing with ngraph.path: the routing graph copied once into an ngraph.graph, and each route an A*
 * search from the origin to a crossing's entry. The origin joins the graph as a temporary node linked to
 * its nearest cities; the heuristic is the great-circle distance, admissible because every link is at
 * least its straight line (road km = great-circle x 1.25; a crossing's passage is 0 km at one point).
 * The hand-written one-to-all Dijkstra (dijkstra.ts) stays as the test oracle. A route passes only the
 * monitored crossings its policy leaves open (passages.ts): ngraph.path's `blocked` skips the others.
 */
import createGraph, { type Graph } from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import { haversineKm } from '../../models/geo.js';
import { ATTACH_NEIGHBOURS, nearestRoadNodes, ROAD_DETOUR_FACTOR, type RoutingGraph } from './graph.js';
import { legsOf, MATRIX_SPEED_KMH, routeMinutes, type MatrixOrigin, type Route } from './matrix.js';
import { closedPassages, passagePolicy, type PassagePolicy } from './passages.js';
import { roundTo } from '../../models/round.js';

const ORIGIN = 'origin';

interface NodeData {
  lat: number;
  lon: number;
}

export function createAStarRouter(g: RoutingGraph) {
  const ng: Graph<NodeData, { km: number }> = createGraph();
  for (let i = 0; i < g.size; i++) ng.addNode(i, { lat: g.lat[i]!, lon: g.lon[i]! });
  for (let i = 0; i < g.size; i++) for (let e = g.offsets[i]!; e < g.offsets[i + 1]!; e++) ng.addLink(i, g.targets[e]!, { km: g.lengthsKm[e]! });
  // The passages closed for the route being searched (passages.ts), one mask per policy, made once.
  const masks = new Map<PassagePolicy, Uint8Array>();
  let closed: Uint8Array | null = null;
  const finder = ngraphPath.aStar(ng, {
    oriented: true,
    blocked: (to) => closed !== null && typeof to.id === 'number' && closed[to.id] === 1,
    distance: (_from, _to, link) => link.data.km,
    heuristic: (from, to) => haversineKm(from.data.lat, from.data.lon, to.data.lat, to.data.lon),
  });

  return {
    graph: g,
    /**
     * Routes from `origin` to each target crossing (one A* search each), in the order given; `visit` may
     * stop early by returning false (exact pruning by a lower bound in the caller).
     */
    routeEach(origin: MatrixOrigin, targets: readonly string[], crossingType: number, visit: (route: Route) => boolean | void): void {
      const speed = MATRIX_SPEED_KMH[crossingType] ?? 60;
      let snap = nearestRoadNodes(g, origin.lat, origin.lon, ATTACH_NEIGHBOURS + 1, origin.country);
      if (snap.length === 0) snap = nearestRoadNodes(g, origin.lat, origin.lon, ATTACH_NEIGHBOURS + 1);
      ng.addNode(ORIGIN, { lat: origin.lat, lon: origin.lon });
      const startKm = new Map<number, number>();
      for (const node of snap) {
        const km = haversineKm(origin.lat, origin.lon, g.lat[node]!, g.lon[node]!) * ROAD_DETOUR_FACTOR;
        startKm.set(node, km);
        ng.addLink(ORIGIN, node, { km });
      }
      try {
        for (const ppid of targets) {
          const target = g.inNodeOf.get(ppid);
          if (target !== undefined) {
            const policy = passagePolicy(g, origin.country, target);
            closed = masks.get(policy) ?? masks.set(policy, closedPassages(g, policy)).get(policy)!;
          }
          // ngraph.path gives the path from the target back to the start.
          const found = target === undefined ? [] : finder.find(ORIGIN, target).reverse();
          let route: Route;
          if (found.length < 2) route = { ppid, reachable: false, distance_km: null, drive_minutes: null, legs: [] };
          else {
            let km = 0;
            for (let i = 1; i < found.length; i++) km += ng.getLink(found[i - 1]!.id, found[i]!.id)!.data.km;
            const path = found.slice(1).map((n) => n.id as number);
            const legs = legsOf(g, path, startKm.get(path[0]!)!, speed, ppid);
            route = { ppid, reachable: true, distance_km: roundTo(km, 1), drive_minutes: routeMinutes(g, km, speed, legs), legs };
          }
          if (visit(route) === false) break;
        }
      } finally {
        closed = null;
        ng.removeNode(ORIGIN);
      }
    },
  };
}

export type AStarRouter = ReturnType<typeof createAStarRouter>;
