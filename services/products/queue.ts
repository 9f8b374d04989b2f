/** `queue`: the live queue of one checkpoint (envelope `snapshot`) with hourly and daily aggregates. */
import { dailyBuckets, hourlyBuckets } from '../../engine/aggregate.js';
import { badRequest } from '../../models/errors.js';
import { QueueInput, QueueOutput, QueueSnapshot } from '../../models/queue.js';
import { checkpointOr404, liveState, liveVersion, nowSeconds, noReadings } from '../live/checkpoint-live.js';
import { defineOperation } from '../operation.js';

export const queue = defineOperation({
  name: 'queue',
  slug: 'queue',
  summary: 'Live queue, wait and status of a checkpoint, with hourly and daily aggregates',
  description: 'The envelope `snapshot` holds the latest reading (null when nothing was ever observed). `section` selects ' +
    '`hourly` (the last 24 hours), `daily` (the last 30 local days) or `snapshot` only; by default both aggregates. ' +
    '`wait_time` is the official wait where the source gives one, else estimated from the queue and the measured ' +
    'processing rate (`wait_time_estimated`). `origin`/`destination` must match the checkpoint (`direction_mismatch`). A ' +
    'checkpoint of which no reading is held has empty aggregates and a `note` saying so. `daily` is over each local day\'s ' +
    'readings themselves (`stats` averages the day\'s hours instead, so their means can differ).',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['dpsu'],
  input: QueueInput,
  output: QueueOutput,
  snapshot: QueueSnapshot.nullable(),
  cacheTtlMs: 60_000,
  dataVersion: (input, deps) => liveVersion(deps, input.ppid),
  errors: ['not_found'],
  selfCheck: (deps) => ({ ppid: deps.repos.directory.all()[0]?.ppid ?? 'id_0', section: 'snapshot' }),
  emptiness: noReadings,
  handler(input, deps) {
    const checkpoint = checkpointOr404(deps, input.ppid);
    const wrongOrigin = input.origin !== undefined && input.origin !== checkpoint.origin;
    const wrongDestination = input.destination !== undefined && input.destination !== checkpoint.destination;
    if (wrongOrigin || wrongDestination) {
      const sibling = deps.repos.directory.atLocation(checkpoint.location_id).find((c) => c.crossing_type === checkpoint.crossing_type &&
        (input.origin === undefined || c.origin === input.origin) && (input.destination === undefined || c.destination === input.destination));
      throw badRequest(`${input.ppid} runs from ${checkpoint.origin} to ${checkpoint.destination}` +
        (sibling ? `; the checkpoint for that direction is ${sibling.ppid}.` : '; there is no checkpoint here for that direction.'), 'direction_mismatch');
    }
    const nowS = nowSeconds(deps);
    const live = liveState(deps.repos, checkpoint, nowS);
    const snapshot: QueueSnapshot | null = live.latest === null ? null : {
      queue_now: live.queue_now, wait_min: live.wait_min, wait_time_estimated: live.wait_time_estimated, updated_at: live.updated_at!,
      age_min: live.age_min!, data_quality: live.data_quality!, freshness: live.freshness!, wait_status: live.wait_status,
      vs_typical: live.vs_typical, type_of_data: live.type_of_data!, is_realtime: live.is_realtime,
    };
    const data: QueueOutput = {};
    const section = input.section;
    if (live.view && (section === undefined || section === 'hourly')) {
      const rows = deps.repos.observations.range(live.view, nowS - 24 * 3600, nowS);
      data.hourly = hourlyBuckets(rows, nowS).map((h) => ({
        ...h, type_of_data: h.samples > 0 ? live.type_of_data : null, data_quality: h.samples > 0 ? live.data_quality : null,
      }));
    } else if (section === undefined || section === 'hourly') data.hourly = [];
    if (live.view && (section === undefined || section === 'daily')) {
      const rows = deps.repos.observations.range(live.view, nowS - 31 * 86_400, nowS);
      data.daily = dailyBuckets(rows, nowS, checkpoint.timezone);
    } else if (section === undefined || section === 'daily') data.daily = [];
    if (!live.view && section !== 'snapshot') {
      data.note = `No reading of ${checkpoint.ppid} is held: no feed or import has supplied one, so there is nothing to aggregate.`;
    }
    return { data, snapshot };
  },
});
