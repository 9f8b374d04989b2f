/**
 * First-start seeding from the data the project ships: the checkpoint directory and the places (fuel
 * stations and prices, national prices, truck parkings, supermarkets) always, when the store has none;
 * the recorded PL-UA series when asked (demo configuration). All through the normal importers (the place
 * files' station positions are checked at build, not again here: data/scripts/build-places-bundle.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { createDirectoryRepo, loadDirectory } from './directory/directory-repo.js';
import { parseGenericNdjson } from './importers/generic.js';
import { PLACE_FORMATS } from './importers/places/formats.js';
import { importPlaces, type PlacesSummary } from './importers/places/run.js';
import { importFeeds, type ImportSummary } from './importers/run-import.js';
import { createResolver } from './importers/resolve.js';
import type { RoadGraphData } from '../models/engine-results.js';
import { SAMPLE_SOURCE_PREFIX } from './observations-repo.js';
import type { Db } from './store.js';

/** A file of data/bundled, from the sources or from the build (dist/data -> data/bundled). */
export function bundledPath(name: string): string {
  for (const rel of [`./bundled/${name}`, `../../data/bundled/${name}`]) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error(`bundled data file ${name} is missing`);
}

export interface SeedResult {
  directoryLoaded: boolean;
  places: PlacesSummary | null;
  history: ImportSummary | null;
}

/** The place files of data/bundled/places (data/scripts/build-places-bundle.ts), each with its import format, in import order. */
export const PLACE_BUNDLE: readonly { file: string; format: string }[] = [
  { file: 'eu-bulletin-long.csv.gz', format: 'eu-bulletin-long' },
  { file: 'eu-bulletin-wob.csv.gz', format: 'eu-bulletin-wob' },
  { file: 'pl-max-prices.json.gz', format: 'pl-max-prices' },
  { file: 'mimit-stations.csv.gz', format: 'mimit-stations' },
  { file: 'mimit-prices.csv.gz', format: 'mimit-prices' },
  { file: 'datex2-be-truck-parkings.json.gz', format: 'datex2-json' },
  { file: 'osm-ua-supermarkets.json.gz', format: 'osm-extract' },
  { file: 'osm-pl-fuel-stations.json.gz', format: 'osm-overpass' },
];

/** How often an import has changed a dataset (`places`, `road`, `bus`): 0 when none ever has. */
export function datasetVersion(db: Db, dataset: string): number {
  return (db.prepare('SELECT version FROM dataset_versions WHERE dataset = ?').pluck().get(dataset) as number | undefined) ?? 0;
}

/**
 * The shipped places, imported when the store has never held any (the `places` dataset version is 0: no
 * import has changed anything). `now` stamps the rows; the files state their own report times.
 */
function seedPlaces(db: Db, now: Date): PlacesSummary | null {
  if (datasetVersion(db, 'places') !== 0) return null;
  const feeds = PLACE_BUNDLE.flatMap(({ file, format }) =>
    PLACE_FORMATS[format]!.parse(gunzipSync(readFileSync(bundledPath(`places/${file}`))).toString('utf8'), `data/bundled/places/${file}`,
      // The stations' positions were checked when the bundle was built (build-places-bundle.ts).
      { at: now, positionsChecked: true }));
  return importPlaces(db, feeds, { now });
}

/** Whether seedBundled would load anything (read only: a started store skips the seeding lock). */
export function bundledSeedNeeded(db: Db, options: { history: boolean }): boolean {
  return (db.prepare('SELECT count(*) FROM locations').pluck().get() as number) === 0 || datasetVersion(db, 'places') === 0 ||
    (options.history && (db.prepare('SELECT count(*) FROM series').pluck().get() as number) === 0);
}

export function seedBundled(db: Db, options: { history: boolean; now?: Date }): SeedResult {
  const result: SeedResult = { directoryLoaded: false, places: null, history: null };
  if ((db.prepare('SELECT count(*) FROM locations').pluck().get() as number) === 0) {
    loadDirectory(db, JSON.parse(readFileSync(bundledPath('directory.json'), 'utf8')));
    result.directoryLoaded = true;
  }
  result.places = seedPlaces(db, options.now ?? new Date());
  if (options.history && (db.prepare('SELECT count(*) FROM series').pluck().get() as number) === 0) {
    const file = bundledPath('observations.ndjson.gz');
    const feed = parseGenericNdjson(gunzipSync(readFileSync(file)).toString('utf8'), 'data/bundled/observations.ndjson.gz');
    // The sample is stored under sources of its own (`sample.*`): the only data the demo replays.
    for (const { reading } of feed.readings) reading.source = `${SAMPLE_SOURCE_PREFIX}${reading.source}`;
    result.history = importFeeds(db, [feed], createResolver(createDirectoryRepo(db)));
  }
  return result;
}

/** The prebuilt road graph (data/bundled/road-graph.json, made by data/scripts/build-road-graph.ts). */
let roadGraph: RoadGraphData | null = null;

/** Read once per process: the file ships with the code and never changes while it runs. */
export function loadRoadGraph(): RoadGraphData {
  if (roadGraph) return roadGraph;
  const data = JSON.parse(readFileSync(bundledPath('road-graph.json'), 'utf8')) as RoadGraphData;
  if (!data.version || !Array.isArray(data.nodes) || !Array.isArray(data.edges)) throw new Error('data/bundled/road-graph.json is malformed');
  roadGraph = data;
  return data;
}
