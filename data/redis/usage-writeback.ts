/**
 * Writes the Redis counters back to the store's `usage_counters` (the portal's usage history, the floor
 * a counter never falls below, the fallback's starting point): each run takes the counters changed since
 * the last one (a full pass over the day on `full`), and upserts them with an update that only ever
 * raises a total. So two instances writing concurrently, a stale read, or a Redis that lost its data can
 * never lower a stored total; the price is that a refunded unit (a 5xx) may stay counted in the history.
 * Counters of keys this store does not hold are skipped (the foreign key).
 */
import type { Db } from '../store.js';
import type { CounterTotal, RedisQuotaStore } from './quota-store.js';

export function createUsageWriteback(db: Db, quota: Pick<RedisQuotaStore, 'drainChanged' | 'markChanged' | 'totals'>) {
  const upsert = db.prepare(
    `INSERT INTO usage_counters (key_id, day, class, used)
       SELECT @keyId, @day, @cls, @used WHERE EXISTS (SELECT 1 FROM api_keys WHERE id = @keyId)
     ON CONFLICT (key_id, day, class) DO UPDATE SET used = excluded.used WHERE excluded.used > used`,
  );
  const write = db.transaction((totals: readonly CounterTotal[]) => {
    let raised = 0;
    for (const t of totals) raised += upsert.run(t).changes;
    return raised;
  });

  /** Writes totals; when the store refuses, they are marked changed again in Redis and the error rethrown. */
  async function store(day: string, totals: CounterTotal[]): Promise<number> {
    if (totals.length === 0) return 0;
    try {
      return write(totals);
    } catch (err) {
      await quota.markChanged(day, totals).catch(() => undefined);
      throw err;
    }
  }

  return {
    /** One write-back of `days`: counters changed since the last run, or all of them (`full`). Returns rows raised. */
    async run(days: readonly string[], full = false): Promise<number> {
      let raised = 0;
      for (const day of days) {
        if (full) {
          raised += await store(day, await quota.totals(day));
          continue;
        }
        for (;;) {
          const batch = await quota.drainChanged(day, 1_000);
          if (batch.taken === 0) break;
          raised += await store(day, batch.totals);
        }
      }
      return raised;
    },
  };
}

export type UsageWriteback = ReturnType<typeof createUsageWriteback>;
