/**
 * Whether a product that answered its self-check has anything true to answer with. Answering is not enough
 * to be online: a product holding nothing for anyone (`no_data`), or answering only from the recorded sample
 * replayed to the present (`replay_only`) or from old readings or prices (`stale_source`), or holding places
 * for some countries but not for all those of the checkpoints (`partial_coverage`), is degraded and says why.
 */
import type { StatusReason } from '../../models/status.js';
import type { OperationDeps } from '../deps.js';
import type { AnyOperation } from '../operation.js';

export interface Unhealthy {
  reason: Extract<StatusReason, 'no_data' | 'replay_only' | 'stale_source' | 'partial_coverage'>;
  detail: string;
}

/**
 * The products whose answers are the checkpoints' queue readings or are computed from them (history, the
 * typical week, forecasts, alternatives, the matrix's queues): their health is that of the readings held.
 * `test/services/jobs/status-check.test.ts` checks that each is a registered product.
 */
export const READINGS_PRODUCTS: ReadonlySet<string> = new Set([
  'queue', 'update-info', 'multi', 'border', 'stats', 'day-stats', 'forecast', 'alternatives', 'travel-matrix', 'queue-stream',
]);

/**
 * Products that answer partly from the queue readings, with what of theirs does: while the readings are
 * unhealthy they are degraded for the same reason, the detail saying which answers it touches (the
 * assistant's truck-ban, holiday and place answers are true whatever the readings; its queue, wait and
 * forecast answers are the readings').
 */
export const PARTLY_READINGS_PRODUCTS: ReadonlyMap<string, string> = new Map([
  ['assistant', 'its answers on queues, waits, forecasts and the fastest crossing (not those on truck bans, holidays or places)'],
]);

/** Older than this, the newest reading is stale: `is_realtime`'s bound (a reading `fresh` or `recent`). */
export const STALE_AFTER_S = 3 * 3600;

/**
 * How the queue readings stand over every checkpoint: none held (`no_data`); the replayed sample answering for
 * every checkpoint, or for some beside live or imported readings elsewhere (`replay_only`: two readings imported
 * for one checkpoint called the products online while 199 answered from the sample); live or imported readings,
 * but the newest older than three hours (`stale_source`); null when every checkpoint held answers from live or
 * imported readings and one of them is current.
 */
export function readingsHealth(deps: OperationDeps): Unhealthy | null {
  const repo = deps.repos.observations;
  const nowS = Math.floor(deps.now().getTime() / 1000);
  let held = 0;
  let real = 0;
  let newestS: number | null = null;
  for (const ppid of repo.ppidsWithData()) {
    const view = repo.view(ppid, nowS);
    if (!view) continue;
    held++;
    if (view.sample) continue;
    real++;
    const latest = repo.latest(view, nowS);
    if (latest && (newestS === null || latest.ts > newestS)) newestS = latest.ts;
  }
  if (held === 0) return { reason: 'no_data', detail: 'holds no queue reading for any checkpoint: no feed or import has supplied one' };
  if (real === 0) {
    return { reason: 'replay_only', detail: 'answers only from the recorded sample replayed to the present (type_of_data "replay"): no live or imported reading is held' };
  }
  if (real < held) {
    return { reason: 'replay_only', detail: `answers for ${held - real} of the ${held} checkpoints with readings from the recorded sample replayed to the present ` +
      `(type_of_data "replay"); ${real} have live or imported readings` };
  }
  if (newestS === null || nowS - newestS > STALE_AFTER_S) {
    const age = newestS === null ? 'none is at or before now' : `the newest is ${Math.floor((nowS - newestS) / 3600)} h old`;
    return { reason: 'stale_source', detail: `no current live or imported queue reading (${age}): answers come from stale data` };
  }
  return null;
}

/**
 * Why `op` should not be called online although it answered, or null. `readings` is `readingsHealth` for
 * this round (computed once, shared by the products that read them).
 */
export function productHealth(op: AnyOperation, deps: OperationDeps, readings: () => Unhealthy | null): Unhealthy | null {
  const empty = op.emptiness?.(deps) ?? null;
  if (empty !== null) return { reason: 'no_data', detail: empty };
  const stale = op.staleness?.(deps) ?? null;
  if (stale !== null) return { reason: 'stale_source', detail: stale };
  const gap = op.coverageGap?.(deps) ?? null;
  if (gap !== null) return { reason: 'partial_coverage', detail: gap };
  if (READINGS_PRODUCTS.has(op.slug)) return readings();
  const part = PARTLY_READINGS_PRODUCTS.get(op.slug);
  const health = part === undefined ? null : readings();
  return health && { reason: health.reason, detail: `${part}: ${health.detail}` };
}
