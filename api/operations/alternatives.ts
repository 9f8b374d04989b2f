/** `alternatives`: other crossings on the same border for the same vehicle type, ranked by total time. */
import { AlternativesInput, AlternativesOutput } from '../../models/stats.js';
import { checkpointOr404, liveVersion, nowSeconds, sourceUrlOf } from '../live/checkpoint-live.js';

type Answer = AlternativesOutput;
type Row = Answer['alternatives'][number];

/** A queue in vehicles where it is counted, else the wait in minutes, else nothing. */
const queueOf = (r: { queue: number | null; wait_min: number | null }) =>
  r.queue !== null ? { queue: r.queue, unit: 'vehicles' as const } : r.wait_min !== null ? { queue: r.wait_min, unit: 'minutes' as const } : { queue: null, unit: null };

const round1 = (v: number) => Math.round(v * 10) / 10;

/** A row with `diff` (its queue minus the one asked about, in one unit) and `unit`. */
function withDiff(row: Row, here: Answer): Row {
  if (row.queue !== null && here.queue !== null) return { ...row, diff: round1(row.queue - here.queue), unit: 'vehicles' };
  if (row.wait_min !== null && here.wait_min !== null) return { ...row, diff: round1(row.wait_min - here.wait_min), unit: 'minutes' };
  return { ...row, diff: null, unit: queueOf(row).unit };
}
import { defineOperation } from '../operation.js';

export const alternatives = defineOperation({
  name: 'alternatives',
  slug: 'alternatives',
  summary: 'Nearby alternative checkpoints on the same border, ranked by extra driving plus the difference in wait',
  description: 'Candidates: the other checkpoints with the same origin and destination serving the vehicle type (the ' +
    'ppid\'s, or `crossing_type`). The wait here is that of the same vehicle type and direction at this crossing ' +
    '(`compared_ppid`); without one, totals are null and `note` says why. Extra driving is the road distance between the crossings on the departure side ' +
    '(the travel-matrix graph; great-circle x 1.3 where no route exists) at 60 km/h for cars, 55 for trucks under ' +
    '7.5 t, 50 for trucks and buses; `total_delta_min` adds the difference in current wait (null when a wait is ' +
    'unknown). `best` is the first with a negative total. Also: `checkpoint` (the one asked about: name, queue in `unit`, ' +
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
    const nowS = nowSeconds(deps);
    const answer = await deps.engine.run('alternatives', {
      ppid: input.ppid, crossing_type: input.crossing_type ?? null, limit: input.limit, lang: input.lang.lang,
      nowS, generation: liveVersion(deps), directoryVersion: deps.repos.directory.version,
    });
    // The established service's fields, added beside ours from the worker's answer (docs/migrating.md).
    const data = JSON.parse(answer.dataJson) as Answer;
    const source = deps.repos.observations.view(data.compared_ppid ?? data.ppid, nowS)?.source;
    const { queue, unit } = queueOf(data);
    return {
      meta: answer.meta,
      data: {
        ...data,
        alternatives: data.alternatives.map((row) => withDiff(row, data)),
        best: data.best ? withDiff(data.best, data) : null,
        checkpoint: { name: data.name, queue, unit, source_url: sourceUrlOf(source) },
        crossing_type_filter: input.crossing_type ?? null,
      },
    };
  },
});
