/**
 * The generic fuel-station CSV for operators (docs/import-formats.md, "Fuel stations and prices (CSV)"):
 *
 *   source_id,name,brand,address,city,country,lat,lon,services,grade,local_name,price,currency,reported_at,self_service
 *
 * One row is a station, optionally with one price; a station's other prices are further rows with the same
 * `source_id`, whose station columns must agree with its first row. `source_id` and `country` are required;
 * `lat`/`lon` both empty = position unknown; `services` is a `;`-separated list; a price needs `grade` (one
 * of FUEL_GRADES), `price` (positive, `.` or `,` decimals), `currency` (ISO 4217) and `reported_at` (ISO-8601
 * with its offset); `local_name` defaults to the grade, `self_service` (1/0, true/false, yes/no) to not stated.
 * A row with any bad cell is rejected whole, naming every bad cell. The source is the caller's `source`
 * option (`bdds import ... --source NAME`), else `csv`.
 */
import { FUEL_GRADES, type FuelGrade, type StationPriceRecord, type StationRecord } from '../../../models/places.js';
import { csvRows, isoSeconds } from '../feed.js';
import { emptyPlaces, position, priceOf, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';

export const STATION_CSV_COLUMNS = ['source_id', 'name', 'brand', 'address', 'city', 'country', 'lat', 'lon', 'services', 'grade', 'local_name', 'price', 'currency', 'reported_at', 'self_service'] as const;
const REQUIRED_COLUMNS = ['source_id', 'country'];
const STATION_COLUMNS = ['name', 'brand', 'address', 'city', 'country', 'lat', 'lon', 'services'] as const;
const PRICE_COLUMNS = ['grade', 'local_name', 'price', 'currency', 'reported_at', 'self_service'] as const;
const GRADES: ReadonlySet<string> = new Set(FUEL_GRADES);
const SELF: Record<string, boolean> = { '1': true, true: true, yes: true, '0': false, false: false, no: false };

const SELF_LABEL: Record<string, string> = { true: ' self-service', false: ' served', null: '' };
const quote = (value: string) => `'${value.length > 40 ? `${value.slice(0, 40)}...` : value}'`;

/** The station of a row, or the reasons its station cells are bad. */
function stationOf(cell: (name: string) => string): StationRecord | string[] {
  const bad: string[] = [];
  const sourceId = cell('source_id');
  if (sourceId === '') bad.push('source_id is empty');
  else if (sourceId.length > 200 || /[\u0000-\u001f]/.test(sourceId)) bad.push(`source_id ${quote(sourceId)} is not a plain id of up to 200 characters`);
  const country = cell('country').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) bad.push(`country ${quote(cell('country'))} is not an ISO 3166-1 alpha-2 code`);
  const lat = cell('lat');
  const lon = cell('lon');
  // `position` reads a blank cell as 0: one of the two given alone is bad.
  const at = lat === '' || lon === '' ? null : position(lat, lon);
  if (at === null && (lat !== '' || lon !== '')) bad.push(`lat ${quote(lat)}, lon ${quote(lon)} not a WGS84 position (leave both empty when unknown)`);
  const services: string[] = [];
  for (const raw of cell('services').split(';')) {
    const item = raw.trim().toLowerCase().replace(/[\s-]+/g, '_');
    if (item === '') continue;
    if (!/^[a-z0-9_]{1,40}$/.test(item)) bad.push(`services item ${quote(raw.trim())} is not a plain name (letters, digits, _)`);
    else if (!services.includes(item)) services.push(item);
  }
  if (bad.length > 0) return bad;
  const orNull = (name: string) => cell(name) || null;
  return {
    source_id: sourceId, name: orNull('name'), brand: orNull('brand'), address: orNull('address'), city: orNull('city'), country_code: country,
    lat: at?.lat ?? null, lon: at?.lon ?? null, services: services.sort(),
  };
}

