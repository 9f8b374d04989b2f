/**
 * A bus route network (GTFS, or the FlixBus network file) to the rows the store keeps: for each route that
 * crosses a border of Ukraine or Moldova, the checkpoint(s) it crosses, inferred on the road graph from the
 * stops either side of the border (engine/bus/route-crossings.ts), each stop's country told by the nearest
 * GeoNames place.
 */
import { createDirectoryRepo, type DirectoryRepo } from '../../data/directory/directory-repo.js';
import { countryPlaces } from '../../data/geo/gazetteer.js';
import type { RouteCrossingRow } from '../../data/importers/bus/run.js';
import { loadRoadGraph } from '../../data/seed.js';
import type { Db } from '../../data/store.js';
import { createPlaceLocator, type PlaceLocator } from '../../engine/bus/country-locator.js';
import { inferRouteCrossings, type RouteCrossingsResult } from '../../engine/bus/route-crossings.js';
import type { BusNetwork } from '../../models/bus.js';
import type { RoadGraphData } from '../../models/engine-results.js';

let locator: PlaceLocator | null = null;

export function routeCrossingRows(repos: { directory: DirectoryRepo; roadGraph: RoadGraphData }, network: BusNetwork): { rows: RouteCrossingRow[]; result: RouteCrossingsResult } {
  locator ??= createPlaceLocator(countryPlaces());
  const result = inferRouteCrossings({ roadGraph: repos.roadGraph, checkpoints: repos.directory.all(), network, countryAt: locator });
  const rows = result.routes.map((r) => ({
    route_id: r.route_id, carrier: r.carrier, short_name: r.short_name, long_name: r.long_name,
    crossings: r.crossings.map((c) => ({ ppid: c.ppid, from_stop: c.from_stop, to_stop: c.to_stop })),
  }));
  return { rows, result };
}

/**
 * The import path's `placeRoutes` (data/importers/ingest.ts) on a store: the checkpoints its directory
 * holds, the bundled road graph, as `bdds import gtfs|flixbus-network` places them (api/commands/import-bus.ts).
 */
export function busRoutePlacer(db: Db): (network: BusNetwork) => RouteCrossingRow[] {
  return (network) => routeCrossingRows({ directory: createDirectoryRepo(db), roadGraph: loadRoadGraph() }, network).rows;
}
