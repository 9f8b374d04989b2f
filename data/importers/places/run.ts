/**
 * The one write path for places: parsed feeds -> stations, latest station prices, national prices and
 * places, in one transaction (a failure imports nothing). Importing again changes nothing that has not
 * changed: a station or place is updated when a field differs, a price only when it is newer. A price for
 * a station that is not held is rejected (import the stations first). Every import that changes anything
 * bumps the `places` dataset version, which the products' cache keys carry.
 */
import type { Rejected } from '../feed.js';
import type { Db } from '../../store.js';
import type { ParsedPlaces } from './parsed.js';

export interface Counts {
  added: number;
  updated: number;
  /** Held already as they are (or, for prices, held with a newer report). */
  unchanged: number;
}

export interface PlacesSummary {
  rowsRead: number;
  stations: Counts;
  prices: Counts;
  countryPrices: Counts;
  pois: Counts;
  /** Euro exchange rates (a rate is updated when the source corrects it). */
  rates: Counts;
  rejected: Rejected[];
}

const counts = (): Counts => ({ added: 0, updated: 0, unchanged: 0 });

export interface ImportPlacesOptions {
  now: Date;
  onProgress?: (done: number, total: number) => void;
  /**
   * Records per transaction (default: all in one). A feed's daily file of 93,000 prices held the store's
   * write lock 1.6 s in one; in transactions of a few thousand the lock is let go between them, so the
   * usage counters (whose writer waits at most 200 ms) are written meanwhile. Each record is still written
   * whole, and the dataset's version moves once, at the end.
   */
  chunk?: number;
  /** Called between two chunks' transactions (the ingest thread pauses there, so that waiting writers get the lock). */
  between?: () => void;
}

