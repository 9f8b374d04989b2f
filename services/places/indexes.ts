/**
 * Spatial indexes over the held stations and places, built once per held snapshot (the repository hands
 * the same arrays until an import changes them) and kept.
 */
import type { HeldPoi, HeldStation } from '../../data/places-repo.js';
import { createPointIndex, type PointIndex } from '../../engine/spatial.js';
import type { OperationDeps } from '../deps.js';

const stationIndexes = new WeakMap<readonly HeldStation[], PointIndex<HeldStation>>();
const poiIndexes = new WeakMap<readonly HeldPoi[], PointIndex<HeldPoi>>();

export function stationIndex(deps: OperationDeps): PointIndex<HeldStation> {
  const stations = deps.repos.places.stations();
  let index = stationIndexes.get(stations);
  if (!index) stationIndexes.set(stations, (index = createPointIndex(stations)));
  return index;
}

export function poiIndex(deps: OperationDeps): PointIndex<HeldPoi> {
  const pois = deps.repos.places.pois();
  let index = poiIndexes.get(pois);
  if (!index) poiIndexes.set(pois, (index = createPointIndex(pois)));
  return index;
}

/** Reads the held stations and places and builds their indexes now (at start), not in a first request. */
export function warmPlaces(deps: OperationDeps): void {
  stationIndex(deps);
  poiIndex(deps);
}
