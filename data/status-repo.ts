/** Stored results of the product self-checks. */
import type { Db } from './store.js';

export type ProductStatus = 'online' | 'degraded' | 'offline';

/** Why a product is not online, as a token (models/status.ts `StatusReason`); null when online. */
export type StatusReason = 'no_data' | 'replay_only' | 'stale_source' | 'partial_coverage' | 'slow' | 'unavailable' | 'failed' | 'store_unavailable';

export interface StatusCheck {
  product: string;
  status: ProductStatus;
  latency_ms: number | null;
  detail: string | null;
  /** Absent in rows written before migration 15 (read as null). */
  reason?: StatusReason | null;
  checked_at: string;
}

export function createStatusRepo(db: Db) {
  const upsert = db.prepare(
    `INSERT INTO status_checks (product, status, latency_ms, detail, reason, checked_at)
     VALUES (@product, @status, @latency_ms, @detail, @reason, @checked_at)
     ON CONFLICT (product) DO UPDATE SET status = excluded.status, latency_ms = excluded.latency_ms,
       detail = excluded.detail, reason = excluded.reason, checked_at = excluded.checked_at`,
  );
  const selectAll = db.prepare('SELECT product, status, latency_ms, detail, reason, checked_at FROM status_checks ORDER BY product');
  const deleteAll = db.prepare('DELETE FROM status_checks');
  /** Bumped on every save: the cache version of the `status` answer. */
  let generation = 0;
  const replaceAll = db.transaction((checks: readonly StatusCheck[]) => {
    deleteAll.run();
    for (const check of checks) upsert.run({ ...check, reason: check.reason ?? null });
  });
  /** The round held in memory while the store refuses writes (status must still tell the truth). */
  let unsaved: StatusCheck[] | null = null;
  return {
    /**
     * Replaces the stored round of checks atomically (products no longer registered disappear). When the
     * store refuses the write, the round is kept in memory with `onWriteFailure` applied, and the error rethrown.
     */
    saveAll(checks: readonly StatusCheck[], onWriteFailure: (checks: readonly StatusCheck[]) => StatusCheck[] = (c) => [...c]): void {
      generation++;
      try {
        replaceAll(checks);
        unsaved = null;
      } catch (err) {
        unsaved = onWriteFailure(checks);
        throw err;
      }
    },
    all: (): StatusCheck[] => unsaved ?? (selectAll.all() as StatusCheck[]),
    get generation() {
      return generation;
    },
  };
}

export type StatusRepo = ReturnType<typeof createStatusRepo>;