/** The price of a row (null when it carries none), or the reasons its price cells are bad. */
function priceOfRow(cell: (name: string) => string, stationId: string): StationPriceRecord | null | string[] {
  if (PRICE_COLUMNS.every((name) => cell(name) === '')) return null;
  const bad: string[] = [];
  const grade = cell('grade').toLowerCase();
  if (!GRADES.has(grade)) bad.push(`grade ${quote(cell('grade'))} is not one of ${FUEL_GRADES.join(', ')}`);
  const price = priceOf(cell('price'));
  if (price === null) bad.push(`price ${quote(cell('price'))} is not a positive number`);
  const currency = cell('currency').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) bad.push(`currency ${quote(cell('currency'))} is not an ISO 4217 code`);
  const seconds = isoSeconds(cell('reported_at'));
  if (seconds === null) bad.push(`reported_at ${quote(cell('reported_at'))} is not an ISO-8601 instant with its offset`);
  const selfCell = cell('self_service').toLowerCase();
  const self = selfCell === '' ? null : SELF[selfCell];
  if (self === undefined) bad.push(`self_service ${quote(cell('self_service'))} is not 1/0, true/false or yes/no`);
  if (bad.length > 0) return bad;
  return {
    station_id: stationId, grade: grade as FuelGrade, local_name: cell('local_name') || grade, price: price!, currency,
    reported_at: new Date(seconds! * 1000).toISOString(), self_service: self ?? null,
  };
}

const STATION_FIELDS: Record<(typeof STATION_COLUMNS)[number], (s: StationRecord) => unknown> = {
  name: (s) => s.name, brand: (s) => s.brand, address: (s) => s.address, city: (s) => s.city, country: (s) => s.country_code,
  lat: (s) => s.lat, lon: (s) => s.lon, services: (s) => s.services.join(';'),
};

/** Fuel stations and their prices, one station and at most one price a row. Throws on a header it cannot use. */
export function parseStationCsv(text: string, file: string, options?: PlaceFormatOptions): ParsedPlaces {
  const parsed = emptyPlaces(options?.source ?? 'csv', file);
  const rows = csvRows(text, file);
  const header = rows.length > 0 ? Object.keys(rows[0]!.row) : [];
  const known: readonly string[] = STATION_CSV_COLUMNS;
  const unknown = header.filter((name) => !known.includes(name));
  const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
  if (rows.length > 0 && (unknown.length > 0 || missing.length > 0)) {
    throw new Error(`${file}: header ${[missing.length > 0 ? `lacks ${missing.join(', ')}` : '', unknown.length > 0 ? `has unknown columns ${unknown.join(', ')}` : ''].filter(Boolean).join(' and ')} (columns: ${STATION_CSV_COLUMNS.join(',')})`);
  }
  /** Each station's record and first line. */
  const stations = new Map<string, { line: number; record: StationRecord }>();
  /** Lines of the prices read, by station, grade, self-service and instant. */
  const prices = new Map<string, number>();
  for (const { line, row, bad } of rows) {
    parsed.rowsRead++;
    if (bad) {
      parsed.rejected.push(bad);
      continue;
    }
    const cell = (name: string) => (row[name] ?? '').trim();
    const station = stationOf(cell);
    const price = Array.isArray(station) ? priceOfRow(cell, '') : priceOfRow(cell, station.source_id);
    if (Array.isArray(station) || Array.isArray(price)) {
      parsed.rejected.push({ file, line, reason: [...(Array.isArray(station) ? station : []), ...(Array.isArray(price) ? price : [])].join('; ') });
      continue;
    }
    const held = stations.get(station.source_id);
    if (held) {
      const differ = STATION_COLUMNS.filter((name) => STATION_FIELDS[name](held.record) !== STATION_FIELDS[name](station));
      if (differ.length > 0) {
        parsed.rejected.push({ file, line, reason: `station ${quote(station.source_id)}: ${differ.join(', ')} ${differ.length === 1 ? 'differs' : 'differ'} from its line ${held.line}` });
        continue;
      }
    }
    if (price) {
      const key = JSON.stringify([price.station_id, price.grade, price.self_service, price.reported_at]);
      const first = prices.get(key);
      if (first !== undefined) {
        parsed.rejected.push({ file, line, reason: `station ${quote(station.source_id)}: a second ${price.grade}${SELF_LABEL[String(price.self_service)]} price at ${price.reported_at} (first on line ${first})` });
        continue;
      }
      prices.set(key, line);
      parsed.prices.push({ line, record: price });
    }
    if (!held) {
      stations.set(station.source_id, { line, record: station });
      parsed.stations.push({ line, record: station });
    }
  }
  return parsed;
}
