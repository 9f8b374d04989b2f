/**
 * A carrier's route network from a GTFS feed (the static GTFS reference, gtfs.org): the files `agency.txt`,
 * `stops.txt`, `routes.txt`, `trips.txt` and `stop_times.txt`, given as a map of file name -> text (the
 * caller reads the folder or the zip; other files are ignored).
 *
 * - Stops: `stop_id`, `stop_name`, `stop_lat`, `stop_lon` (a stop, a station or any location with a
 *   position; entrances, generic nodes and boarding areas without a position are skipped). GTFS has no city:
 *   `city` is null.
 * - Routes: `route_id`, `agency_id` (may be empty when the feed has one agency), `route_short_name`,
 *   `route_long_name`; the carrier is the route's agency's `agency_name`. Only road routes: a `route_type`
 *   of bus (3), coach (200-299) or bus service (700-799), or none given; a train's or ferry's (FlixTrain in
 *   FlixBus's feed) is skipped with its trips and stop times, not rejected.
 * - One representative trip per route: the trip (`trips.txt`) with the most stops in `stop_times.txt`,
 *   its stops ordered by `stop_sequence`; on a tie, the trip listed first. A stop repeated right after
 *   itself (arrival and departure written as two rows) counts once.
 *
 * Rows that cannot be used are rejected with file, line and reason: a stop without a position or name, a
 * route whose agency is unknown or that no trip serves with two stops or more, a trip of an unknown route, a
 * stop time of an unknown trip or stop or with a bad or repeated `stop_sequence`, a repeated id, a row with
 * more fields than its header. A row with fewer has its last (optional) cells empty, as many feeds write
 * them. A missing file or a file without its required columns throws.
 */
import { parse } from 'csv-parse/sync';
import type { BusNetwork, BusRoute, BusStop } from '../../../models/bus.js';
import type { Rejected } from '../feed.js';

export const GTFS_FILES = ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'] as const;
export type GtfsFileName = (typeof GTFS_FILES)[number];

const REQUIRED_COLUMNS: Record<GtfsFileName, string[]> = {
  'agency.txt': ['agency_name'],
  'stops.txt': ['stop_id', 'stop_lat', 'stop_lon'],
  'routes.txt': ['route_id'],
  'trips.txt': ['route_id', 'trip_id'],
  'stop_times.txt': ['trip_id', 'stop_id', 'stop_sequence'],
};

/** What a network importer returns: the network, and the rows it could not use and why. */
export interface ParsedBusNetwork {
  /** The source the routes are stored under (`gtfs`, `flixbus-network`, or the caller's). */
  source: string;
  network: BusNetwork;
  rowsRead: number;
  rejected: Rejected[];
}

export type GtfsFiles = ReadonlyMap<string, string | Buffer> | Readonly<Record<string, string | Buffer>>;

const quote = (value: string) => `'${value.length > 60 ? `${value.slice(0, 60)}...` : value}'`;
const orNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** Bus (3), coach (200-299), bus service (700-799) or not given: GTFS's and its extended route types by road. */
const isRoadRouteType = (type: string) => type.trim() === '' || type.trim() === '3' || /^[27]\d\d$/.test(type.trim());

/** A finite WGS84 position (never 0,0 for "unknown"), else null. */
function positionOf(lat: string, lon: string): { lat: number; lon: number } | null {
  if (lat.trim() === '' || lon.trim() === '') return null;
  const la = Number(lat);
  const lo = Number(lon);
  if (!Number.isFinite(la) || !Number.isFinite(lo) || Math.abs(la) > 90 || Math.abs(lo) > 180 || (la === 0 && lo === 0)) return null;
  return { lat: la, lon: lo };
}

function fileText(files: GtfsFiles, name: string): string | Buffer | undefined {
  if (files instanceof Map) return files.get(name);
  return Object.hasOwn(files, name) ? (files as Record<string, string | Buffer>)[name] : undefined;
}

/**
 * The rows of one GTFS file, after checking its header; throws when the file or a required column is
 * missing. A row shorter than the header has its last (optional) cells empty, as feeds often write them
 * (Google's sample feed does); a row longer than the header is rejected.
 */
