/**
 * Texts of one format into the store, whatever brought them: `bdds import` (files) and the live feeds
 * (responses) both call this, so a file import and a poll of the same document store the same rows. Every
 * text is parsed before anything is written (one that cannot be read imports nothing); then the one write
 * path of its dataset: observations (importers/run-import.ts), places (places/run.ts), road reports
 * (road/run.ts: an official feed's reports approved at once, a snapshot's run one after another, each ending
 * what it no longer lists), bus route networks (bus/run.ts: a source's network replaced whole, its routes
 * placed at the checkpoints they cross by the caller's `placeRoutes`, the application's road-graph step).
 */
import type { BusNetwork } from '../../models/bus.js';
import { createDirectoryRepo } from '../directory/directory-repo.js';
import type { Db } from '../store.js';
import type { ParsedBusNetwork } from './bus/gtfs.js';
import { NETWORK_FORMATS } from './bus/network-formats.js';
import { replaceBusRoutes, type RouteCrossingRow } from './bus/run.js';
import type { ParsedFeed, Rejected } from './feed.js';
import { FORMATS } from './formats.js';
import { PLACE_FORMATS } from './places/formats.js';
import type { ParsedPlaces } from './places/parsed.js';
import { importPlaces, type PlacesSummary } from './places/run.js';
import { createResolver } from './resolve.js';
import { ROAD_FORMATS } from './road/formats.js';
import { importRoadReports, type RoadFeed, type RoadImportSummary } from './road/run.js';
import { importFeeds, type ImportSummary } from './run-import.js';

export type IngestDataset = 'observations' | 'places' | 'road' | 'bus';

/** The dataset a format fills, or null for a format this does not read. */
export function datasetOf(format: string): IngestDataset | null {
  if (Object.hasOwn(FORMATS, format)) return 'observations';
  if (Object.hasOwn(PLACE_FORMATS, format)) return 'places';
  if (Object.hasOwn(ROAD_FORMATS, format)) return 'road';
  if (Object.hasOwn(NETWORK_FORMATS, format)) return 'bus';
  return null;
}

/** What a bus network import did: routes read, those crossing a held checkpoint (stored), whether they changed. */
export interface BusNetworkSummary {
  rowsRead: number;
  routes: number;
  crossings: number;
  changed: boolean;
  rejected: Rejected[];
}

export interface IngestOptions {
  /** When the texts were fetched (formats that state no time: eCherha's live snapshot). */
  at: Date;
  /** The clock's now (places stamp their rows with it). */
  now: Date;
  /** A source name for formats that take one (generic observations, station CSV, road CSV). */
  source?: string;
  /** Road CSV reports approved on import (an official feed's always are). */
  approve?: boolean;
  /** Places written in transactions of this many records (places/run.ts); default one transaction. */
  chunk?: number;
  /** Called between two such transactions. */
  between?: () => void;
  onProgress?: (done: number, total: number) => void;
  /** A bus network's routes placed at the checkpoints they cross (services/bus/route-network.ts); bus formats need it. */
  placeRoutes?: (network: BusNetwork) => RouteCrossingRow[];
}

export type IngestResult =
  | { dataset: 'observations'; summary: ImportSummary }
  | { dataset: 'places'; summary: PlacesSummary }
  | { dataset: 'road'; summary: RoadImportSummary & { status: 'approved' | 'pending' } }
  | { dataset: 'bus'; summary: BusNetworkSummary };

/** The counts every dataset has: rows read, added or changed, already held, rejected. */
export function ingestCounts(result: IngestResult): { rowsRead: number; imported: number; duplicates: number; rejected: Rejected[] } {
  if (result.dataset === 'observations') {
    const o = result.summary;
    return { rowsRead: o.rowsRead, imported: o.imported, duplicates: o.duplicates, rejected: o.rejected };
  }
  if (result.dataset === 'bus') {
    // A network is one publication: its routes are new or changed together, or all already held.
    const b = result.summary;
    return { rowsRead: b.rowsRead, imported: b.changed ? b.routes : 0, duplicates: b.changed ? 0 : b.routes, rejected: b.rejected };
  }
  if (result.dataset === 'road') {
    const r = result.summary;
    return { rowsRead: r.rowsRead, imported: r.added + r.updated, duplicates: r.unchanged, rejected: r.rejected };
  }
  const p = result.summary;
  const kinds = [p.stations, p.prices, p.countryPrices, p.pois, p.rates];
  return { rowsRead: p.rowsRead, imported: kinds.reduce((n, c) => n + c.added + c.updated, 0), duplicates: kinds.reduce((n, c) => n + c.unchanged, 0), rejected: p.rejected };
}

/** Documents of one format, parsed and not yet written. */
export type ParsedDocs =
  | { dataset: 'observations'; format: string; feeds: ParsedFeed[] }
  | { dataset: 'places'; format: string; feeds: ParsedPlaces[] }
  | { dataset: 'road'; format: string; feeds: RoadFeed[] }
  | { dataset: 'bus'; format: string; feeds: ParsedBusNetwork[] };

/**
 * What parsed documents hold: rows read, the readings or records they give, the rows rejected. A bus
 * network's rows are those of its files (stop times most of them): its usable rows are those it used.
 */
