/**
 * What every place importer (stations, prices, country averages, places) returns: normalised records with
 * the line (or item index) they came from, and the rows it could not use and why. Parsers are pure:
 * text in, records out; the runner (run.ts) writes them.
 */
import type { CountryPriceRecord, PoiRecord, StationPriceRecord, StationRecord } from '../../../models/places.js';
import type { Rejected } from '../feed.js';

export interface Lined<T> {
  line: number;
  record: T;
}

export interface ParsedPlaces {
  /** The source id every record is stored under (`eu-bulletin`, `mimit`, `osm`, ...). */
  source: string;
  file: string;
  rowsRead: number;
  stations: Lined<StationRecord>[];
  prices: Lined<StationPriceRecord>[];
  countryPrices: Lined<CountryPriceRecord>[];
  pois: Lined<PoiRecord>[];
  rejected: Rejected[];
  /** Stations kept without their position, and why (position-check.ts): counted in build logs and summaries. */
  unplaced?: Rejected[];
  /** Euro exchange rates (ecb-rates.ts), by which national prices are converted to EUR. */
  rates?: Lined<EurRateRecord>[];
}

/** A currency's euro reference rate for a day, as the ECB quotes it: units of the currency per EUR. */
export interface EurRateRecord {
  currency: string;
  /** `YYYY-MM-DD`. */
  date: string;
  units_per_eur: number;
}

export interface PlaceFormatOptions {
  /** When the file was fetched, for sources that state no time (default: now). */
  at: Date;
  /** The source the operator names (`bdds import ... --source NAME`), for formats that do not fix one. */
  source?: string;
  /**
   * The stations' positions were checked when the file was built (data/bundled/places: the failing ones
   * written without a position): not checked again (the check loads the gazetteer, seconds at first start).
   */
  positionsChecked?: boolean;
}

export type PlaceParser = (text: string, file: string, options: PlaceFormatOptions) => ParsedPlaces;

export function emptyPlaces(source: string, file: string): ParsedPlaces {
  return { source, file, rowsRead: 0, stations: [], prices: [], countryPrices: [], pois: [], rejected: [] };
}

/** A finite latitude/longitude pair inside the WGS84 range, else null (never 0,0 for "unknown"). */
export function position(lat: unknown, lon: unknown): { lat: number; lon: number } | null {
  // A blank cell is missing, never 0 (Number('') is 0).
  const num = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? NaN : Number(v.trim().replace(',', '.'))) : v);
  const la = num(lat);
  const lo = num(lon);
  if (typeof la !== 'number' || typeof lo !== 'number' || !Number.isFinite(la) || !Number.isFinite(lo)) return null;
  if (Math.abs(la) > 90 || Math.abs(lo) > 180 || (la === 0 && lo === 0)) return null;
  return { lat: la, lon: lo };
}

/** A positive price from a cell (`1,789` or `1.789`), else null. */
export function priceOf(cell: unknown): number | null {
  const value = typeof cell === 'string' ? Number(cell.trim().replace(',', '.')) : cell;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
