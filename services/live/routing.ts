/**
 * The routing graph for one vehicle type: the road graph plus every checkpoint of that type as a passage,
 * with its router (engine/routing/router.ts: one-to-many Dijkstra, kept trees into each crossing on an
 * imported network). Built once per road-graph version, vehicle type and crossing set, and
 * kept: by each worker thread for the travel matrix and alternatives.
 */
import { buildRoutingGraph } from '../../engine/routing/graph.js';
import { createRouter, type Router } from '../../engine/routing/router.js';
import type { DirectoryRepo } from '../../data/directory/directory-repo.js';
import { COUNTRY_ISO2 } from '../../models/codes.js';
import type { RoadGraphData } from '../../models/engine-results.js';

const routers = new Map<string, Router>();

export function routerForType(repos: { directory: DirectoryRepo; roadGraph: RoadGraphData }, crossingType: number) {
  const checkpoints = repos.directory.all().filter((c) => c.crossing_type === crossingType);
  const crossings = checkpoints.map((c) => ({ ppid: c.ppid, lat: c.lat, lon: c.lon, from: COUNTRY_ISO2[c.origin]!, to: COUNTRY_ISO2[c.destination]! }));
  const key = `${repos.roadGraph.version}|${crossingType}|${crossings.map((c) => c.ppid).join(',')}`;
  let router = routers.get(key);
  if (!router) {
    // An imported network's speeds: the car column for cars and pedestrians, the truck column for buses and trucks.
    router = createRouter(buildRoutingGraph(repos.roadGraph, crossings, [6, 8, 9].includes(crossingType) ? 'truck' : 'car'));
    if (routers.size >= 16) routers.clear();
    routers.set(key, router);
  }
  return { router, checkpoints };
}
