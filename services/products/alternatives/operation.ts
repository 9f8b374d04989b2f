/** `alternatives`: other crossings on the same border for the same vehicle type, ranked by total time. */
import { AlternativesInput, AlternativesOutput } from '../../../models/stats.js';
import { checkpointOr404, liveVersion, nowSeconds } from '../../live/checkpoint-live.js';
import { defineOperation } from '../../operation.js';

export const alternatives = defineOperation({
  name: 'alternatives',
  slug: 'alternatives',
  summary: 'Nearby alternative checkpoints on the same border, ranked by extra driving plus the difference in wait',
  description: 'Candidates: the other checkpoints with the same origin and destination serving the vehicle type (the ' +
    'ppid\'s, or `crossing_type`). The wait here is that of the same vehicle type and direction at this crossing ' +
    '(`compared_ppid`); without one, totals are null and `note` says why. Extra driving is the road distance between the crossings on the departure side ' +
    'and its drive time, both as travel-matrix gives them (its graph, at its roads\' speeds or the vehicle type\'s average: ' +
    '75 km/h for cars, 65 for buses and trucks under 7.5 t, 60 for trucks); where no route exists, great-circle x 1.3 at ' +
    'that average; `total_delta_min` adds the wait there on arrival (`wait_at_arrival_min`: the forecast for the hour ' +
    'of arrival, else the current wait, as `queue_basis` says) minus the wait here now (null when a wait is unknown). `best` is the first with a negative total. Also: `checkpoint` (the one asked about: name, queue in `unit`, ' +
    '`source_url`), per row `diff` (its queue minus this one, in `unit`: vehicles where both are counted, else wait ' +
    'minutes) and `unit`, and `crossing_type_filter` (the `crossing_type` asked for, or null).',
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
  // Candidates, their road distances, the queues expected on arrival and the ranking run whole in a worker.
  async handler(input, deps) {
    checkpointOr404(deps, input.ppid);
    // The answer comes back serialised and complete (the established service's fields included).
    return deps.engine.run('alternatives', {
      ppid: input.ppid, crossing_type: input.crossing_type ?? null, limit: input.limit, lang: input.lang.lang,
      nowS: nowSeconds(deps), directoryVersion: deps.repos.directory.version,
    });
  },
});