function rowsOf(files: GtfsFiles, name: GtfsFileName, prefix: string) {
  const text = fileText(files, name);
  if (text === undefined) throw new Error(`${prefix}${name} is missing (a GTFS feed needs ${GTFS_FILES.join(', ')})`);
  const file = `${prefix}${name}`;
  const records = parse(text, { info: true, skip_empty_lines: true, bom: true, relax_column_count: true, trim: true }) as unknown as
    { record: string[]; info: { lines: number } }[];
  const header = records[0]?.record ?? [];
  const missing = REQUIRED_COLUMNS[name].filter((column) => !header.includes(column));
  if (records.length > 0 && missing.length > 0) throw new Error(`${file}: header lacks ${missing.join(', ')}`);
  const index = new Map(header.map((column, i) => [column, i]));
  return records.slice(1).map(({ record, info }) => ({
    line: info.lines,
    bad: record.length > header.length ? { file, line: info.lines, reason: `${record.length} fields where the header has ${header.length}` } : undefined,
    cell: (column: string) => {
      const i = index.get(column);
      return i === undefined ? '' : (record[i] ?? '').trim();
    },
  }));
}

/**
 * The network of a GTFS feed. `prefix` is put before each file name in rejects (the folder or zip name,
 * e.g. `flixbus-gtfs/`).
 */
