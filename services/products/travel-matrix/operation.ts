/** `travel-matrix`: from an origin, every relevant crossing with drive time, queue at arrival and total. */
import { bySideOfUkraine, inUkraine, ukraineBorderRing } from '../../../data/geo/ukraine-border.js';
import { outlineCountryAt, outlineRingsOf } from '../../../data/importers/osm-roads/countries.js';
import { MONITORED_COUNTRY } from '../../../engine/routing/graph.js';
import { distanceToGeometryKm } from '../../../engine/spatial.js';
import { haversineKm } from '../../../models/geo.js';
import { badRequest } from '../../../models/errors.js';
import { leadsIntoUkraine, TravelMatrixInput, TravelMatrixOutput } from '../../../models/travel-matrix.js';
import type { OperationDeps } from '../../deps.js';
import { liveVersion, nextHourMs, nowSeconds } from '../../live/checkpoint-live.js';
import { defineOperation } from '../../operation.js';

/** An origin farther than this from every city of the road graph is outside the area the matrix covers. */
export const MAX_ORIGIN_KM = 250;

/** Within this of Ukraine's border an `origin_country` on the other side of it is taken as given (a GPS fix's error). */
const BORDER_TOLERANCE_KM = 0.5;

/**
 * Outside Ukraine, a point deeper than this inside another country's map outline contradicts an
 * `origin_country` naming a third (the outline is Natural Earth 1:50m rounded to 1 km; coasts count as its edge).
 */
const OUTLINE_TOLERANCE_KM = 5;

/** The road-graph city nearest to a point (of a country that `keep` takes): its country and distance. */
function nearestCity(deps: OperationDeps, lat: number, lon: number, keep: (country: string) => boolean = () => true): { country: string | null; km: number } {
  let best: string | null = null;
  let bestKm = Infinity;
  for (const [, , la, lo, country] of deps.roadGraph.nodes) {
    const km = haversineKm(lat, lon, la, lo);
    if (km < bestKm && country && keep(country)) {
      bestKm = km;
      best = country;
    }
  }
  return { country: best, km: bestKm };
}

/** The map outline's country (1 km), Ukraine by its border. */
const outlineSide = bySideOfUkraine(outlineCountryAt);

/**
 * The origin's country: Ukraine or not by its border (data/geo/ukraine-border.ts), which decides the way the
 * trip crosses; outside it, the map outline's country, else (at sea, or where the outline still says Ukraine)
 * the nearest city's outside Ukraine. A country given is taken, unless it puts the point on the other side of
 * Ukraine's border (400), or the point lies more than OUTLINE_TOLERANCE_KM inside another country's outline (400:
 * Berlin with IT was routed from Germany while the answer said Italy).
 */
function originCountryOf(deps: OperationDeps, lat: number, lon: number, given: string | undefined): string | null {
  if (given !== undefined) {
    const inside = inUkraine(lat, lon);
    const km = (given === MONITORED_COUNTRY) !== inside ? distanceToGeometryKm(lat, lon, ukraineBorderRing()).km : 0;
    if (km > BORDER_TOLERANCE_KM) {
      throw badRequest(`The origin (${lat}, ${lon}) is ${inside ? 'in' : 'outside'} Ukraine, ${km < 1 ? km.toFixed(2) : km.toFixed(1)} km from its border ` +
        `(more than ${BORDER_TOLERANCE_KM} km); origin_country ${given} puts it on the other side: give the country the point is in, or leave origin_country out.`,
      'conflicting_parameters');
    }
    const at = inside ? null : outlineCountryAt(lat, lon);
    if (at !== null && at !== given && at !== MONITORED_COUNTRY) {
      const depth = Math.min(...outlineRingsOf(at).map((ring) => distanceToGeometryKm(lat, lon, ring).km));
      if (depth > OUTLINE_TOLERANCE_KM) {
        throw badRequest(`The origin (${lat}, ${lon}) is in ${at}, ${depth.toFixed(0)} km inside its border by the map outline; origin_country ${given} ` +
          'contradicts it: give the country the point is in, or leave origin_country out.', 'conflicting_parameters');
      }
    }
    return given;
  }
  return outlineSide(lat, lon) ?? nearestCity(deps, lat, lon, (c) => c !== MONITORED_COUNTRY).country;
}

