/**
 * Responses of the German Tankerkoenig API (creativecommons.tankerkoenig.de; data MTS-K, payload licence
 * CC BY 4.0: attribute "Tankerkönig (MTS-K), CC BY 4.0"), told apart by their shape:
 * - `list.php`: `{ok, stations: [{id, name, brand, street, houseNumber, postCode, place, lat, lng, dist,
 *   e5, e10, diesel, isOpen}]}`: stations and their current prices;
 * - `detail.php`: `{ok, station: {... as above, openingTimes, overrides, wholeDay, state}}`: one station;
 * - `prices.php`: `{ok, prices: {<station id>: {status, e5, e10, diesel}}}`: prices only, for stations that
 *   must already be held (the runner checks).
 * Source `tankerkoenig`; station id the API's `id`; address `street houseNumber, postCode place` (a numeric
 * `postCode` lost its leading zero: padded to five digits), city `place`, country DE; `isOpen`, `dist`,
 * opening times ignored. Prices `e5`, `e10`, `diesel` in EUR per litre; `false`, null, absent or 0 mean the
 * grade is not offered (no record); any other value must be a number above 0 and below 20, else that price is
 * rejected (the station is kept). The API states no time for its current prices: `reported_at` is
 * `options.at`. A list-type response's single `price` (asked for one grade) is not read: it does not say which.
 * A response with `ok: false` throws with its `message`. The line of a station or price entry is its 1-based
 * index in the response (1 for `detail`).
 */
import type { FuelGrade, StationPriceRecord, StationRecord } from '../../../models/places.js';
import { emptyPlaces, position, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';

export const TANKERKOENIG_SOURCE = 'tankerkoenig';
export const TANKERKOENIG_GRADES = ['e5', 'e10', 'diesel'] as const satisfies readonly FuelGrade[];
/** EUR per litre at or above this is not a pump price. */
export const MAX_EUR_PER_LITRE = 20;

export type TankerkoenigKind = 'list' | 'detail' | 'prices';

type Item = Record<string, unknown>;
const isObject = (v: unknown): v is Item => v !== null && typeof v === 'object' && !Array.isArray(v);
const show = (v: unknown) => (typeof v === 'string' ? `'${v.slice(0, 40)}'` : String(JSON.stringify(v) ?? v).slice(0, 40));

/** Germany, generously: a position outside is a swapped or broken pair. */
const DE_BOX = { minLat: 47, maxLat: 55.2, minLon: 5.5, maxLon: 15.5 };

/** Text with `\u00df`-style escapes left in it by a double encoding decoded, trimmed; empty -> null. */
function text(v: unknown): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const t = String(v)
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\s+/g, ' ')
    .trim();
  return t === '' ? null : t;
}

/** `Hauptstraße 115, 26689 Apen`, from whichever parts are given. */
function addressOf(s: Item): string | null {
  const street = [text(s.street), text(s.houseNumber)].filter(Boolean).join(' ');
  const code = typeof s.postCode === 'number' && Number.isInteger(s.postCode) ? String(s.postCode).padStart(5, '0') : text(s.postCode);
  const town = [code, text(s.place)].filter(Boolean).join(' ');
  const address = [street, town].filter(Boolean).join(', ');
  return address === '' ? null : address;
}

/** Which response a parsed body is; throws for an error response or a body of none of the three shapes. */
export function detectTankerkoenig(body: unknown, file = ''): TankerkoenigKind {
  if (!isObject(body)) throw new Error(`${file}: not a Tankerkoenig response: expected a JSON object`);
  if (body.ok === false) throw new Error(`${file}: Tankerkoenig error response: ${typeof body.message === 'string' ? body.message : show(body.message ?? body.status)}`);
  if (Array.isArray(body.stations)) return 'list';
  if (isObject(body.station)) return 'detail';
  if (isObject(body.prices)) return 'prices';
  throw new Error(`${file}: not a Tankerkoenig list, detail or prices response (keys: ${Object.keys(body).slice(0, 8).join(', ')})`);
}

const validId = (id: unknown): id is string => typeof id === 'string' && /^[0-9A-Za-z-]{1,64}$/.test(id.trim());