export function parsedCounts(parsed: ParsedDocs): { rowsRead: number; usable: number; rejected: number } {
  let rowsRead = 0;
  let usable = 0;
  let rejected = 0;
  for (const feed of parsed.feeds) {
    rowsRead += feed.rowsRead;
    rejected += feed.rejected.length;
    if ('network' in feed) usable += feed.rowsRead - feed.rejected.length;
    else if ('readings' in feed) usable += feed.readings.length;
    else if ('reports' in feed) usable += feed.reports.length;
    else usable += feed.stations.length + feed.prices.length + feed.countryPrices.length + feed.pois.length + (feed.rates?.length ?? 0);
  }
  return { rowsRead, usable, rejected };
}

/** Parses every document (a failure names it: nothing is written); throws for a format it does not read. */
export function parseTexts(format: string, docs: readonly { text: string; file: string }[], options: Pick<IngestOptions, 'at' | 'source'>): ParsedDocs {
  const parseEach = <T>(parse: (text: string, file: string) => T): T[] => docs.map(({ text, file }) => {
    try {
      return parse(text, file);
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message.replace(`${file}: `, '')}; nothing was imported`);
    }
  });
  const source = options.source ? { source: options.source } : {};
  const dataset = datasetOf(format);
  if (dataset === 'observations') return { dataset, format, feeds: parseEach((t, f) => FORMATS[format]!.parse(t, f, { at: options.at, source: options.source ?? 'import' })) };
  if (dataset === 'places') return { dataset, format, feeds: parseEach((t, f) => PLACE_FORMATS[format]!.parse(t, f, { at: options.at, ...source })).flat() };
  if (dataset === 'road') return { dataset, format, feeds: parseEach((t, f) => ROAD_FORMATS[format]!.parse(t, f, { at: options.at, ...source })) };
  if (dataset === 'bus') return { dataset, format, feeds: parseEach((t, f) => NETWORK_FORMATS[format]!.parse(t, f, source)) };
  throw new Error(`unknown format '${format}'`);
}

/** Writes parsed documents through their dataset's one write path. */
export function writeParsed(db: Db, parsed: ParsedDocs, options: IngestOptions): IngestResult {
  const progress = options.onProgress ? { onProgress: options.onProgress } : {};
  if (parsed.dataset === 'observations') {
    return { dataset: 'observations', summary: importFeeds(db, parsed.feeds, createResolver(createDirectoryRepo(db)), { ...progress, nowS: Math.floor(options.now.getTime() / 1000) }) };
  }
  if (parsed.dataset === 'places') {
    return { dataset: 'places', summary: importPlaces(db, parsed.feeds, { now: options.now, ...progress, ...(options.chunk ? { chunk: options.chunk } : {}),
      ...(options.between ? { between: options.between } : {}) }) };
  }
  if (parsed.dataset === 'bus') return { dataset: 'bus', summary: writeNetworks(db, parsed.feeds, options) };
  const road = ROAD_FORMATS[parsed.format]!;
  const status = road.official || options.approve ? 'approved' as const : 'pending' as const;
  // Snapshots one after another, in the order given (a folder: by name, i.e. by date): each ends what it drops.
  const runs = road.snapshot ? parsed.feeds.map((feed) => [feed]) : [parsed.feeds];
  const summary = { rowsRead: 0, added: 0, updated: 0, unchanged: 0, ended: 0, rejected: [] as Rejected[], status };
  for (const run of runs) {
    const one = importRoadReports(db, run, { now: options.at, status, snapshot: road.snapshot });
    for (const k of ['rowsRead', 'added', 'updated', 'unchanged', 'ended'] as const) summary[k] += one[k];
    summary.rejected.push(...one.rejected);
  }
  return { dataset: 'road', summary };
}

/**
 * Networks placed and stored, each source's replaced whole in one transaction. Several documents of one
 * source are one network (a route id given twice: the first is kept).
 */
function writeNetworks(db: Db, networks: readonly ParsedBusNetwork[], options: IngestOptions): BusNetworkSummary {
  if (!options.placeRoutes) throw new Error('a bus network is stored with its routes placed at their checkpoints: pass placeRoutes');
  const summary: BusNetworkSummary = { rowsRead: 0, routes: 0, crossings: 0, changed: false, rejected: [] };
  const bySource = new Map<string, RouteCrossingRow[]>();
  for (const parsed of networks) {
    summary.rowsRead += parsed.network.routes.length;
    summary.rejected.push(...parsed.rejected);
    const rows = bySource.get(parsed.source) ?? [];
    for (const row of options.placeRoutes(parsed.network)) if (!rows.some((r) => r.route_id === row.route_id)) rows.push(row);
    bySource.set(parsed.source, rows);
  }
  for (const [source, rows] of bySource) {
    const written = replaceBusRoutes(db, source, rows);
    summary.routes += written.routes;
    summary.crossings += written.crossings;
    summary.changed ||= written.changed;
  }
  return summary;
}

/**
 * Parses every text first (a failure names the document and imports nothing), then writes them. A bus
 * network is written only with `placeRoutes` (the application's step): without it a bus format throws, so
 * the answer is never a bus summary.
 */
export function ingestTexts(db: Db, format: string, docs: readonly { text: string; file: string }[],
  options: IngestOptions & { placeRoutes: NonNullable<IngestOptions['placeRoutes']> }): IngestResult;
export function ingestTexts(db: Db, format: string, docs: readonly { text: string; file: string }[], options: Omit<IngestOptions, 'placeRoutes'>): Exclude<IngestResult, { dataset: 'bus' }>;
export function ingestTexts(db: Db, format: string, docs: readonly { text: string; file: string }[], options: IngestOptions): IngestResult {
  return writeParsed(db, parseTexts(format, docs, options), options);
}
