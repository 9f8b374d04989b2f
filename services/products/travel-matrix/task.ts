/**
 * The travel matrix, whole in a worker: route from the origin to each crossing of the vehicle type that
 * leads the right way (A* with ngraph.path over the graph this worker built once), wait at each monitored
 * crossing on the way for the queue forecast at the hour of arrival, and total it all. With `limit`, the
 * crossings are taken in order of a lower bound on their total (straight-line distance at the vehicle's
 * speed, no wait), and routing stops once the next bound exceeds the limit-th best total found: exact, and
 * the rest are never routed.
 */
import { accountJourney } from '../../../engine/routing/journey.js';
import { MATRIX_SPEED_KMH, type Route } from '../../../engine/routing/matrix.js';
import { COUNTRY_ISO2, countryCodeOf } from '../../../models/codes.js';
import { haversineKm } from '../../../models/geo.js';
import { leadsIntoUkraine, soonerWithoutTotal, type TravelMatrixOutput } from '../../../models/travel-matrix.js';
import { routerForType } from '../../live/routing.js';
import { arrivalWaits } from '../forecast/arrival-waits.js';
import type { WorkerContext } from '../../worker/context.js';
import { serialised } from '../../worker/serialised.js';

type Result = TravelMatrixOutput['results'][number];

export interface MatrixTaskArgs {
  origin_lat: number;
  origin_lon: number;
  type: number;
  dest: 'all' | number;
  /** Resolved by the caller (given, or the country the point is in: operation.ts originCountryOf). */
  origin_country: string | null;
  lang: string;
  limit: number | null;
  nowS: number;
  /** The server's directory version (a worker reloads its copy when it moved). */
  directoryVersion: number;
}

const rank = (r: Result) => (r.status !== 'open' ? 2 : r.total_minutes === null ? 1 : 0);
const order = (a: Result, b: Result) =>
  rank(a) - rank(b) || (a.total_minutes ?? 0) - (b.total_minutes ?? 0) || (a.drive_minutes ?? Infinity) - (b.drive_minutes ?? Infinity);

export function travelMatrixTask(ctx: WorkerContext, args: MatrixTaskArgs) {
  ctx.syncDirectory(args.directoryVersion);
  // Type 5 (a tax-free car, EU to UA) queues at the car checkpoints into Ukraine (the operation refuses it from inside Ukraine).
  const crossingType = args.type === 5 ? 4 : args.type;
  const intoUkraine = leadsIntoUkraine(args.type, args.origin_country);
  const ua = countryCodeOf('UA')!;
  const { router, checkpoints } = routerForType(ctx, crossingType);
  const speed = MATRIX_SPEED_KMH[crossingType] ?? 60;
  const bound = (c: { lat: number; lon: number }) => (haversineKm(args.origin_lat, args.origin_lon, c.lat, c.lon) / speed) * 60;
  const targets = checkpoints
    .filter((c) => (intoUkraine ? c.destination === ua : c.origin === ua && (args.dest === 'all' || c.destination === args.dest)))
    .sort((a, b) => bound(a) - bound(b));
  const boundOf = new Map(targets.map((c) => [c.ppid, bound(c)]));

  // Each crossing's live state and waits, read once per matrix however many routes pass it.
  const seen = new Map<string, ReturnType<typeof arrivalWaits>>();
  const waitsAt = (ppid: string) => {
    let entry = seen.get(ppid);
    if (!entry) seen.set(ppid, (entry = arrivalWaits(ctx, ppid, args.nowS)));
    return entry;
  };
  const results: Result[] = [];
  const totals: number[] = [];
  const ppids = targets.map((c) => c.ppid);
  router.routeEach({ lat: args.origin_lat, lon: args.origin_lon, country: args.origin_country }, ppids, crossingType, (route: Route) => {
    const result = resultOf(ctx, route, args, intoUkraine, waitsAt);
    results.push(result);
    if (args.limit === null) return true;
    if (result.total_minutes !== null && result.status === 'open') {
      totals.push(result.total_minutes);
      totals.sort((a, b) => a - b);
    }
    const next = ppids[results.length];
    // Exact: every later crossing's total is at least its bound, and bounds only grow along the order.
    return !(next !== undefined && totals.length >= args.limit && boundOf.get(next)! > totals[args.limit - 1]!);
  });
  results.sort(order);
  const shown = args.limit === null ? results : results.slice(0, args.limit);
  const note = [
    targets.length === 0 ? `No checkpoint of crossing type ${crossingType} ${intoUkraine ? 'into' : 'out of'} Ukraine is held: nothing to route to.` : null,
    unrankedNote(results, shown),
    unmonitoredNote(shown),
  ].filter(Boolean).join(' ') || undefined;
  return {
    data: {
      origin: { lat: args.origin_lat, lon: args.origin_lon, country: args.origin_country },
      type: args.type,
      count: shown.length,
      updated_at: new Date(args.nowS * 1000).toISOString(),
      legs_used: Math.max(0, ...shown.map((r) => r.route.legs.length)),
      results: shown,
      ...(note ? { note } : {}),
    },
    // The type asked, as in data; where it is served by another type's checkpoints (5 by the cars'), that one too.
    meta: { crossing_type: args.type, ...(crossingType !== args.type ? { checkpoint_type: crossingType } : {}),
      direction: intoUkraine ? 'into_ukraine' : 'out_of_ukraine', routed: results.length, candidates: targets.length },
  };
}

