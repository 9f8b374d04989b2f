/**
 * The bus queue at a checkpoint from the series the store holds (the Polish Border Guard publishes bus
 * waits; eCherha books bus queues): the current wait and the median and 90th percentile of the waits
 * read over the period, at the bus checkpoint of the same crossing and direction.
 */
import { quantileSorted } from 'simple-statistics';
import type { CheckpointRow } from '../../data/directory/directory-repo.js';
import { waitOf } from '../../engine/live-status.js';
import type { OperationDeps } from '../deps.js';
import { liveState, nowSeconds } from '../live/checkpoint-live.js';

/** The directory's crossing type of a bus checkpoint. */
export const BUS = 6;

/** The bus checkpoint of `checkpoint`'s crossing and direction (itself when it is one), or null. */
export function busCheckpointOf(deps: OperationDeps, checkpoint: CheckpointRow): CheckpointRow | null {
  if (checkpoint.crossing_type === BUS) return checkpoint;
  return deps.repos.directory.atLocation(checkpoint.location_id)
    .find((c) => c.crossing_type === BUS && c.origin === checkpoint.origin && c.destination === checkpoint.destination) ?? null;
}

export function busWait(deps: OperationDeps, checkpoint: CheckpointRow, days: number) {
  const bus = busCheckpointOf(deps, checkpoint);
  if (!bus) return null;
  const nowS = nowSeconds(deps);
  const live = liveState(deps.repos, bus, nowS);
  if (!live.view) return null;
  const waits = deps.repos.observations.range(live.view, nowS - days * 86_400, nowS).map(waitOf).filter((w) => w.waitMin !== null);
  if (waits.length === 0 && live.wait_min === null) return null;
  const sorted = waits.map((w) => w.waitMin!).sort((a, b) => a - b);
  const q = (p: number) => (sorted.length ? Math.round(quantileSorted(sorted, p)) : null);
  return {
    ppid: bus.ppid, current_min: live.wait_min, median_min: q(0.5), p90_min: q(0.9), readings: sorted.length, days,
    updated_at: live.updated_at, source: live.view.source, type_of_data: live.type_of_data!,
    estimated: live.wait_time_estimated || waits.some((w) => w.estimated),
  };
}
