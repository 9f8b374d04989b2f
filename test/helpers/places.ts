/** Hand-made place feeds for product tests (the importers' own tests read real fixtures). */
import type { ParsedPlaces } from '../../data/importers/places/parsed.js';
import type { CountryPriceRecord, PoiRecord, StationPriceRecord, StationRecord } from '../../models/places.js';

export function feed(source: string, parts: { stations?: StationRecord[]; prices?: StationPriceRecord[]; countryPrices?: CountryPriceRecord[]; pois?: PoiRecord[] }): ParsedPlaces {
  const lined = <T>(records: T[] = []) => records.map((record, i) => ({ line: i + 2, record }));
  const rows = (parts.stations?.length ?? 0) + (parts.prices?.length ?? 0) + (parts.countryPrices?.length ?? 0) + (parts.pois?.length ?? 0);
  return { source, file: `${source}.test`, rowsRead: rows, stations: lined(parts.stations), prices: lined(parts.prices),
    countryPrices: lined(parts.countryPrices), pois: lined(parts.pois), rejected: [] };
}

export const station = (id: string, lat: number, lon: number, country = 'IT', extra: Partial<StationRecord> = {}): StationRecord => ({
  source_id: id, name: `Station ${id}`, brand: 'Brand', address: null, city: null, country_code: country, lat, lon, services: [], ...extra,
});

export const price = (stationId: string, grade: StationPriceRecord['grade'], value: number, at = '2026-08-21T06:00:00.000Z', self: boolean | null = true): StationPriceRecord => ({
  station_id: stationId, grade, local_name: grade === 'diesel' ? 'Gasolio' : 'Benzina', price: value, currency: 'EUR', reported_at: at, self_service: self,
});

export const poi = (id: string, type: PoiRecord['type'], lat: number, lon: number, extra: Partial<PoiRecord> = {}): PoiRecord => ({
  source_id: id, type, name: `Place ${id}`, brand: null, address: null, city: null, country_code: 'BE', lat, lon, amenities: [], truck_spaces: null, ...extra,
});

/**
 * Removes every place the store holds (the shipped ones included) and bumps the places version, as an
 * import would: product tests that reason about a few hand-made places start from here.
 */
export function clearPlaces(db: import('../../data/store.js').Db): void {
  db.exec(`DELETE FROM fuel_prices; DELETE FROM fuel_stations; DELETE FROM fuel_country_prices; DELETE FROM pois;
    UPDATE dataset_versions SET version = version + 1 WHERE dataset = 'places';`);
}
