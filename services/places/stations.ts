/** Held stations as the fuel products show them, and the searches they share. */
import type { HeldPrice, HeldStation } from '../../data/places-repo.js';
import type { FuelGrade } from '../../models/places.js';
import type { z } from 'zod';
import type { FuelStation, StationPrice } from '../../models/fuel.js';
import type { OperationDeps } from '../deps.js';
import { stationIndex } from './indexes.js';
import { roundTo } from '../../models/round.js';
import { openingState } from './opening-hours.js';

/** Is `p` the better of two prices of one grade at a station: self-service first, then the latest report, then the cheaper. */
function better(p: HeldPrice, best: HeldPrice): boolean {
  if (p.self_service !== best.self_service) return p.self_service === true && best.self_service !== true;
  return p.reported_at > best.reported_at || (p.reported_at === best.reported_at && p.price < best.price);
}

/** Each station's shown price per grade, worked out once per held snapshot (stations are replaced on import). */
const shown = new WeakMap<HeldStation, Map<FuelGrade, HeldPrice>>();

/**
 * A station's price of `grade`: self-service where it has both; of two products of one grade (a winter
 * diesel beside the plain one), the latest report, then the cheaper.
 */
export function priceOf(station: HeldStation, grade: FuelGrade): HeldPrice | null {
  let byGrade = shown.get(station);
  if (!byGrade) {
    byGrade = new Map();
    for (const p of station.prices) {
      const best = byGrade.get(p.grade);
      if (!best || better(p, best)) byGrade.set(p.grade, p);
    }
    shown.set(station, byGrade);
  }
  return byGrade.get(grade) ?? null;
}

export interface CountryStations {
  stations: HeldStation[];
  /** The grades some station of the country reports, sorted. */
  grades: FuelGrade[];
  /** The currency of each grade's first report. */
  currencies: Map<FuelGrade, string>;
}

const byCountry = new WeakMap<readonly HeldStation[], Map<string, CountryStations>>();

/** The held stations of each country, with the grades and currencies they report (once per held snapshot). */
export function stationsByCountry(deps: OperationDeps): Map<string, CountryStations> {
  const all = deps.repos.places.stations();
  let countries = byCountry.get(all);
  if (!countries) {
    countries = new Map();
    for (const s of all) {
      let c = countries.get(s.country);
      if (!c) countries.set(s.country, (c = { stations: [], grades: [], currencies: new Map() }));
      c.stations.push(s);
      for (const p of s.prices) if (!c.currencies.has(p.grade)) c.currencies.set(p.grade, p.currency);
    }
    for (const c of countries.values()) c.grades = [...c.currencies.keys()].sort();
    byCountry.set(all, countries);
  }
  return countries;
}

/** A station as the products show it, its opening state at `now` (city-prices.ts keeps these for a snapshot and sets the state per answer). */
export function stationOut(station: HeldStation, distanceKm: number, now: Date | null): z.infer<typeof FuelStation> {
  const prices: Record<string, z.infer<typeof StationPrice>> = {};
  for (const grade of new Set(station.prices.map((p) => p.grade))) {
    const p = priceOf(station, grade)!;
    prices[grade] = { price: roundTo(p.price, 3), currency: p.currency, updated_at: p.reported_at, local_name: p.local_name, self_service: p.self_service };
  }
  return {
    id: station.id, source: station.source, name: station.name, brand: station.brand, address: station.address, city: station.city,
    country_code: station.country, lat: station.lat, lon: station.lon, distance_km: roundTo(distanceKm, 2), services: station.services,
    ...atTime(station.opening_hours, station.country, now), prices,
  };
}

/** The opening fields of a station at `now` (null: not worked out yet). */
export function atTime(hours: string | null, country: string, now: Date | null) {
  return { opening_hours: hours, ...(now ? openingState(hours, country, now) : { open_now: null, next_change: null }) };
}

/**
 * Stations within `radiusKm`: nearest first, or, with a grade, only those selling it, cheapest first
 * (then nearest); at most `limit`, with how many the radius holds.
 */
export function stationsNear(deps: OperationDeps, lat: number, lon: number, radiusKm: number, limit: number, grade: FuelGrade | null) {
  const now = deps.now();
  const index = stationIndex(deps);
  const keep = grade ? (s: HeldStation) => priceOf(s, grade) !== null : undefined;
  const total = index.count(lat, lon, radiusKm, keep);
  const found = grade
    ? index.near(lat, lon, radiusKm, Infinity, keep).map((f) => ({ ...f, price: priceOf(f.point, grade)!.price }))
      .sort((a, b) => a.price - b.price || a.distanceKm - b.distanceKm).slice(0, limit)
    : index.near(lat, lon, radiusKm, limit);
  return { total, stations: found.map((f) => stationOut(f.point, f.distanceKm, now)), sources: new Set(found.map((f) => f.point.source)) };
}

/** The countries whose stations are held, for honest notes. */
export function stationCountries(deps: OperationDeps): string[] {
  return [...stationsByCountry(deps).keys()].sort();
}

/** The countries some of whose held stations report a price (of `grade`, when given). */
export function pricedCountries(deps: OperationDeps, grade?: FuelGrade): string[] {
  return [...stationsByCountry(deps)].filter(([, c]) => (grade ? c.grades.includes(grade) : c.grades.length > 0)).map(([code]) => code).sort();
}