export const travelMatrix = defineOperation({
  name: 'travelMatrix',
  slug: 'travel-matrix',
  summary: 'Drive time, queue at arrival and total journey time to every relevant crossing, fastest first',
  description: 'Routes over the E-road network (a repaired city graph, road distance = great-circle x 1.25, with local links ' +
    'between the crossings and the towns around them at great-circle x the measured circuity; or an OpenStreetMap network ' +
    'imported with `bdds import osm-roads`, docs/routing.md; average speeds ' +
    '75 km/h cars, 65 buses and trucks under 7.5 t, 60 trucks, or the roads\' own on an imported network; each leg names its ' +
    '`graph`, `speed_kmh` and `speed_basis`) to each crossing of the vehicle type that leads from the ' +
    'origin\'s side, passing no other monitored crossing (into Ukraine: enters once; out of it: leaves once; the drive to ' +
    'the crossing stays on the origin\'s side of the border): out of Ukraine from inside it, into Ukraine from outside. Type 5 ' +
    '(a tax-free car, EU to UA, at the car checkpoints) leads only into Ukraine: from inside it, `400 conflicting_parameters`. ' +
    '`queue_minutes_at_arrival` is the forecast ' +
    'wait for the hour of arrival (the current wait where there is no forecast); `total_minutes` adds the waits of every ' +
    'monitored crossing on the route. Origins in a country with no crossing into Ukraine (`origin_country`, e.g. DE) route ' +
    'through the countries between, and `route.legs` lists each leg and border. An origin more than 250 km from every city ' +
    'of the network is `400 origin_out_of_range`. `avg_crossing_minutes` is the typical wait at the crossing (the mean of ' +
    'its typical week, where that week is in minutes; null otherwise) and `total_with_avg_crossing` adds it to the drive.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['dpsu', 'geonames', 'osm'],
  input: TravelMatrixInput,
  output: TravelMatrixOutput,
  cacheTtlMs: 10 * 60_000,
  // Queues at arrival come from the forecasts of the arrival hours: new at each hour, new with any data.
  cacheUntilMs: (_input, deps) => nextHourMs(deps),
  dataVersion: (_input, deps) => liveVersion(deps),
  selfCheck: () => ({ origin_lat: '49.8397', origin_lon: '24.0297' }),
  // Routing, the queues at arrival and the totals run whole in a worker (ids and parameters cross, never
  // the graph); the event loop resolves the origin's country, checks the direction and sends.
  async handler(input, deps) {
    const nearest = nearestCity(deps, input.origin_lat, input.origin_lon);
    if (nearest.km > MAX_ORIGIN_KM) {
      throw badRequest(`The origin is ${Math.round(nearest.km)} km from the nearest city of the road network (at most ${MAX_ORIGIN_KM} km): ` +
        'the matrix covers Europe around the borders of Ukraine.', 'origin_out_of_range');
    }
    const originCountry = originCountryOf(deps, input.origin_lat, input.origin_lon, input.origin_country);
    // Type 5 is the car from the EU into Ukraine (interface spec): routed from inside Ukraine it drove out through one
    // crossing and back in through another, answered as type 4 into Ukraine.
    if (input.type === 5 && originCountry === MONITORED_COUNTRY) {
      throw badRequest(`Type 5 (a tax-free car, EU to UA) leads only into Ukraine, and the origin (${input.origin_lat}, ${input.origin_lon}) ` +
        'is in Ukraine: ask type 4 for the crossings out of it, or give an origin outside Ukraine.', 'conflicting_parameters');
    }
    const intoUkraine = leadsIntoUkraine(input.type, originCountry);
    if (intoUkraine && input.dest !== 'all' && input.dest !== 1) {
      throw badRequest(`From outside Ukraine the crossings lead into Ukraine: 'dest' must be 1 or all.`, 'dest_unreachable');
    }
    if (!intoUkraine && input.dest === 1) throw badRequest(`From inside Ukraine 'dest' names the neighbour (2-6) or all.`, 'dest_unreachable');
    // The answer comes back serialised and complete (the established service's fields included).
    return deps.engine.run('travelMatrix', {
      origin_lat: input.origin_lat, origin_lon: input.origin_lon, type: input.type, dest: input.dest, origin_country: originCountry,
      lang: input.lang.lang, limit: input.limit ?? null, nowS: nowSeconds(deps),
      directoryVersion: deps.repos.directory.version,
    });
  },
});
