/** v2 `restaurants`: driver-friendly restaurants near a point or a city, nearest first. */
import { creditsOf } from '../../data/credits.js';
import { cityNameIn } from '../../data/geo/city-names.js';
import { countryName } from '../../models/codes.js';
import { badRequest, notFound } from '../../models/errors.js';
import { ResolvedLocation, RestaurantsInput, RestaurantsOutput } from '../../models/pois.js';
import { pointOf } from '../../models/lon-alias.js';
import { defineOperation } from '../operation.js';
import { poiIndex } from '../places/indexes.js';
import { resolveCity } from '../places/city-lookup.js';
import { coverageGap, coverageNote, noPlaces, placeCoverage } from '../places/coverage.js';
import { isRestaurant, nextQuarterHourMs, restaurantOut } from '../places/pois.js';

export const restaurants = defineOperation({
  name: 'restaurants',
  slug: 'restaurants',
  summary: 'Driver-friendly restaurants near a point or a city',
  description: 'Restaurants, and service areas, rest areas and truck parkings that have one, within `radius` km (at most 150) ' +
    'of `lat`/`lon` or of `city` (resolved with GeoNames, the most populous match, in `country` when given; a name in Cyrillic ' +
    'or in a Polish or Ukrainian spelling is folded as `search` folds it: `Львів`, `Lwów`, `Lviv`; echoed in the ' +
    'envelope\'s `resolved_location`, whose `label` is the city and its country in `lang`: `Львів, Україна`, `Lviv, Ukraine`; ' +
    'the city by its GeoNames name where no name in that language\'s alphabet is known, and in Latin-script languages; ' +
    'an unknown city is 404 `unknown_city`), nearest first, at most `limit` (500). ' +
    '`facilities` lists what the place offers a driver (parking, truck access, showers, fuel, ...) where mapped.',
  versions: [2],
  access: 'keyed',
  quotaClass: 'cheap',
  input: RestaurantsInput,
  output: RestaurantsOutput,
  cacheTtlMs: 10 * 60_000,
  cacheUntilMs: (_input, deps) => nextQuarterHourMs(deps),
  dataVersion: (_input, deps) => deps.versions.dataset('places'),
  errors: ['not_found'],
  selfCheck: () => ({ lat: '51.05', lon: '3.72', radius: '50' }),
  emptiness: (deps) => noPlaces('restaurants', placeCoverage(deps, 'restaurant', isRestaurant, false)),
  coverageGap: (deps) => coverageGap(deps, 'restaurants', placeCoverage(deps, 'restaurant', isRestaurant, false)),
  handler(input, deps) {
    let at: { lat: number; lon: number };
    let resolved: typeof ResolvedLocation._output | undefined;
    if (input.city !== undefined) {
      if (input.lat !== undefined || input.lon !== undefined || input.lng !== undefined) throw badRequest('Give either city or lat/lon, not both.', 'conflicting_parameters');
      const place = resolveCity(input.city, input.country);
      if (!place) throw notFound(`No city '${input.city}'${input.country ? ` in ${input.country}` : ''} is known.`, 'unknown_city');
      at = { lat: place.lat, lon: place.lon };
      resolved = { query: input.city, lat: place.lat, lon: place.lon, label: `${cityNameIn(place, input.lang.lang)}, ${countryName(place.country_code, input.lang.lang)}`,
        country_code: place.country_code };
    } else {
      const point = pointOf(input);
      if (!point) throw badRequest("Give 'lat' and 'lon', or 'city'.", 'missing_parameter');
      at = point;
    }
    const index = poiIndex(deps);
    const found = index.near(at.lat, at.lon, input.radius, input.limit, isRestaurant);
    const total = index.count(at.lat, at.lon, input.radius, isRestaurant);
    const coverage = placeCoverage(deps, 'restaurant', isRestaurant, false);
    const note = coverageNote(coverage, at, total, 'restaurants', input.radius);
    const now = deps.now();
    return {
      data: {
        pois: found.map((f) => restaurantOut(f.point, f.distanceKm, input.lang.lang, now)),
        total_found: total, limit: input.limit, search_location: { lat: at.lat, lon: at.lon, radius_km: input.radius }, coverage,
        ...(note ? { note } : {}),
      },
      ...(resolved ? { resolvedLocation: resolved } : {}),
      credits: [...creditsOf(found.map((f) => f.point.source)), ...(resolved ? ['geonames' as const] : [])],
    };
  },
});
