/** Routing graphs built once per version key (road-graph version, vehicle type, crossing set) and kept. */
import { buildRoutingGraph, type CrossingSpec, type RoadGraphData, type RoutingGraph } from './graph.js';

const graphs = new Map<string, RoutingGraph>();

export function routingGraphFor(key: string, road: RoadGraphData, crossings: readonly CrossingSpec[]): RoutingGraph {
  let g = graphs.get(key);
  if (!g) {
    g = buildRoutingGraph(road, crossings);
    if (graphs.size >= 16) graphs.clear();
    graphs.set(key, g);
  }
  return g;
}
