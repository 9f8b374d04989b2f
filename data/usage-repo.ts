/**
 * The embedded daily counter store. Each consume is one statement: an upsert whose update only happens
 * while the new total stays within the limit, returning the stored total. It is exact across
 * concurrent requests, threads and processes, because SQLite applies it atomically. Consumes that
 * arrive in the same event-loop turn are committed together in one transaction (group commit: one WAL
 * commit instead of one per request); each still gets its own result, and none resolves before the
 * commit, so an answered call is a counted call even across a crash.
 */
import type { ConsumeResult, QuotaStore } from '../models/access.js';
import type { QuotaClass } from '../models/envelope.js';
import type { Db } from './store.js';

export function createUsageRepo(db: Db): QuotaStore {
  const consumeStmt = db.prepare(
    `INSERT INTO usage_counters (key_id, day, class, used) VALUES (@keyId, @day, @cls, @cost)
     ON CONFLICT (key_id, day, class) DO UPDATE SET used = used + excluded.used
       WHERE used + excluded.used <= @limit
     RETURNING used`,
  ).pluck();
  const usedStmt = db.prepare('SELECT used FROM usage_counters WHERE key_id = ? AND day = ? AND class = ?').pluck();
  const refundStmt = db.prepare(
    'UPDATE usage_counters SET used = max(0, used - ?) WHERE key_id = ? AND day = ? AND class = ?',
  );
  const used = (keyId: number, day: string, cls: QuotaClass) => (usedStmt.get(keyId, day, cls) as number | undefined) ?? 0;

  const consumeNow = (keyId: number, day: string, cls: QuotaClass, cost: number, limit: number): ConsumeResult => {
    // A first call costing more than the whole limit would pass the insert branch unchecked.
    if (cost > limit) return { admitted: false, used: used(keyId, day, cls) };
    const stored = consumeStmt.get({ keyId, day, cls, cost, limit }) as number | undefined;
    return stored === undefined ? { admitted: false, used: used(keyId, day, cls) } : { admitted: true, used: stored };
  };

  type Pending = { args: Parameters<typeof consumeNow>; resolve: (r: ConsumeResult) => void; reject: (e: unknown) => void };
  let pending: Pending[] = [];
  const commitBatch = db.transaction((batch: Pending[]) => batch.map((p) => consumeNow(...p.args)));
  const flush = () => {
    const batch = pending;
    pending = [];
    try {
      const results = commitBatch(batch);
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  };

  return {
    consume(keyId, day, cls, cost, limit): Promise<ConsumeResult> {
      return new Promise((resolve, reject) => {
        if (pending.length === 0) setImmediate(flush);
        pending.push({ args: [keyId, day, cls, cost, limit], resolve, reject });
      });
    },
    async refund(keyId, day, cls, cost) {
      refundStmt.run(cost, keyId, day, cls);
    },
    used: async (keyId, day, cls) => used(keyId, day, cls),
  };
}