export function importPlaces(db: Db, feeds: readonly ParsedPlaces[], options: ImportPlacesOptions): PlacesSummary {
  const stamp = options.now.toISOString();
  const addStation = db.prepare(`INSERT OR IGNORE INTO fuel_stations (source, source_id, name, brand, address, city, country, lat, lon, services, opening_hours, imported_at)
    VALUES (@source, @source_id, @name, @brand, @address, @city, @country, @lat, @lon, @services, @opening_hours, @stamp)`);
  const updateStation = db.prepare(`UPDATE fuel_stations SET name = @name, brand = @brand, address = @address, city = @city, country = @country,
      lat = @lat, lon = @lon, services = @services, opening_hours = @opening_hours, imported_at = @stamp
    WHERE source = @source AND source_id = @source_id AND (name IS NOT @name OR brand IS NOT @brand OR address IS NOT @address OR city IS NOT @city
      OR country IS NOT @country OR lat IS NOT @lat OR lon IS NOT @lon OR services IS NOT @services OR opening_hours IS NOT @opening_hours)`);
  const stationHeld = db.prepare('SELECT 1 FROM fuel_stations WHERE source = ? AND source_id = ?').pluck();
  const addPrice = db.prepare(`INSERT OR IGNORE INTO fuel_prices (source, station_id, grade, self_service, local_name, price, currency, reported_at)
    VALUES (@source, @station_id, @grade, @self, @local_name, @price, @currency, @reported_at)`);
  const updatePrice = db.prepare(`UPDATE fuel_prices SET price = @price, currency = @currency, reported_at = @reported_at
    WHERE source = @source AND station_id = @station_id AND grade = @grade AND self_service = @self AND local_name = @local_name
      AND reported_at < @reported_at`);
  const addCountry = db.prepare(`INSERT OR IGNORE INTO fuel_country_prices (source, country, grade, date, with_taxes, currency, local_name, price, price_eur, price_kind)
    VALUES (@source, @country, @grade, @date, @with_taxes, @currency, @local_name, @price, @price_eur, @price_kind)`);
  const updateCountry = db.prepare(`UPDATE fuel_country_prices SET local_name = @local_name, price = @price, price_eur = @price_eur, price_kind = @price_kind
    WHERE source = @source AND country = @country AND grade = @grade AND date = @date AND with_taxes = @with_taxes AND currency = @currency
      AND (price IS NOT @price OR price_eur IS NOT @price_eur OR local_name IS NOT @local_name OR price_kind IS NOT @price_kind)`);
  const addPoi = db.prepare(`INSERT OR IGNORE INTO pois (source, source_id, type, name, brand, address, city, country, lat, lon, amenities, truck_spaces,
      opening_hours, cuisine, imported_at)
    VALUES (@source, @source_id, @type, @name, @brand, @address, @city, @country, @lat, @lon, @amenities, @truck_spaces, @opening_hours, @cuisine, @stamp)`);
  const updatePoi = db.prepare(`UPDATE pois SET name = @name, brand = @brand, address = @address, city = @city, country = @country, lat = @lat, lon = @lon,
      amenities = @amenities, truck_spaces = @truck_spaces, opening_hours = @opening_hours, cuisine = @cuisine, imported_at = @stamp
    WHERE source = @source AND source_id = @source_id AND type = @type AND (name IS NOT @name OR brand IS NOT @brand OR address IS NOT @address
      OR city IS NOT @city OR country IS NOT @country OR lat IS NOT @lat OR lon IS NOT @lon OR amenities IS NOT @amenities OR truck_spaces IS NOT @truck_spaces
      OR opening_hours IS NOT @opening_hours OR cuisine IS NOT @cuisine)`);
  const addRate = db.prepare('INSERT OR IGNORE INTO eur_rates (source, currency, date, units_per_eur) VALUES (@source, @currency, @date, @units_per_eur)');
  const updateRate = db.prepare(`UPDATE eur_rates SET units_per_eur = @units_per_eur
    WHERE source = @source AND currency = @currency AND date = @date AND units_per_eur IS NOT @units_per_eur`);
  const bump = db.prepare("UPDATE dataset_versions SET version = version + 1 WHERE dataset = 'places'");

  const summary: PlacesSummary = { rowsRead: 0, stations: counts(), prices: counts(), countryPrices: counts(), pois: counts(), rates: counts(), rejected: [] };
  const total = feeds.reduce((n, f) => n + f.stations.length + f.prices.length + f.countryPrices.length + f.pois.length + (f.rates?.length ?? 0), 0);
  let done = 0;
  const tick = () => {
    done++;
    if (done % 5_000 === 0) options.onProgress?.(done, total);
  };
  /** Adds, else updates where something differs: which of the three happened. */
  const upsert = (add: { run: (p: object) => { changes: number } }, update: { run: (p: object) => { changes: number } }, params: object, c: Counts) => {
    if (add.run(params).changes > 0) c.added++;
    else if (update.run(params).changes > 0) c.updated++;
    else c.unchanged++;
  };

  // Every record's write, in order; run in one transaction, or in transactions of `chunk`.
  const writes: (() => void)[] = [];
  for (const feed of feeds) {
    summary.rowsRead += feed.rowsRead;
    summary.rejected.push(...feed.rejected);
    const source = feed.source;
    for (const { record: s } of feed.stations) {
      writes.push(() => upsert(addStation, updateStation, { source, stamp, ...s, country: s.country_code, services: JSON.stringify([...s.services].sort()), opening_hours: s.opening_hours ?? null }, summary.stations));
    }
    for (const { line, record: p } of feed.prices) {
      writes.push(() => {
        if (!stationHeld.get(source, p.station_id)) {
          summary.rejected.push({ file: feed.file, line, reason: `station '${p.station_id}' of ${source} is not held: import its stations first` });
          return;
        }
        upsert(addPrice, updatePrice, { source, ...p, self: p.self_service === null ? -1 : p.self_service ? 1 : 0 }, summary.prices);
      });
    }
    for (const { record: c } of feed.countryPrices) {
      writes.push(() => upsert(addCountry, updateCountry, { source, ...c, country: c.country_code, with_taxes: c.with_taxes ? 1 : 0, price_kind: c.price_kind ?? 'national_average' }, summary.countryPrices));
    }
    for (const { record: p } of feed.pois) {
      writes.push(() => upsert(addPoi, updatePoi, { source, stamp, ...p, country: p.country_code, amenities: JSON.stringify([...p.amenities].sort()),
        opening_hours: p.opening_hours ?? null, cuisine: p.cuisine ?? null }, summary.pois));
    }
    for (const { record: r } of feed.rates ?? []) writes.push(() => upsert(addRate, updateRate, { source, ...r }, summary.rates));
  }
  const writeSlice = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      writes[i]!();
      tick();
    }
  };
  const bumpIfChanged = () => {
    if ([summary.stations, summary.prices, summary.countryPrices, summary.pois, summary.rates].some((c) => c.added + c.updated > 0)) bump.run();
  };
  if (options.chunk === undefined) {
    // One transaction: the records and the version move together, or nothing does.
    db.transaction(() => {
      writeSlice(0, writes.length);
      bumpIfChanged();
    })();
  } else {
    const slice = db.transaction(writeSlice);
    for (let from = 0; from < writes.length; from += options.chunk) {
      if (from > 0) options.between?.();
      slice(from, Math.min(writes.length, from + options.chunk));
    }
    bumpIfChanged();
  }
  options.onProgress?.(total, total);
  summary.rejected.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return summary;
}
