/** `alternatives`: other crossings on the same border for the same vehicle type, ranked by total time. */
import type { CheckpointRow } from '../../data/directory/directory-repo.js';
import { rankAlternatives } from '../../engine/alternatives.js';
import { routeToCrossings } from '../../engine/routing/matrix.js';
import { COUNTRY_ISO2 } from '../../models/codes.js';
import type { Deps } from '../deps.js';
import { routingGraphForType } from '../live/routing.js';
import { AlternativesInput, AlternativesOutput } from '../../models/stats.js';
import { checkpointOr404, liveState, liveVersion, nowSeconds } from '../live/checkpoint-live.js';
import { defineOperation } from '../operation.js';

function roadDistances(deps: Deps, here: CheckpointRow, targets: string[], type: number) {
  const { graph } = routingGraphForType(deps, type);
  return routeToCrossings(graph, { lat: here.lat, lon: here.lon, country: COUNTRY_ISO2[here.origin]! }, targets, type);
}

export const alternatives = defineOperation({
  name: 'alternatives',
  slug: 'alternatives',
  summary: 'Nearby alternative checkpoints on the same border, ranked by extra driving plus the difference in wait',
  description: 'Candidates: the other checkpoints with the same origin and destination serving the vehicle type (the ' +
    'ppid\'s, or `crossing_type`). The wait here is that of the same vehicle type and direction at this crossing ' +
    '(`compared_ppid`); without one, totals are null and `note` says why. Extra driving is the road distance between the crossings on the departure side ' +
    '(the travel-matrix graph; great-circle x 1.3 where no route exists) at 60 km/h for cars, 55 for trucks under ' +
    '7.5 t, 50 for trucks and buses; `total_delta_min` adds the difference in current wait (null when a wait is ' +
    'unknown). `best` is the first with a negative total.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['dpsu', 'geonames'],
  input: AlternativesInput,
  output: AlternativesOutput,
  cacheTtlMs: 60_000,
  dataVersion: (_input, deps) => liveVersion(deps),
  errors: ['not_found'],
  selfCheck: (deps) => ({ ppid: deps.repos.directory.all()[0]?.ppid ?? 'id_0' }),
  handler(input, deps) {
    const here = checkpointOr404(deps, input.ppid);
    const type = input.crossing_type ?? here.crossing_type;
    const nowS = nowSeconds(deps);
    const lang = input.lang.lang;
    // Like with like: the wait here is that of the same vehicle type and direction at this crossing.
    const compared = type === here.crossing_type ? here : deps.repos.directory.atLocation(here.location_id)
      .find((c) => c.crossing_type === type && c.origin === here.origin && c.destination === here.destination) ?? null;
    const hereLive = compared ? liveState(deps, compared, nowS) : null;
    const candidates = deps.repos.directory.all().filter((c) =>
      c.origin === here.origin && c.destination === here.destination && c.crossing_type === type && c.location_id !== here.location_id);
    const live = new Map(candidates.map((c) => [c.ppid, liveState(deps, c, nowS)]));
    // Road distances from this crossing (on its departure side) to the others, over the travel-matrix graph.
    const road = new Map(roadDistances(deps, here, candidates.map((c) => c.ppid), type).map((r) => [r.ppid, r.distance_km]));
    const ranked = rankAlternatives(
      { ppid: here.ppid, lat: here.lat, lon: here.lon, waitMin: hereLive?.wait_min ?? null },
      candidates.map((c) => ({ ppid: c.ppid, lat: c.lat, lon: c.lon, waitMin: live.get(c.ppid)!.wait_min, roadKm: road.get(c.ppid) ?? null })),
      type,
    ).slice(0, input.limit);
    const list = ranked.map((r) => {
      const state = live.get(r.ppid)!;
      return { ...r, name: deps.repos.directory.name(state.checkpoint.location_id, lang), queue: state.queue_now, wait_min: state.wait_min,
        type_of_data: state.type_of_data, is_realtime: state.is_realtime };
    });
    const note = !compared ? `This crossing has no checkpoint for vehicle type ${type} in this direction: no comparable wait, totals unknown.`
      : hereLive!.wait_min === null ? `No wait reading for vehicle type ${type} here (${compared.ppid}): totals unknown.` : undefined;
    return {
      data: {
        ppid: here.ppid, name: deps.repos.directory.name(here.location_id, lang), crossing_type: type, compared_ppid: compared?.ppid ?? null,
        queue: hereLive?.queue_now ?? null, wait_min: hereLive?.wait_min ?? null,
        type_of_data: hereLive?.type_of_data ?? null, is_realtime: hereLive?.is_realtime ?? false, ...(note ? { note } : {}),
        alternatives: list, best: list.find((a) => a.is_better) ?? null, generated_at: deps.now().toISOString(),
      },
      meta: { crossing_type: type },
    };
  },
});