export function parseGtfs(files: GtfsFiles, options?: { source?: string; prefix?: string }): ParsedBusNetwork {
  const prefix = options?.prefix ?? '';
  const parsed: ParsedBusNetwork = { source: options?.source ?? 'gtfs', network: { stops: new Map(), routes: [] }, rowsRead: 0, rejected: [] };
  const reject = (name: GtfsFileName, line: number, reason: string) => parsed.rejected.push({ file: `${prefix}${name}`, line, reason });
  const rowsFrom = (name: GtfsFileName) => rowsOf(files, name, prefix).filter((r) => {
    parsed.rowsRead++;
    if (r.bad) parsed.rejected.push(r.bad);
    return !r.bad;
  });

  // Agencies: id -> name (agency_id may be empty in a feed of one agency).
  const agencies = new Map<string, string>();
  for (const { line, cell } of rowsFrom('agency.txt')) {
    const id = cell('agency_id');
    const name = cell('agency_name').replace(/\s+/g, ' ');
    if (name === '') reject('agency.txt', line, `agency ${quote(id)} has no agency_name`);
    else if (agencies.has(id)) reject('agency.txt', line, `agency_id ${quote(id)} repeats`);
    else agencies.set(id, name);
  }

  const stopLines = new Map<string, number>();
  for (const { line, cell } of rowsFrom('stops.txt')) {
    const id = cell('stop_id');
    const type = cell('location_type');
    if (id === '') {
      reject('stops.txt', line, 'stop_id is empty');
      continue;
    }
    const at = positionOf(cell('stop_lat'), cell('stop_lon'));
    // Entrances (2), generic nodes (3) and boarding areas (4) need no position and carry no trips.
    if (!at && ['2', '3', '4'].includes(type)) continue;
    if (stopLines.has(id)) {
      reject('stops.txt', line, `stop_id ${quote(id)} repeats line ${stopLines.get(id)}`);
      continue;
    }
    stopLines.set(id, line);
    const name = cell('stop_name');
    if (!at) reject('stops.txt', line, `stop ${quote(id)}: stop_lat ${quote(cell('stop_lat'))}, stop_lon ${quote(cell('stop_lon'))} not a WGS84 position`);
    else if (name === '') reject('stops.txt', line, `stop ${quote(id)} has no stop_name`);
    else parsed.network.stops.set(id, { id, name, city: null, lat: at.lat, lon: at.lon } satisfies BusStop);
  }

  interface RouteRow { line: number; route: Omit<BusRoute, 'stops'> }
  const routes = new Map<string, RouteRow>();
  const notByRoad = new Set<string>();
  for (const { line, cell } of rowsFrom('routes.txt')) {
    const id = cell('route_id');
    if (id === '') {
      reject('routes.txt', line, 'route_id is empty');
      continue;
    }
    if (!isRoadRouteType(cell('route_type'))) {
      notByRoad.add(id);
      continue;
    }
    if (routes.has(id)) {
      reject('routes.txt', line, `route_id ${quote(id)} repeats line ${routes.get(id)!.line}`);
      continue;
    }
    const agencyId = cell('agency_id');
    const carrier = agencyId === '' && agencies.size === 1 ? [...agencies.values()][0]! : agencies.get(agencyId);
    if (carrier === undefined) {
      reject('routes.txt', line, agencyId === '' ? `route ${quote(id)} names no agency_id and the feed has ${agencies.size} agencies` : `route ${quote(id)}: unknown agency_id ${quote(agencyId)}`);
      continue;
    }
    routes.set(id, { line, route: { id, carrier, short_name: orNull(cell('route_short_name')), long_name: orNull(cell('route_long_name')) } });
  }

  // Trips in file order: trip -> route.
  const tripRoute = new Map<string, string>();
  const tripLines = new Map<string, number>();
  for (const { line, cell } of rowsFrom('trips.txt')) {
    const trip = cell('trip_id');
    const route = cell('route_id');
    if (notByRoad.has(route)) tripLines.set(trip, line);
    else if (trip === '') reject('trips.txt', line, 'trip_id is empty');
    else if (tripLines.has(trip)) reject('trips.txt', line, `trip_id ${quote(trip)} repeats line ${tripLines.get(trip)}`);
    else if (!routes.has(route)) {
      tripLines.set(trip, line);
      reject('trips.txt', line, `trip ${quote(trip)}: unknown route_id ${quote(route)}`);
    } else {
      tripLines.set(trip, line);
      tripRoute.set(trip, route);
    }
  }

  // Stop times: trip -> (sequence -> stop).
  const tripStops = new Map<string, Map<number, { stop: string; line: number }>>();
  for (const { line, cell } of rowsFrom('stop_times.txt')) {
    const trip = cell('trip_id');
    const stop = cell('stop_id');
    const sequence = cell('stop_sequence');
    const bad: string[] = [];
    // A trip rejected in trips.txt was already reported there: its stop times go quietly.
    if (tripLines.has(trip) && !tripRoute.has(trip)) continue;
    if (!tripRoute.has(trip)) bad.push(`unknown trip_id ${quote(trip)}`);
    if (!parsed.network.stops.has(stop)) bad.push(stopLines.has(stop) ? `stop ${quote(stop)} was rejected (line ${stopLines.get(stop)})` : `unknown stop_id ${quote(stop)}`);
    if (!/^\d{1,9}$/.test(sequence)) bad.push(`stop_sequence ${quote(sequence)} is not a non-negative integer`);
    if (bad.length > 0) {
      reject('stop_times.txt', line, bad.join('; '));
      continue;
    }
    let sequences = tripStops.get(trip);
    if (!sequences) tripStops.set(trip, (sequences = new Map()));
    const held = sequences.get(Number(sequence));
    if (held) {
      reject('stop_times.txt', line, `trip ${quote(trip)}: stop_sequence ${sequence} repeats line ${held.line}`);
      continue;
    }
    sequences.set(Number(sequence), { stop, line });
  }

  // The representative trip of each route: most stops, first listed on a tie.
  const best = new Map<string, string[]>();
  for (const [trip, route] of tripRoute) {
    const sequences = tripStops.get(trip);
    if (!sequences) continue;
    const stops: string[] = [];
    for (const [, { stop }] of [...sequences].sort((a, b) => a[0] - b[0])) if (stops.at(-1) !== stop) stops.push(stop);
    if (stops.length > (best.get(route)?.length ?? 1)) best.set(route, stops);
  }
  for (const [id, { line, route }] of routes) {
    const stops = best.get(id);
    if (stops) parsed.network.routes.push({ ...route, stops });
    else reject('routes.txt', line, `route ${quote(id)}: no trip serves two stops or more`);
  }
  parsed.rejected.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return parsed;
}
