/** Held places as `pois` and `restaurants` show them. */
import type { HeldPoi, HeldStation } from '../../data/places-repo.js';
import { countryName } from '../../models/codes.js';
import type { PoiType } from '../../models/places.js';
import { roundTo } from '../../models/round.js';

export function poiOut(p: HeldPoi, distanceKm: number, lang: string) {
  return {
    id: p.id, source: p.source, type: p.type, name: p.name, brand: p.brand, address: p.address, lat: p.lat, lon: p.lon,
    distance_km: roundTo(distanceKm, 2), country_code: p.country, country_name: p.country ? countryName(p.country, lang) : null,
    amenities: p.amenities, truck_spaces: p.truck_spaces,
  };
}

/** A fuel station as a place of type `fuel` (its services as amenities). */
export function stationAsPoi(s: HeldStation): HeldPoi {
  return { source: s.source, id: s.id, type: 'fuel' as PoiType, name: s.name, brand: s.brand, address: s.address, city: s.city, country: s.country,
    lat: s.lat, lon: s.lon, amenities: s.services, truck_spaces: null };
}

/** Restaurants, and service areas, rest areas and parkings that have one. */
export const isRestaurant = (p: HeldPoi) => p.type === 'restaurant' || (p.amenities.includes('restaurant') && p.type !== 'fuel');

/** What a driver needs to know of a restaurant's place: parking, truck access, showers, ... as mapped. */
export const FACILITIES = ['parking', 'truck_access', 'truck_parking', 'shower', 'toilets', 'fuel', 'wifi', 'open_24h', 'security', 'shop'];
