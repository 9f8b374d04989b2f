/** `multi`: queue and/or update-info for up to 20 checkpoints in one call, billed by what it answers. */
import { MULTI_PARTS, MultiInput, MultiOutput } from '../../models/queue.js';
import type { OperationDeps } from '../deps.js';
import { liveState, liveVersion, nowSeconds, noReadings } from '../live/checkpoint-live.js';
import { defineOperation } from '../operation.js';
import { updateInfoOf } from './update-info.js';

function split(input: MultiInput, deps: OperationDeps) {
  const known = input.ppids.filter((p) => deps.repos.directory.get(p) !== null);
  const unknown = input.ppids.filter((p) => !known.includes(p));
  const parts = input.include ?? [...MULTI_PARTS];
  return { known, unknown, parts };
}

/** ceil(unique known ppids x unique sub-products / 2); unknown ppids are not billed. */
export function multiCost(input: MultiInput, deps: OperationDeps): number {
  const { known, parts } = split(input, deps);
  return Math.ceil((known.length * parts.length) / 2);
}

export const multi = defineOperation({
  name: 'multi',
  slug: 'multi',
  summary: 'Live queue and data freshness for several checkpoints in one call',
  description: 'Up to 20 ppids (duplicates removed), `include` queue and/or update-info (default both). Costs ' +
    'ceil(unique known ppids x sub-products / 2) units; unknown ppids are listed in `meta.unknown_ppids` and not billed.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['dpsu'],
  cost: multiCost,
  input: MultiInput,
  output: MultiOutput,
  cacheTtlMs: 60_000,
  dataVersion: (_input, deps) => liveVersion(deps),
  selfCheck: (deps) => ({ ppids: deps.repos.directory.all().slice(0, 3).map((c) => c.ppid).join(',') || 'id_0' }),
  emptiness: noReadings,
  handler(input, deps) {
    const { known, unknown, parts } = split(input, deps);
    const nowS = nowSeconds(deps);
    const data: MultiOutput = {};
    for (const ppid of known) {
      const checkpoint = deps.repos.directory.get(ppid)!;
      const live = liveState(deps.repos, checkpoint, nowS);
      data[ppid] = {
        ...(parts.includes('queue') ? { queue: {
          found: live.latest !== null, queue_now: live.queue_now, wait_min: live.wait_min, wait_status: live.wait_status,
          trend_percent: live.trend.trend_percent, trend_direction: live.trend.trend_direction, age_min: live.age_min,
          freshness: live.freshness, name: deps.repos.directory.name(checkpoint.location_id, input.lang.lang),
          updated_at: live.updated_at, data_quality: live.data_quality, vs_typical: live.vs_typical,
          type_of_data: live.type_of_data, is_realtime: live.is_realtime,
        } } : {}),
        ...(parts.includes('update-info') ? { update_info: updateInfoOf(live, input.lang.lang) } : {}),
      };
    }
    return {
      data,
      meta: { units_consumed: multiCost(input, deps), ppids_requested: input.ppids.length, unknown_ppids: unknown },
    };
  },
});
