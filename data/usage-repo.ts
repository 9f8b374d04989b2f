/**
 * The embedded daily counter store. `consume` is one statement: an upsert whose update only happens
 * while the new total stays within the limit, returning the stored total. It is exact across
 * concurrent requests, threads and processes, because SQLite applies it atomically.
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

  return {
    consume(keyId, day, cls, cost, limit): ConsumeResult {
      // A first call costing more than the whole limit would pass the insert branch unchecked.
      if (cost > limit) return { admitted: false, used: used(keyId, day, cls) };
      const stored = consumeStmt.get({ keyId, day, cls, cost, limit }) as number | undefined;
      return stored === undefined ? { admitted: false, used: used(keyId, day, cls) } : { admitted: true, used: stored };
    },
    refund(keyId, day, cls, cost) {
      refundStmt.run(cost, keyId, day, cls);
    },
    used,
  };
}
