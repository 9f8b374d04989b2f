/** Held places as `pois` and `restaurants` show them. */
import type { HeldPoi, HeldStation } from '../../data/places-repo.js';
import { countryName } from '../../models/codes.js';
import type { PoiType } from '../../models/places.js';
import { roundTo } from '../../models/round.js';
import { openingState } from './opening-hours.js';

/** A place as `pois` shows it; with its opening hours, and their state at `now`, where stated. */
export function poiOut(p: HeldPoi, distanceKm: number, lang: string, now: Date) {
  return {
    id: p.id, source: p.source, type: p.type, name: p.name, brand: p.brand, address: p.address, lat: p.lat, lon: p.lon,
    distance_km: roundTo(distanceKm, 2), country_code: p.country, country_name: p.country ? countryName(p.country, lang) : null,
    amenities: p.amenities, truck_spaces: p.truck_spaces,
    ...(p.opening_hours ? { opening_hours: p.opening_hours, ...openingState(p.opening_hours, p.country, now) } : {}),
  };
}

/** A restaurant as v2 `restaurants` shows it: the interface's `lng` and `country` beside ours, its cuisine where mapped. */
export function restaurantOut(p: HeldPoi, distanceKm: number, lang: string, now: Date) {
  return { ...poiOut(p, distanceKm, lang, now), facilities: p.amenities.filter((a) => FACILITIES.includes(a)), lng: p.lon, country: p.country,
    ...(p.cuisine ? { cuisine: p.cuisine } : {}) };
}

/** A fuel station as a place of type `fuel` (its services as amenities). */
export function stationAsPoi(s: HeldStation): HeldPoi {
  return { source: s.source, id: s.id, type: 'fuel' as PoiType, name: s.name, brand: s.brand, address: s.address, city: s.city, country: s.country,
    lat: s.lat, lon: s.lon, amenities: s.services, truck_spaces: null, opening_hours: s.opening_hours, cuisine: null };
}

/** Restaurants, and service areas, rest areas and parkings that have one. */
export const isRestaurant = (p: HeldPoi) => p.type === 'restaurant' || (p.amenities.includes('restaurant') && p.type !== 'fuel');

/** What a driver needs to know of a restaurant's place: parking, truck access, showers, ... as mapped. */
export const FACILITIES = ['parking', 'truck_access', 'truck_parking', 'shower', 'toilets', 'fuel', 'wifi', 'open_24h', 'security', 'shop'];

/** The next quarter hour: answers that show `open_now` are cached no longer (opening hours change on the quarter hour). */
export const nextQuarterHourMs = (deps: { now: () => Date }) => (Math.floor(deps.now().getTime() / 900_000) + 1) * 900_000;
