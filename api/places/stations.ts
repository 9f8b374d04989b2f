/** Held stations as the fuel products show them, and the searches they share. */
import type { HeldStation } from '../../data/places-repo.js';
import type { FuelGrade } from '../../models/places.js';
import type { z } from 'zod';
import type { FuelStation, StationPrice } from '../../models/fuel.js';
import type { Deps } from '../deps.js';
import { stationIndex } from './indexes.js';

const round2 = (v: number) => Math.round(v * 100) / 100;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * A station's price of `grade`: self-service where it has both; of two products of one grade (a winter
 * diesel beside the plain one), the latest report, then the cheaper.
 */
export function priceOf(station: HeldStation, grade: FuelGrade) {
  let best: HeldStation['prices'][number] | null = null;
  for (const p of station.prices) {
    if (p.grade !== grade) continue;
    const better = !best || (p.self_service === true && best.self_service !== true) ||
      (p.self_service === best.self_service && (p.reported_at > best.reported_at || (p.reported_at === best.reported_at && p.price < best.price)));
    if (better) best = p;
  }
  return best;
}

export function stationOut(station: HeldStation, distanceKm: number): z.infer<typeof FuelStation> {
  const prices: Record<string, z.infer<typeof StationPrice>> = {};
  for (const grade of new Set(station.prices.map((p) => p.grade))) {
    const p = priceOf(station, grade)!;
    prices[grade] = { price: round3(p.price), currency: p.currency, updated_at: p.reported_at, local_name: p.local_name, self_service: p.self_service };
  }
  return {
    id: station.id, source: station.source, name: station.name, brand: station.brand, address: station.address, city: station.city,
    country_code: station.country, lat: station.lat, lon: station.lon, distance_km: round2(distanceKm), services: station.services, prices,
  };
}

/**
 * Stations within `radiusKm`: nearest first, or, with a grade, only those selling it, cheapest first
 * (then nearest); at most `limit`, with how many the radius holds.
 */
export function stationsNear(deps: Deps, lat: number, lon: number, radiusKm: number, limit: number, grade: FuelGrade | null) {
  const index = stationIndex(deps);
  const keep = grade ? (s: HeldStation) => priceOf(s, grade) !== null : undefined;
  const total = index.count(lat, lon, radiusKm, keep);
  const found = grade
    ? index.near(lat, lon, radiusKm, Infinity, keep).sort((a, b) => priceOf(a.point, grade)!.price - priceOf(b.point, grade)!.price || a.distanceKm - b.distanceKm).slice(0, limit)
    : index.near(lat, lon, radiusKm, limit);
  return { total, stations: found.map((f) => stationOut(f.point, f.distanceKm)), sources: new Set(found.map((f) => f.point.source)) };
}

/** The countries whose stations are held, for honest notes. */
export function stationCountries(deps: Deps): string[] {
  return [...new Set(deps.repos.places.stations().map((s) => s.country))].sort();
}
