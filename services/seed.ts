/**
 * First-start seeding of everything the project ships: what the data layer loads itself (directory,
 * places, the recorded series when asked: data/seed.ts), then the bus route network, whose routes are
 * placed at the checkpoints they cross on the road graph (engine work, hence here).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createDirectoryRepo } from '../data/directory/directory-repo.js';
import { parseFlixbusNetwork } from '../data/importers/bus/flixbus-network.js';
import { replaceBusRoutes } from '../data/importers/bus/run.js';
import { bundledPath, bundledSeedNeeded, datasetVersion, loadRoadGraph, seedBundled, type SeedResult } from '../data/seed.js';
import { withStoreLock, type Db } from '../data/store.js';
import { routeCrossingRows } from './bus/route-network.js';

export const BUS_BUNDLE = 'bus/flixbus-network-east.json.gz';

export interface ServiceSeedResult extends SeedResult {
  busRoutes: { routes: number; crossings: number } | null;
}

/** The shipped bus routes, placed, when the store has never held bus data (the `bus` version is 0). */
export function seedBusRoutes(db: Db): { routes: number; crossings: number } | null {
  if (datasetVersion(db, 'bus') !== 0) return null;
  const parsed = parseFlixbusNetwork(gunzipSync(readFileSync(bundledPath(BUS_BUNDLE))).toString('utf8'), `data/bundled/${BUS_BUNDLE}`);
  const { rows } = routeCrossingRows({ directory: createDirectoryRepo(db), roadGraph: loadRoadGraph() }, parsed.network);
  return replaceBusRoutes(db, parsed.source, rows);
}

/**
 * Everything above, in one write transaction: instances started together on a new store seed it once. A
 * store that needs nothing is not locked (an instance joining a running deployment waits for no one).
 */
export function seedService(db: Db, options: { history: boolean; now?: Date }): ServiceSeedResult {
  if (!bundledSeedNeeded(db, options) && datasetVersion(db, 'bus') !== 0) return { directoryLoaded: false, places: null, history: null, busRoutes: null };
  return withStoreLock(db, () => {
    const seeded = seedBundled(db, options);
    return { ...seeded, busRoutes: seedBusRoutes(db) };
  });
}
