/**
 * The status job: exercises every product through its real handler (bypassing the cache) and stores
 * one row per product. `status` only reads what this stored.
 */
import { performance } from 'node:perf_hooks';
import type { StatusCheck } from '../../data/status-repo.js';
import { isStoreUnavailableError } from '../../data/store.js';
import { isServiceError } from '../../models/errors.js';
import type { OperationDeps } from '../deps.js';
import type { AnyOperation } from '../operation.js';
import { warmPlaces } from '../places/indexes.js';
import { runOperation } from '../run-operation.js';
import { productHealth, readingsHealth, type Unhealthy } from './product-health.js';

/** A check slower than this marks its product degraded. */
export const SLOW_CHECK_MS = 2_000;
/** A check that has not answered by then marks its product offline. */
export const CHECK_TIMEOUT_MS = 10_000;

async function checkOne(op: AnyOperation, deps: OperationDeps, readings: () => Unhealthy | null): Promise<Omit<StatusCheck, 'checked_at'>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const input = op.input.parse(op.selfCheck!(deps));
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('self-check timed out')), CHECK_TIMEOUT_MS);
    });
    await Promise.race([runOperation(op, input, deps, { fresh: true }), timeout]);
    const latency = Math.round(performance.now() - started);
    // Answering is not enough to be online: a product with nothing true to answer with (nothing held, only the
    // replayed sample, only old readings) is degraded, and says why.
    const unhealthy = productHealth(op, deps, readings);
    if (unhealthy !== null) return { product: op.slug, status: 'degraded', latency_ms: latency, detail: unhealthy.detail, reason: unhealthy.reason };
    return latency > SLOW_CHECK_MS
      ? { product: op.slug, status: 'degraded', latency_ms: latency, detail: `slow: answered in ${latency} ms`, reason: 'slow' }
      : { product: op.slug, status: 'online', latency_ms: latency, detail: null, reason: null };
  } catch (err) {
    const latency = Math.round(performance.now() - started);
    if (isServiceError(err) && (err.code === 'service_unavailable' || err.code === 'not_found')) {
      // not_found on the check's own input: nothing held to answer it (no typical week, no model yet).
      return { product: op.slug, status: 'degraded', latency_ms: latency, detail: err.message, reason: err.code === 'not_found' ? 'no_data' : 'unavailable' };
    }
    deps.log.warn({ err, product: op.slug }, 'status self-check failed');
    const detail = isServiceError(err) ? err.message : 'the self-check failed with an internal error';
    return { product: op.slug, status: 'offline', latency_ms: latency, detail, reason: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How a round reads when the store refuses writes: every keyed call must be counted, so keyed products
 * are offline; public ones (status) are degraded.
 */
function storeRefusesWrites(checks: readonly StatusCheck[]): StatusCheck[] {
  return checks.map((c) => ({
    ...c,
    status: c.product === 'status' ? 'degraded' : 'offline',
    detail: 'the data store refuses writes (disk full, read-only or locked): calls cannot be counted',
    reason: 'store_unavailable',
  }));
}

/**
 * Checks every operation that declares a self-check, one after another, and stores the round. A round cut
 * short by `signal` (the service stopping) is not stored: the last whole round stands.
 */
export async function runStatusChecks(ops: readonly AnyOperation[], deps: OperationDeps, signal?: AbortSignal): Promise<StatusCheck[]> {
  const checks: StatusCheck[] = [];
  if (signal?.aborted) return checks;
  // The checks time answers, not a first read of the places after a start or an import.
  try {
    warmPlaces(deps);
  } catch (err) {
    deps.log.warn({ err }, 'status: reading the places failed');
  }
  // The readings' state is the same for every product reading them: computed once per round, when first needed.
  let readings: { value: Unhealthy | null } | null = null;
  const readingsOnce = () => (readings ??= { value: readingsHealth(deps) }).value;
  for (const op of ops) {
    if (signal?.aborted) return checks;
    if (!op.selfCheck) continue;
    const result = await checkOne(op, deps, readingsOnce);
    checks.push({ ...result, checked_at: deps.now().toISOString() });
  }
  try {
    deps.repos.status.saveAll(checks, storeRefusesWrites);
  } catch (err) {
    if (!isStoreUnavailableError(err)) throw err;
    deps.log.error({ err }, 'status: the store refuses writes');
  }
  return checks;
}
