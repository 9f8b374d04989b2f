/** The routing graph for one vehicle type: the road graph plus every checkpoint of that type as a passage. */
import { routingGraphFor } from '../../engine/routing/graph-cache.js';
import { COUNTRY_ISO2 } from '../../models/codes.js';
import type { Deps } from '../deps.js';

export function routingGraphForType(deps: Deps, crossingType: number) {
  const checkpoints = deps.repos.directory.all().filter((c) => c.crossing_type === crossingType);
  const crossings = checkpoints.map((c) => ({ ppid: c.ppid, lat: c.lat, lon: c.lon, from: COUNTRY_ISO2[c.origin]!, to: COUNTRY_ISO2[c.destination]! }));
  // Built once per road-graph version, vehicle type and crossing set, and kept.
  const key = `${deps.roadGraph.version}|${crossingType}|${crossings.map((c) => c.ppid).join(',')}`;
  return { graph: routingGraphFor(key, deps.roadGraph, crossings), checkpoints };
}