/**
 * Crossings without a known total (a queue on the way unknown) rank after those with one: where one is reached
 * sooner than the best known total, it could be the faster, and the answer says so, shown or cut by `limit`
 * (a driver at Chop, a minute from its crossing, whose queue no source gives, sees Polish crossings first).
 */
function unrankedNote(results: readonly Result[], shown: readonly Result[]): string | undefined {
  const { best, sooner } = soonerWithoutTotal(results);
  if (sooner.length === 0) return undefined;
  if (!best) return 'No total is known for any open crossing here (a queue on the way is unknown): they are listed by drive time.';
  const named = sooner.slice(0, 3).map((r) => `${r.checkpoint_name} (${r.ppid}, ${r.drive_minutes} min drive)`).join(', ');
  const more = sooner.length > 3 ? ` and ${sooner.length - 3} more` : '';
  const hidden = sooner.filter((r) => !shown.includes(r)).length;
  const where = hidden === 0 ? 'they are listed after the ranked ones'
    : hidden === sooner.length ? `they rank after the crossings with a known total, beyond the ${shown.length} shown`
      : `they rank after the crossings with a known total (${hidden} of them beyond the ${shown.length} shown)`;
  return `No total is known (a queue on the way is unknown) for ${sooner.length === 1 ? 'a crossing' : `${sooner.length} crossings`} ` +
    `reached sooner than the best known total (${best.total_minutes} min): ${named}${more}; ${where}.`;
}

/** The Schengen area (Bulgaria and Romania in full since 1 January 2025): no border checks between two of them. */
const SCHENGEN = new Set(['AT', 'BE', 'BG', 'CH', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IS', 'IT', 'LI', 'LT', 'LU',
  'LV', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']);

/**
 * A route may pass a checked border between two other countries (Moldova into Romania, on the way to
 * Romania's crossings): no source gives its queue, and the total leaves it out. The answer says so (a border
 * inside the Schengen area has no checks, and no queue to leave out).
 */
function unmonitoredNote(shown: readonly Result[]): string | null {
  const borders = new Set<string>();
  for (const r of shown) {
    if (r.total_minutes === null) continue;
    for (const leg of r.route.legs) {
      const { from_country: from, to_country: to } = leg;
      if (leg.crossing === null && from && to && from !== to && !(SCHENGEN.has(from) && SCHENGEN.has(to))) borders.add(`${from}-${to}`);
    }
  }
  return borders.size === 0 ? null
    : `Totals leave out the wait at borders no source covers on the way (${[...borders].sort().join(', ')}): the queue there is unknown.`;
}

/** The typical wait at a crossing: the mean of its typical week where that week is in minutes; else null. */
function avgCrossingMinutes(ctx: WorkerContext, ppid: string): number | null {
  const week = ctx.dayStats.get(ppid);
  const avg = week?.unit === 'minutes' ? week.stats.overall_avg : null;
  return avg === null || avg === undefined ? null : Math.round(avg);
}

function resultOf(ctx: WorkerContext, route: Route, args: MatrixTaskArgs, intoUkraine: boolean,
  waitsAt: (ppid: string) => ReturnType<typeof arrivalWaits>): Result {
  const c = ctx.directory.get(route.ppid)!;
  const journey = accountJourney(route, args.nowS, (ppid) => waitsAt(ppid).waits);
  const live = waitsAt(c.ppid).live;
  const legs = journey.legs.map((leg) => {
    const through = leg.crossing ? ctx.directory.get(leg.crossing) : null;
    return { ...leg, crossing_name: through ? ctx.directory.name(through.location_id, args.lang) : null };
  });
  const last = journey.lastQueue;
  const reachable = route.reachable && route.drive_minutes !== null;
  // The established service's typical time at the crossing, beside our queue at arrival (docs/migrating.md).
  const avg = avgCrossingMinutes(ctx, c.ppid);
  return {
    ppid: c.ppid,
    checkpoint_name: ctx.directory.name(c.location_id, args.lang),
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
    total_minutes: reachable && journey.queueTotalMin !== null ? route.drive_minutes! + journey.queueTotalMin : null,
    status: reachable ? c.status : 'unreachable',
    route: { legs },
    // Last, where the established service's fields have always been (the same bytes, the same ETags).
    avg_crossing_minutes: avg,
    total_with_avg_crossing: avg !== null && route.drive_minutes !== null ? Math.round(route.drive_minutes + avg) : null,
  };
}

/** The pooled tasks of this product (the worker's table takes them from here: services/worker/tasks.ts). */
export const travelMatrixTasks = {
  travelMatrix: (arg: MatrixTaskArgs, ctx: WorkerContext) => serialised(travelMatrixTask(ctx, arg)),
};
