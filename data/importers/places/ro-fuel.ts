/**
 * Romania, source `ro-monitor`: stations and their prices from the Romanian Competition Council's price
 * monitor "Monitorul Pretului", and daily national averages, as collected by
 * github.com/norbertvajko/fuel-prices-romania (no licence stated there). Prices are RON per litre.
 *
 * - `stations.csv` (`id,name,network,lat,lon,city,last_updated`): country RO; `network` is the brand.
 *   Empty coordinates keep the station with lat/lon null; present but not a position: rejected.
 * - `station_prices_*.csv` (`id,station_id,fuel,price,scrape_date`): `fuel` in Romanian, matched without
 *   diacritics or case (`Motorină standard` = `Motorina standard`): Motorina standard -> diesel,
 *   Motorina premium -> diesel_premium, Benzina standard -> e5, Benzina premium -> e5_premium, GPL -> lpg.
 *   `Încărcare Electrică` (electric charging, per kWh) is not a fuel: skipped, not rejected; any other
 *   name is rejected. The file gives only the day of the scrape: `reported_at` is the start of that day
 *   in Europe/Bucharest (the price was seen that day, at the latest). Prices outside 1 to 100 RON are
 *   rejected.
 * - `romania_national_daily_*.csv` (`date,fuel_type,price_ron_per_l`): national averages with taxes,
 *   b95 -> e5, diesel -> diesel, gpl -> lpg, b98 -> e5_premium, diesel_plus -> diesel_premium; prices
 *   outside 0 to 100 RON are rejected. `price_eur` is null (the file gives no rate).
 */
