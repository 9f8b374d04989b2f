/** `pois`: truck parkings, showers, supermarkets, fuel and the other places held, nearest first. */
import { creditsOf } from '../../data/credits.js';
import type { HeldPoi } from '../../data/places-repo.js';
import { PoisInput, PoisOutput } from '../../models/pois.js';
import { pointOf } from '../../models/lon-alias.js';
import { defineOperation } from '../operation.js';
import { poiIndex, stationIndex } from '../places/indexes.js';
import { coverageGap, coverageNote, noPlaces, placeCoverage } from '../places/coverage.js';
import { nextQuarterHourMs, poiOut, stationAsPoi } from '../places/pois.js';

export const pois = defineOperation({
  name: 'pois',
  slug: 'pois',
  summary: 'Driver places (truck parkings, showers, supermarkets, fuel, services) near a point',
  description: 'Places within `radius` km of `lat`/`lon`, nearest first, at most `limit`, of one `type` or of every kind, with ' +
    'their amenities as the source maps them and truck spaces where counted. Fuel stations held for `fuel` prices are places of ' +
    'type `fuel` too, with their opening hours and `open_now` where mapped. An empty list inside the radius is not an error; `coverage` ' +
    'lists the countries places of the kind are held for, and `note` says when the point lies outside them.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  input: PoisInput,
  output: PoisOutput,
  cacheTtlMs: 10 * 60_000,
  // `open_now` steps with the clock: opening hours change on the quarter hour.
  cacheUntilMs: (_input, deps) => nextQuarterHourMs(deps),
  dataVersion: (_input, deps) => deps.versions.dataset('places'),
  selfCheck: () => ({ lat: '50.45', lon: '30.52', radius: '25' }),
  // Places of any kind, fuel stations among them, as an answer without `type` counts them.
  emptiness: (deps) => noPlaces('places', placeCoverage(deps, 'any', undefined, true)),
  coverageGap: (deps) => coverageGap(deps, 'places', placeCoverage(deps, 'any', undefined, true)),
  handler(input, deps) {
    // lat is required by the schema: only the longitude can be missing here.
    const { lon } = pointOf(input)!;
    const { lat, radius, limit } = input;
    const keep = input.type ? (p: HeldPoi) => p.type === input.type : undefined;
    const places = poiIndex(deps);
    const found = places.near(lat, lon, radius, limit, keep);
    let total = places.count(lat, lon, radius, keep);
    if (!input.type || input.type === 'fuel') {
      const stations = stationIndex(deps);
      found.push(...stations.near(lat, lon, radius, limit).map((f) => ({ point: stationAsPoi(f.point), distanceKm: f.distanceKm })));
      found.sort((a, b) => a.distanceKm - b.distanceKm);
      total += stations.count(lat, lon, radius);
    }
    const shown = found.slice(0, limit);
    const coverage = placeCoverage(deps, input.type ?? 'any', keep, !input.type || input.type === 'fuel');
    const note = coverageNote(coverage, { lat, lon }, total, input.type ? `places of type ${input.type}` : 'places', radius);
    const now = deps.now();
    return {
      data: { pois: shown.map((f) => poiOut(f.point, f.distanceKm, input.lang.lang, now)), total_found: total, limit,
        search_location: { lat, lon, radius_km: radius }, coverage, ...(note ? { note } : {}) },
      credits: creditsOf(shown.map((f) => f.point.source)),
    };
  },
});
