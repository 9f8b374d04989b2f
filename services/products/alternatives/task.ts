/**
 * Alternatives, whole in a worker: the other crossings on the same border for the vehicle type, their road
 * distance from this one (A* with ngraph.path over the graph this worker keeps), the queue expected there
 * at the hour of arrival (forecast, else current), and the ranking against the wait here now. Like with
 * like: the wait here is that of the same vehicle type and direction at this crossing.
 */
import { rankAlternatives } from '../../../engine/alternatives.js';
import { queueAtArrival } from '../../../engine/routing/journey.js';
import type { Route } from '../../../engine/routing/matrix.js';
import { COUNTRY_ISO2 } from '../../../models/codes.js';
import { roundTo } from '../../../models/round.js';
import type { AlternativesOutput } from '../../../models/stats.js';
import { liveState, sourceUrlOf } from '../../live/checkpoint-live.js';
import { routerForType } from '../../live/routing.js';
import { arrivalWaits } from '../forecast/arrival-waits.js';
import type { WorkerContext } from '../../worker/context.js';
import { serialised } from '../../worker/serialised.js';

export interface AlternativesTaskArgs {
  ppid: string;
  crossing_type: number | null;
  limit: number;
  lang: string;
  nowS: number;
  directoryVersion: number;
}

type Answer = AlternativesOutput;
type Row = Answer['alternatives'][number];

/** A queue in vehicles where it is counted, else the wait in minutes, else nothing. */
const queueOf = (r: { queue: number | null; wait_min: number | null }) =>
  r.queue !== null ? { queue: r.queue, unit: 'vehicles' as const } : r.wait_min !== null ? { queue: r.wait_min, unit: 'minutes' as const } : { queue: null, unit: null };


/** A row with `diff` (its queue minus the one asked about, in one unit) and `unit`. */
function withDiff(row: Row, here: { queue: number | null; wait_min: number | null }): Row {
  if (row.queue !== null && here.queue !== null) return { ...row, diff: roundTo(row.queue - here.queue, 1), unit: 'vehicles' };
  if (row.wait_min !== null && here.wait_min !== null) return { ...row, diff: roundTo(row.wait_min - here.wait_min, 1), unit: 'minutes' };
  return { ...row, diff: null, unit: queueOf(row).unit };
}

export function alternativesTask(ctx: WorkerContext, args: AlternativesTaskArgs): { data: AlternativesOutput; meta: Record<string, unknown> } {
  ctx.syncDirectory(args.directoryVersion);
  const here = ctx.directory.get(args.ppid)!;
  const type = args.crossing_type ?? here.crossing_type;
  const compared = type === here.crossing_type ? here : ctx.directory.atLocation(here.location_id)
    .find((c) => c.crossing_type === type && c.origin === here.origin && c.destination === here.destination) ?? null;
  const hereLive = compared ? liveState(ctx, compared, args.nowS) : null;
  const candidates = ctx.directory.all().filter((c) =>
    c.origin === here.origin && c.destination === here.destination && c.crossing_type === type && c.location_id !== here.location_id);
  const road = new Map<string, { km: number; minutes: number }>();
  const { router } = routerForType(ctx, type);
  router.routeEach({ lat: here.lat, lon: here.lon, country: COUNTRY_ISO2[here.origin]! }, candidates.map((c) => c.ppid), type,
    (r: Route) => void (r.distance_km !== null && r.drive_minutes !== null && road.set(r.ppid, { km: r.distance_km, minutes: r.drive_minutes })));
  const there = new Map(candidates.map((c) => [c.ppid, arrivalWaits(ctx, c.ppid, args.nowS)]));
  const ranked = rankAlternatives(
    { ppid: here.ppid, lat: here.lat, lon: here.lon, waitMin: hereLive?.wait_min ?? null },
    candidates.map((c) => ({ ppid: c.ppid, lat: c.lat, lon: c.lon, waitMin: there.get(c.ppid)!.live.wait_min, route: road.get(c.ppid) ?? null })),
    type,
    (ppid, driveMin) => {
      const { waits } = there.get(ppid)!;
      return queueAtArrival(args.nowS + driveMin * 60, waits.forecast, waits.currentMin);
    },
  ).slice(0, args.limit);
  const hereQueue = { queue: hereLive?.queue_now ?? null, wait_min: hereLive?.wait_min ?? null };
  // With the established service's fields (docs/migrating.md): each row's `diff` and `unit`.
  const list = ranked.map((r) => {
    const state = there.get(r.ppid)!.live;
    return withDiff({ ...r, name: ctx.directory.name(state.checkpoint.location_id, args.lang), queue: state.queue_now, wait_min: state.wait_min,
      type_of_data: state.type_of_data, is_realtime: state.is_realtime }, hereQueue);
  });
  const note = !compared ? `This crossing has no checkpoint for vehicle type ${type} in this direction: no comparable wait, totals unknown.`
    : hereLive!.wait_min === null ? `No wait reading for vehicle type ${type} here (${compared.ppid}): totals unknown.` : undefined;
  const name = ctx.directory.name(here.location_id, args.lang);
  const source = ctx.observations.view(compared?.ppid ?? here.ppid, args.nowS)?.source;
  return {
    data: {
      ppid: here.ppid, name, crossing_type: type, compared_ppid: compared?.ppid ?? null, ...hereQueue,
      type_of_data: hereLive?.type_of_data ?? null, is_realtime: hereLive?.is_realtime ?? false, ...(note ? { note } : {}),
      alternatives: list, best: list.find((a) => a.is_better) ?? null, generated_at: new Date(args.nowS * 1000).toISOString(),
      checkpoint: { name, ...queueOf(hereQueue), source_url: sourceUrlOf(source) },
      crossing_type_filter: args.crossing_type,
    },
    meta: { crossing_type: type },
  };
}

/** The pooled tasks of this product (the worker's table takes them from here: services/worker/tasks.ts). */
export const alternativesTasks = {
  alternatives: (arg: AlternativesTaskArgs, ctx: WorkerContext) => serialised(alternativesTask(ctx, arg)),
};