/** The grade's price, `none` when not offered, or why it is not a price. */
function priceCell(v: unknown): number | 'none' | { reason: string } {
  if (v === undefined || v === null || v === false || v === 0) return 'none';
  if (typeof v === 'number' && Number.isFinite(v) && v > 0 && v < MAX_EUR_PER_LITRE) return v;
  return { reason: `price ${show(v)} is not a positive EUR price below ${MAX_EUR_PER_LITRE}` };
}

function addPrices(feed: ParsedPlaces, line: number, stationId: string, cells: Item, reportedAt: string): void {
  for (const grade of TANKERKOENIG_GRADES) {
    const cell = priceCell(cells[grade]);
    if (cell === 'none') continue;
    if (typeof cell === 'object') {
      feed.rejected.push({ file: feed.file, line, reason: `station ${stationId} ${grade}: ${cell.reason}` });
      continue;
    }
    const record: StationPriceRecord = { station_id: stationId, grade, local_name: grade, price: cell, currency: 'EUR', reported_at: reportedAt, self_service: null };
    feed.prices.push({ line, record });
  }
}

function addStation(feed: ParsedPlaces, line: number, s: unknown, reportedAt: string, seen: Map<string, number>): void {
  feed.rowsRead++;
  if (!isObject(s)) return void feed.rejected.push({ file: feed.file, line, reason: `station ${show(s)} is not an object` });
  if (!validId(s.id)) return void feed.rejected.push({ file: feed.file, line, reason: `station id ${show(s.id)} is missing or not an id` });
  const id = s.id.trim();
  const first = seen.get(id);
  if (first !== undefined) return void feed.rejected.push({ file: feed.file, line, reason: `station id '${id}' repeats station ${first}` });
  seen.set(id, line);
  let lat: number | null = null;
  let lon: number | null = null;
  const absent = (v: unknown) => v === undefined || v === null || v === '';
  if (!absent(s.lat) && !absent(s.lng)) {
    const p = position(s.lat, s.lng);
    if (p === null && !(Number(s.lat) === 0 && Number(s.lng) === 0)) {
      return void feed.rejected.push({ file: feed.file, line, reason: `station ${id}: coordinates ${show(s.lat)}, ${show(s.lng)} are not a position` });
    }
    if (p && (p.lat < DE_BOX.minLat || p.lat > DE_BOX.maxLat || p.lon < DE_BOX.minLon || p.lon > DE_BOX.maxLon)) {
      return void feed.rejected.push({ file: feed.file, line, reason: `station ${id}: coordinates ${show(s.lat)}, ${show(s.lng)} are outside Germany` });
    }
    if (p) ({ lat, lon } = p);
  }
  const record: StationRecord = {
    source_id: id, name: text(s.name), brand: text(s.brand), address: addressOf(s), city: text(s.place), country_code: 'DE', lat, lon, services: [],
  };
  feed.stations.push({ line, record });
  addPrices(feed, line, id, s, reportedAt);
}

/** Stations and prices (or prices only) of one Tankerkoenig response, under `tankerkoenig`. */
export function parseTankerkoenig(text: string, file: string, options: PlaceFormatOptions): ParsedPlaces {
  let body: unknown;
  try {
    body = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`${file}: not JSON (${(error as Error).message})`);
  }
  const kind = detectTankerkoenig(body, file);
  const feed = emptyPlaces(TANKERKOENIG_SOURCE, file);
  const reportedAt = options.at.toISOString();
  const b = body as Item;
  const seen = new Map<string, number>();
  if (kind === 'list') (b.stations as unknown[]).forEach((s, i) => addStation(feed, i + 1, s, reportedAt, seen));
  else if (kind === 'detail') addStation(feed, 1, b.station, reportedAt, seen);
  else {
    Object.entries(b.prices as Item).forEach(([id, cells], i) => {
      const line = i + 1;
      feed.rowsRead++;
      if (!validId(id)) return void feed.rejected.push({ file, line, reason: `station id ${show(id)} is not an id` });
      if (!isObject(cells)) return void feed.rejected.push({ file, line, reason: `station ${id}: prices ${show(cells)} are not an object` });
      addPrices(feed, line, id.trim(), cells, reportedAt);
    });
  }
  return feed;
}
