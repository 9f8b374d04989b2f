/**
 * Fuel stations with their latest prices, national prices and driver places, read for the products. The
 * stations and places are held in memory (the api layer indexes them), read again when an import bumps
 * the `places` dataset version (read here, cheap); national prices are read per call (a few rows).
 */
import type { FuelGrade, PoiType, PriceKind, StationPriceRecord } from '../models/places.js';
import type { Db } from './store.js';

/** A station's price as held: the imported record without the station id (it sits on its station). */
export type HeldPrice = Omit<StationPriceRecord, 'station_id'>;

export interface HeldStation {
  source: string;
  id: string;
  name: string | null;
  brand: string | null;
  address: string | null;
  city: string | null;
  country: string;
  lat: number;
  lon: number;
  services: string[];
  /** The OSM `opening_hours` text, where the source states it. */
  opening_hours: string | null;
  prices: HeldPrice[];
}

export interface HeldPoi {
  source: string;
  id: string;
  type: PoiType;
  name: string | null;
  brand: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  lat: number;
  lon: number;
  amenities: string[];
  truck_spaces: number | null;
  opening_hours: string | null;
  cuisine: string | null;
}

export interface CountryPrice {
  source: string;
  country: string;
  grade: FuelGrade;
  local_name: string;
  date: string;
  with_taxes: boolean;
  price: number;
  currency: string;
  price_eur: number | null;
  price_kind: PriceKind;
}

/** EUR per unit of a currency, as a source published it for a day. */
export interface EurRate {
  currency: string;
  eur_per_unit: number;
  date: string;
  source: string;
}

export function createPlacesRepo(db: Db) {
  const versionStmt = db.prepare("SELECT version FROM dataset_versions WHERE dataset = 'places'").pluck();
  const stationsStmt = db.prepare('SELECT source, source_id AS id, name, brand, address, city, country, lat, lon, services, opening_hours FROM fuel_stations WHERE lat IS NOT NULL');
  const pricesStmt = db.prepare('SELECT source, station_id, grade, self_service, local_name, price, currency, reported_at FROM fuel_prices');
  const poisStmt = db.prepare('SELECT source, source_id AS id, type, name, brand, address, city, country, lat, lon, amenities, truck_spaces, opening_hours, cuisine FROM pois');
  // The latest day of each grade per country and source, with taxes (what a driver pays).
  const latestCountry = db.prepare(`SELECT p.source, p.country, p.grade, p.local_name, p.date, p.with_taxes, p.price, p.currency, p.price_eur, p.price_kind
    FROM fuel_country_prices p JOIN (SELECT source, country, grade, max(date) AS date FROM fuel_country_prices WHERE with_taxes = 1 GROUP BY source, country, grade) l
      USING (source, country, grade, date) WHERE p.with_taxes = 1 AND p.country = ? ORDER BY p.grade, p.source, p.currency`);
  // The newest rate a source gave for a currency (the bulletin's national prices carry their EUR figure).
  const rateStmt = db.prepare(`SELECT currency, price_eur / price AS eur_per_unit, date, source FROM fuel_country_prices
    WHERE currency = ? AND price_eur IS NOT NULL ORDER BY date DESC LIMIT 1`);
  // The newest reference rate held for a currency (the ECB's: units per EUR).
  const referenceRateStmt = db.prepare(`SELECT currency, 1.0 / units_per_eur AS eur_per_unit, date, source FROM eur_rates
    WHERE currency = ? ORDER BY date DESC, source LIMIT 1`);
  const countriesStmt = db.prepare('SELECT DISTINCT country FROM fuel_country_prices UNION SELECT DISTINCT country FROM fuel_stations ORDER BY 1').pluck();

  let held: { version: number; stations: HeldStation[]; pois: HeldPoi[] } | null = null;

  function snapshot() {
    const version = versionStmt.get() as number;
    if (held && held.version === version) return held;
    // Stations by source, then id (no key strings built for 100k prices); repeated texts shared.
    const bySource = new Map<string, Map<string, HeldStation>>();
    const stations: HeldStation[] = [];
    for (const row of stationsStmt.raw().iterate() as Iterable<[string, string, string | null, string | null, string | null, string | null, string, number, number, string, string | null]>) {
      const [source, id, name, brand, address, city, country, lat, lon, services, openingHours] = row;
      const station: HeldStation = { source, id, name, brand, address, city, country, lat, lon, services: services === '[]' ? [] : (JSON.parse(services) as string[]),
        opening_hours: openingHours, prices: [] };
      let ids = bySource.get(source);
      if (!ids) bySource.set(source, (ids = new Map()));
      ids.set(id, station);
      stations.push(station);
    }
    const names = new Map<string, string>();
    const shared = (text: string) => names.get(text) ?? (names.set(text, text), text);
    let ids: Map<string, HeldStation> | undefined;
    let idsOf = '';
    for (const row of pricesStmt.raw().iterate() as Iterable<[string, string, FuelGrade, number, string, number, string, string]>) {
      const [source, stationId, grade, self, localName, price, currency, reportedAt] = row;
      if (source !== idsOf) {
        ids = bySource.get(source);
        idsOf = source;
      }
      ids?.get(stationId)?.prices.push({ grade, local_name: shared(localName), price, currency: shared(currency), reported_at: reportedAt,
        self_service: self === -1 ? null : self === 1 });
    }
    const pois = (poisStmt.all() as (Omit<HeldPoi, 'amenities'> & { amenities: string })[]).map((p) => ({ ...p, amenities: JSON.parse(p.amenities) as string[] }));
    held = { version, stations, pois };
    return held;
  }

  return {
    /** Bumped by every import that changed anything: part of the products' cache keys. */
    version: (): number => versionStmt.get() as number,
    /** Every station with a position, with its latest prices (the same array until the data changes). */
    stations: () => snapshot().stations,
    /** Every place (the same array until the data changes). */
    pois: () => snapshot().pois,
    /** The latest national price of each grade (with taxes) from each source, in each currency the source gives. */
    countryPrices: (country: string): CountryPrice[] =>
      (latestCountry.all(country) as (Omit<CountryPrice, 'with_taxes'> & { with_taxes: number })[]).map((r) => ({ ...r, with_taxes: r.with_taxes === 1 })),
    /**
     * The newest EUR rate held for a currency (null: none, or EUR itself): a reference rate (eur_rates, the
     * ECB's), or the rate a national price's own EUR figure implies (the bulletin's), whichever is of the
     * later day; on the same day the reference rate.
     */
    eurRate: (currency: string): EurRate | null => {
      if (currency === 'EUR') return null;
      const reference = (referenceRateStmt.get(currency) as EurRate | undefined) ?? null;
      const implied = (rateStmt.get(currency) as EurRate | undefined) ?? null;
      return reference && (!implied || reference.date >= implied.date) ? reference : implied;
    },
    /** Every country with national prices or stations held. */
    countries: (): string[] => countriesStmt.all() as string[],
  };
}

export type PlacesRepo = ReturnType<typeof createPlacesRepo>;