import type { FuelGrade } from '../../../models/places.js';
import { zonedToUtc } from '../../../models/zoned-time.js';
import { csvRows } from '../feed.js';
import { emptyPlaces, position, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';

export const RO_SOURCE = 'ro-monitor';

const MAX_RON = 100;
/** Lowest plausible pump price at a station (about 0.2 EUR). */
const MIN_STATION_RON = 1;

/** Lower case, no diacritics, single spaces: `Motorină  Standard` -> `motorina standard`. */
const fold = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

export const RO_STATION_GRADES: ReadonlyMap<string, FuelGrade> = new Map([
  ['motorina standard', 'diesel'],
  ['motorina premium', 'diesel_premium'],
  ['benzina standard', 'e5'],
  ['benzina premium', 'e5_premium'],
  ['gpl', 'lpg'],
]);
const RO_STATION_SKIPPED = new Set(['incarcare electrica']);

export const RO_NATIONAL_GRADES: ReadonlyMap<string, FuelGrade> = new Map([
  ['b95', 'e5'],
  ['diesel', 'diesel'],
  ['gpl', 'lpg'],
  ['b98', 'e5_premium'],
  ['diesel_plus', 'diesel_premium'],
]);

/**
 * Each data row of a CSV with its cells; rejects malformed rows, and the whole file (line 1) when the
 * header lacks a required column.
 */
function forEachRow(places: ParsedPlaces, text: string, required: readonly string[], read: (line: number, row: Record<string, string>) => void): void {
  const rows = csvRows(text, places.file);
  const header = rows[0] ? Object.keys(rows[0].row) : [];
  const missing = rows.length === 0 ? [] : required.filter((c) => !header.includes(c));
  if (missing.length > 0) return void places.rejected.push({ file: places.file, line: 1, reason: `header lacks column(s) ${missing.join(', ')}` });
  for (const { line, row, bad } of rows) {
    places.rowsRead++;
    if (bad) places.rejected.push(bad);
    else read(line, row);
  }
}

function isDay(cell: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(cell)) return false;
  const d = new Date(`${cell}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === cell;
}

/** A price in RON from a cell within [min, MAX_RON], or why not (`what` names the column). */
function ron(cell: string, what: string, min: number): number | string {
  if (cell === '') return `${what} is empty`;
  const value = /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : NaN;
  if (Number.isNaN(value)) return `${what} '${cell}' is not a number`;
  if (!(value > 0 && value >= min && value <= MAX_RON)) return `${what} '${cell}' is not a plausible RON price (${min > 0 ? `${min} to` : 'above 0, at most'} ${MAX_RON})`;
  return value;
}

/** 00:00 of a day in Europe/Bucharest as ISO UTC. */
const bucharestMidnight = (day: string) => zonedToUtc(day, '00:00', 'Europe/Bucharest').toISOString();

/** Collapsed whitespace; null for an empty cell. */
const clean = (cell: string | undefined) => (cell ?? '').replace(/\s+/g, ' ').trim() || null;

const STATION_ID = /^[A-Za-z0-9_.-]{1,40}$/;

/** `stations.csv`: stations in Romania. */
export function parseRoStations(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const places = emptyPlaces(RO_SOURCE, file);
  const seen = new Map<string, number>();
  forEachRow(places, text, ['id', 'name', 'network', 'lat', 'lon', 'city'], (line, row) => {
    const reject = (reason: string) => void places.rejected.push({ file, line, reason });
    const id = row.id!.trim();
    if (!STATION_ID.test(id)) return reject(`id '${id}' is not a station id`);
    const first = seen.get(id);
    if (first !== undefined) return reject(`id '${id}' repeats line ${first}`);
    const lat = row.lat!.trim();
    const lon = row.lon!.trim();
    const where = lat === '' || lon === '' ? null : position(lat, lon);
    if ((lat !== '' || lon !== '') && where === null) return reject(`lat '${lat}', lon '${lon}' is not a position`);
    seen.set(id, line);
    places.stations.push({
      line,
      record: {
        source_id: id,
        name: clean(row.name),
        brand: clean(row.network),
        address: null,
        city: clean(row.city),
        country_code: 'RO',
        lat: where?.lat ?? null,
        lon: where?.lon ?? null,
        services: [],
      },
    });
  });
  return places;
}

/** `station_prices_*.csv`: station prices in RON, reported at the start of the scrape day (Bucharest). */
export function parseRoPrices(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const places = emptyPlaces(RO_SOURCE, file);
  const days = new Map<string, string>();
  forEachRow(places, text, ['station_id', 'fuel', 'price', 'scrape_date'], (line, row) => {
    const reject = (reason: string) => void places.rejected.push({ file, line, reason });
    const stationId = row.station_id!.trim();
    if (!STATION_ID.test(stationId)) return reject(`station_id '${stationId}' is not a station id`);
    const localName = row.fuel!.trim();
    const key = fold(localName);
    if (RO_STATION_SKIPPED.has(key)) return;
    const grade = RO_STATION_GRADES.get(key);
    if (grade === undefined) return reject(`fuel '${localName}' has no grade`);
    const price = ron(row.price!.trim(), 'price', MIN_STATION_RON);
    if (typeof price === 'string') return reject(price);
    const day = row.scrape_date!.trim();
    if (!isDay(day)) return reject(`scrape_date '${day}' is not a YYYY-MM-DD day`);
    let reportedAt = days.get(day);
    if (reportedAt === undefined) days.set(day, (reportedAt = bucharestMidnight(day)));
    places.prices.push({ line, record: { station_id: stationId, grade, local_name: localName, price, currency: 'RON', reported_at: reportedAt, self_service: null } });
  });
  return places;
}

/** `romania_national_daily_*.csv`: national daily averages with taxes, RON per litre. */
export function parseRoNational(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const places = emptyPlaces(RO_SOURCE, file);
  forEachRow(places, text, ['date', 'fuel_type', 'price_ron_per_l'], (line, row) => {
    const reject = (reason: string) => void places.rejected.push({ file, line, reason });
    const localName = row.fuel_type!.trim();
    const grade = RO_NATIONAL_GRADES.get(localName.toLowerCase());
    if (grade === undefined) return reject(`fuel_type '${localName}' has no grade`);
    const date = row.date!.trim();
    if (!isDay(date)) return reject(`date '${date}' is not a YYYY-MM-DD day`);
    const price = ron(row.price_ron_per_l!.trim(), 'price_ron_per_l', 0);
    if (typeof price === 'string') return reject(price);
    places.countryPrices.push({ line, record: { country_code: 'RO', grade, local_name: localName, price, currency: 'RON', price_eur: null, date, with_taxes: true } });
  });
  return places;
}
