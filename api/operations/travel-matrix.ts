/** `travel-matrix`: from an origin, every relevant crossing with drive time, queue at arrival and total. */
import { haversineKm } from '../../models/geo.js';
import { accountJourney, type CrossingWaits } from '../../engine/routing/journey.js';
import { routeToCrossings, type Route } from '../../engine/routing/matrix.js';
import { COUNTRY_ISO2, countryCodeOf } from '../../models/codes.js';
import { badRequest, isServiceError } from '../../models/errors.js';
import { TravelMatrixInput, TravelMatrixOutput } from '../../models/travel-matrix.js';
import type { Deps } from '../deps.js';
import { liveState, liveVersion, nextHourMs, nowSeconds, type LiveState } from '../live/checkpoint-live.js';
import { routingGraphForType } from '../live/routing.js';
import { defineOperation } from '../operation.js';
import { runOperation } from '../pipeline/run-operation.js';
import { forecast } from './forecast.js';

type Result = TravelMatrixOutput['results'][number];

/** The country of the road-graph city nearest to a point (the origin's country when none is given). */
function nearestCountry(deps: Deps, lat: number, lon: number): string | null {
  let best: string | null = null;
  let bestKm = Infinity;
  for (const [, , la, lo, country] of deps.roadGraph.nodes) {
    const km = haversineKm(lat, lon, la, lo);
    if (km < bestKm && country) {
      bestKm = km;
      best = country;
    }
  }
  return best;
}

/** Forecast wait minutes per hour (from the checkpoint's model), or null without a model that gives minutes. */
async function forecastMinutes(deps: Deps, ppid: string) {
  try {
    const answer = await runOperation(forecast, forecast.input.parse({ ppid, prediction_steps: '168' }), deps);
    const steps = answer.result.data as { time: number; wait_min?: number | null }[];
    if (steps.length === 0 || steps.every((s) => s.wait_min === undefined || s.wait_min === null)) return null;
    return { startS: steps[0]!.time, minutes: steps.map((s) => s.wait_min ?? null) };
  } catch (err) {
    if (isServiceError(err) && err.code === 'not_found') return null;
    throw err;
  }
}

