/**
 * Station positions checked against what the station says of itself, after parsing and before writing.
 * A position fails when
 * - it is one point (to 4 decimals, about 10 m) shared by stations of two or more towns: a geocoder's
 *   placeholder, the centre of a city (the ministry's file puts stations of Brescia, Lissone and Finale
 *   Emilia on Milan's centre); every station on that point fails, its own town's too, since none was placed;
 * - it is outside the station's stated country (the nearest GeoNames place is of another country and none
 *   of its own is within 25 km);
 * - it is far from the station's stated town: the town is known to GeoNames in that country and the
 *   nearest place of that name is more than 30 km away (a comune is a few km across; 30 km leaves room for
 *   a town's outlying parts and for two places sharing a name). Not for OpenStreetMap: its positions are
 *   the map itself, and its `addr:city` is a postal town that may lie far off (and a village of under
 *   1,000, missing from GeoNames, shares its name with towns across the country: Nowa Wieś).
 * A station that fails is kept, without a position (it is held and shown, never found by distance), and
 * listed in `unplaced` with the reason: the build logs and import summaries count them. A station near its
 * stated town is in its country; only the others are located (45 µs each: 24,000 would take a second).
 */
import { foldName, lookupCity } from '../../geo/gazetteer.js';
import { haversineKm } from '../../../models/geo.js';
import { countryAt, kmToCountry } from './country-at.js';
import { OSM_SOURCE } from './osm.js';
import type { ParsedPlaces } from './parsed.js';

const COUNTRY_MARGIN_KM = 25;
const TOWN_KM = 30;

const pointKey = (lat: number, lon: number) => `${lat.toFixed(4)},${lon.toFixed(4)}`;

/** Takes the position from each station of `parsed` whose position fails a check, and lists it in `parsed.unplaced`. */
export function checkStationPositions(parsed: ParsedPlaces): void {
  const towns = new Map<string, Set<string>>();
  for (const { record: s } of parsed.stations) {
    if (s.lat === null || s.lon === null || !s.city) continue;
    const key = pointKey(s.lat, s.lon);
    const set = towns.get(key) ?? new Set<string>();
    set.add(foldName(s.city));
    towns.set(key, set);
  }
  const unplaced = (parsed.unplaced ??= []);
  for (const { line, record: s } of parsed.stations) {
    if (s.lat === null || s.lon === null) continue;
    const reason = failure(s.lat, s.lon, s.country_code, s.city, towns.get(pointKey(s.lat, s.lon)), parsed.source !== OSM_SOURCE);
    if (!reason) continue;
    unplaced.push({ file: parsed.file, line, reason: `${s.source_id}: ${reason}` });
    s.lat = null;
    s.lon = null;
  }
}

function failure(lat: number, lon: number, country: string, city: string | null, townsHere: Set<string> | undefined, townCheck: boolean): string | null {
  if (townsHere && townsHere.size > 1) {
    return `position ${pointKey(lat, lon)} is shared by stations of ${townsHere.size} towns (a placeholder, not the station's place)`;
  }
  const named = city ? lookupCity(city, country) : [];
  if (named.length > 0) {
    const km = Math.min(...named.map((p) => haversineKm(lat, lon, p.lat, p.lon)));
    if (km <= TOWN_KM) return null;
    if (townCheck) return `position ${pointKey(lat, lon)} is ${Math.round(km)} km from ${city}, its stated town`;
  }
  const located = countryAt(lat, lon);
  if (located !== country && kmToCountry(lat, lon, country, COUNTRY_MARGIN_KM) === null) {
    return `position ${pointKey(lat, lon)} is in ${located ?? 'no known country'}, not in ${country}`;
  }
  return null;
}
