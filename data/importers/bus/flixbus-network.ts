/**
 * FlixBus's route network as github.com/duncanharrywhyte/flixbusmap publishes it (`flixbus_network.json`,
 * derived from FlixBus's public GTFS, publisher FlixMobility Tech GmbH, ODbL 1.0):
 *
 *   {"stops": {"<id>": {"id", "name", "city", "lat", "lon", "country"}, ...},
 *    "routes": [{"id", "shortName", "longName", "stops": ["<id>", ...]}, ...]}
 *
 * Stop keys may carry the GTFS feed prefix (`EU:<id>`); ids are read without it, on stops and on the routes'
 * stop lists alike. Each route is one representative trip (stop order only); the carrier is `FlixBus`.
 * The stops' `country` is NOT read: in this file every stop in UA, MD, EE, LV, LT, BA and GR says
 * "Germany" (shared/data README); countries come from the coordinates (engine/bus/country-locator.ts).
 *
 * Rejects name the part of the file and the item's 1-based index there (`flixbus_network.json#stops`,
 * line 12 = the 12th stop): a stop without a name or a WGS84 position, a route without an id or with
 * fewer than two stops, a route naming a stop the file does not hold (or one rejected), and a route whose
 * id repeats an earlier one (the file repeats 76 routes verbatim; the first is kept).
 */
import type { BusNetwork, BusRoute } from '../../../models/bus.js';
import type { Rejected } from '../feed.js';
import type { ParsedBusNetwork } from './gtfs.js';

export const FLIXBUS_SOURCE = 'flixbus-network';
export const FLIXBUS_CARRIER = 'FlixBus';

const quote = (value: string) => `'${value.length > 60 ? `${value.slice(0, 60)}...` : value}'`;
const bareId = (id: string) => id.trim().replace(/^EU:/, '');
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

function coordinate(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
  return Number.isFinite(n) ? n : null;
}

export function parseFlixbusNetwork(json: string, file: string, options?: { source?: string }): ParsedBusNetwork {
  const doc = JSON.parse(json) as unknown;
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new Error(`${file}: not a JSON object`);
  const { stops, routes } = doc as { stops?: unknown; routes?: unknown };
  if (stops === null || typeof stops !== 'object' || Array.isArray(stops) || !Array.isArray(routes)) {
    throw new Error(`${file}: not a FlixBus network (needs a "stops" object and a "routes" array)`);
  }
  const network: BusNetwork = { stops: new Map(), routes: [] };
  const parsed: ParsedBusNetwork = { source: options?.source ?? FLIXBUS_SOURCE, network, rowsRead: 0, rejected: [] };
  const stopFile = `${file}#stops`;
  const routeFile = `${file}#routes`;
  const reject = (part: string, line: number, reason: string) => parsed.rejected.push({ file: part, line, reason } satisfies Rejected);

  const seenStops = new Map<string, number>();
  Object.entries(stops as Record<string, unknown>).forEach(([key, value], i) => {
    parsed.rowsRead++;
    const line = i + 1;
    const id = bareId(key);
    const s = (value ?? {}) as { name?: unknown; city?: unknown; lat?: unknown; lon?: unknown };
    if (id === '') return reject(stopFile, line, `stop key ${quote(key)} is empty`);
    if (seenStops.has(id)) return reject(stopFile, line, `stop ${quote(id)} repeats item ${seenStops.get(id)}`);
    seenStops.set(id, line);
    const lat = coordinate(s.lat);
    const lon = coordinate(s.lon);
    if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180 || (lat === 0 && lon === 0)) {
      return reject(stopFile, line, `stop ${quote(id)}: lat ${quote(String(s.lat))}, lon ${quote(String(s.lon))} not a WGS84 position`);
    }
    const name = text(s.name);
    if (name === '') return reject(stopFile, line, `stop ${quote(id)} has no name`);
    network.stops.set(id, { id, name, city: text(s.city) || null, lat, lon });
  });

  const seenRoutes = new Map<string, { line: number; stops: string }>();
  routes.forEach((value: unknown, i: number) => {
    parsed.rowsRead++;
    const line = i + 1;
    const r = (value ?? {}) as { id?: unknown; shortName?: unknown; longName?: unknown; stops?: unknown };
    const id = text(r.id);
    if (id === '') return reject(routeFile, line, 'route has no id');
    if (!Array.isArray(r.stops)) return reject(routeFile, line, `route ${quote(id)} has no stops list`);
    const ids = r.stops.map((s: unknown) => bareId(text(s)));
    const first = seenRoutes.get(id);
    if (first) {
      const same = first.stops === ids.join('\n');
      return reject(routeFile, line, `route ${quote(id)} repeats item ${first.line}${same ? ' (the same stops)' : ' with other stops: the first is kept'}`);
    }
    seenRoutes.set(id, { line, stops: ids.join('\n') });
    const unknown = ids.filter((s) => !network.stops.has(s));
    if (unknown.length > 0) {
      const why = unknown.map((s) => (seenStops.has(s) ? `${quote(s)} (rejected, stop item ${seenStops.get(s)})` : quote(s)));
      return reject(routeFile, line, `route ${quote(id)} names ${unknown.length === 1 ? 'a stop' : 'stops'} the file does not hold: ${why.join(', ')}`);
    }
    // A stop written twice in a row is one stop.
    const order = ids.filter((s, k) => k === 0 || ids[k - 1] !== s);
    if (order.length < 2) return reject(routeFile, line, `route ${quote(id)} has ${order.length} stop${order.length === 1 ? '' : 's'}`);
    const route: BusRoute = { id, carrier: FLIXBUS_CARRIER, short_name: text(r.shortName) || null, long_name: text(r.longName) || null, stops: order };
    network.routes.push(route);
  });
  return parsed;
}