export const travelMatrix = defineOperation({
  name: 'travelMatrix',
  slug: 'travel-matrix',
  summary: 'Drive time, queue at arrival and total journey time to every relevant crossing, fastest first',
  description: 'Routes over the E-road network (a repaired city graph; road distance = great-circle x 1.25; average speeds ' +
    '75 km/h cars, 65 buses and trucks under 7.5 t, 60 trucks) to each crossing of the vehicle type that leads from the ' +
    'origin\'s side: out of Ukraine from inside it, into Ukraine from outside. `queue_minutes_at_arrival` is the forecast ' +
    'wait for the hour of arrival (the current wait where there is no forecast); `total_minutes` adds the waits of every ' +
    'monitored crossing on the route. Origins in a country with no crossing into Ukraine (`origin_country`, e.g. DE) route ' +
    'through the countries between, and `route.legs` lists each leg and border.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['dpsu', 'geonames'],
  input: TravelMatrixInput,
  output: TravelMatrixOutput,
  cacheTtlMs: 10 * 60_000,
  // Queues at arrival come from the forecasts of the arrival hours: new at each hour, new with any data.
  cacheUntilMs: (_input, deps) => nextHourMs(deps),
  dataVersion: (_input, deps) => liveVersion(deps),
  selfCheck: () => ({ origin_lat: '49.8397', origin_lon: '24.0297' }),
  async handler(input, deps) {
    const nowS = nowSeconds(deps);
    const originCountry = input.origin_country ?? nearestCountry(deps, input.origin_lat, input.origin_lon);
    const crossingType = input.type === 5 ? 4 : input.type;
    const intoUkraine = input.type === 5 || originCountry !== 'UA';
    if (intoUkraine && input.dest !== 'all' && input.dest !== 1) {
      throw badRequest(`From outside Ukraine the crossings lead into Ukraine: 'dest' must be 1 or all.`, 'dest_unreachable');
    }
    if (!intoUkraine && input.dest === 1) throw badRequest(`From inside Ukraine 'dest' names the neighbour (2-6) or all.`, 'dest_unreachable');
    const ua = countryCodeOf('UA')!;
    const { graph, checkpoints: all } = routingGraphForType(deps, crossingType);
    const targets = all.filter((c) => (intoUkraine ? c.destination === ua : c.origin === ua && (input.dest === 'all' || c.destination === input.dest)));
    // Routing runs here, not in the pool: one tree costs ~0.15 ms, shipping the graph to a worker ~1.5 ms
    // (npm run bench:matrix).
    const routes: Route[] = routeToCrossings(graph, { lat: input.origin_lat, lon: input.origin_lon, country: originCountry },
      targets.map((c) => c.ppid), crossingType);

    const lang = input.lang.lang;
    // The data the journeys need: each crossing's live state and forecast (read here), then pure accounting.
    const lives = new Map<string, LiveState>();
    const waits = new Map<string, CrossingWaits>();
    for (const ppid of new Set(routes.flatMap((r) => [r.ppid, ...r.legs.flatMap((l) => (l.crossing ? [l.crossing] : []))]))) {
      const live = liveState(deps, deps.repos.directory.get(ppid)!, nowS);
      lives.set(ppid, live);
      waits.set(ppid, { forecast: await forecastMinutes(deps, ppid), currentMin: live.wait_min });
    }
    const results: Result[] = [];
    for (const route of routes) {
      const c = deps.repos.directory.get(route.ppid)!;
      const journey = accountJourney(route, nowS, (ppid) => waits.get(ppid)!);
      const legs = journey.legs.map((leg) => {
        const through = leg.crossing ? deps.repos.directory.get(leg.crossing) : null;
        return { ...leg, crossing_name: through ? deps.repos.directory.name(through.location_id, lang) : null };
      });
      const live = lives.get(c.ppid)!;
      const last = journey.lastQueue;
      const queueTotal = journey.queueTotalMin;
      const reachable = route.reachable && route.drive_minutes !== null;
      results.push({
        ppid: c.ppid,
        checkpoint_name: deps.repos.directory.name(c.location_id, lang),
        country: COUNTRY_ISO2[intoUkraine ? c.origin : c.destination]!,
        country_id: intoUkraine ? c.origin : c.destination,
        lat: c.lat, lon: c.lon,
        distance_km: route.distance_km,
        drive_minutes: route.drive_minutes,
        queue_minutes: live.wait_min,
        queue_minutes_at_arrival: last?.minutes ?? null,
        queue_basis: last?.basis ?? null,
        queue_cars: live.queue_now,
        type_of_data: live.type_of_data,
        is_realtime: live.is_realtime,
        total_minutes: reachable && queueTotal !== null ? route.drive_minutes! + queueTotal : null,
        status: reachable ? c.status : 'unreachable',
        route: { legs },
      });
    }
    const rank = (r: Result) => (r.status !== 'open' ? 2 : r.total_minutes === null ? 1 : 0);
    results.sort((a, b) => rank(a) - rank(b) || (a.total_minutes ?? 0) - (b.total_minutes ?? 0) || (a.drive_minutes ?? Infinity) - (b.drive_minutes ?? Infinity));
    return {
      data: {
        origin: { lat: input.origin_lat, lon: input.origin_lon, country: originCountry },
        type: input.type,
        count: results.length,
        updated_at: deps.now().toISOString(),
        legs_used: Math.max(0, ...results.map((r) => r.route.legs.length)),
        results,
      },
      meta: { crossing_type: crossingType, direction: intoUkraine ? 'into_ukraine' : 'out_of_ukraine' },
    };
  },
});
