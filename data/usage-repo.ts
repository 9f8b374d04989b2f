/**
 * The embedded daily counter store. Each consume is one statement: an upsert whose update only happens
 * while the new total stays within the limit, returning the stored total. It is exact across
 * concurrent requests, threads and processes, because SQLite applies it atomically. Consumes that
 * arrive in the same event-loop turn are committed together in one transaction (group commit: one WAL
 * commit instead of one per request), and the consumes of one counter in a batch share one statement
 * when they all fit; each still gets its own result, and none resolves before the commit, so an
 * answered call is a counted call even across a crash.
 */
import type { ConsumeResult, QuotaStore } from '../models/access.js';
import type { QuotaClass } from '../models/envelope.js';
import type { Db } from './store.js';

/** A counter as stored, read at once (0 when the key has not called that class on that day). */
export function createCounterReader(db: Db): (keyId: number, day: string, cls: QuotaClass) => number {
  const usedStmt = db.prepare('SELECT used FROM usage_counters WHERE key_id = ? AND day = ? AND class = ?').pluck();
  return (keyId, day, cls) => (usedStmt.get(keyId, day, cls) as number | undefined) ?? 0;
}

export function createUsageRepo(db: Db): QuotaStore {
  const consumeStmt = db.prepare(
    `INSERT INTO usage_counters (key_id, day, class, used) VALUES (@keyId, @day, @cls, @cost)
     ON CONFLICT (key_id, day, class) DO UPDATE SET used = used + excluded.used
       WHERE used + excluded.used <= @limit
     RETURNING used`,
  ).pluck();
  const refundStmt = db.prepare(
    'UPDATE usage_counters SET used = max(0, used - ?) WHERE key_id = ? AND day = ? AND class = ?',
  );
  const used = createCounterReader(db);

  const consumeNow = (keyId: number, day: string, cls: QuotaClass, cost: number, limit: number): ConsumeResult => {
    // A first call costing more than the whole limit would pass the insert branch unchecked.
    if (cost > limit) return { admitted: false, used: used(keyId, day, cls) };
    const stored = consumeStmt.get({ keyId, day, cls, cost, limit }) as number | undefined;
    return stored === undefined ? { admitted: false, used: used(keyId, day, cls) } : { admitted: true, used: stored };
  };

  type Pending = { args: Parameters<typeof consumeNow>; resolve: (r: ConsumeResult) => void; reject: (e: unknown) => void };
  let pending: Pending[] = [];

  /**
   * Consumes of one counter in one batch, in arrival order, as one statement when all of them fit: each
   * gets the total it would have seen alone (before + its running sum). When they do not all fit, one
   * statement each, so exactly those that fit are admitted, in order.
   */
  const consumeGroup = (group: Pending[]): ConsumeResult[] => {
    const [keyId, day, cls, , limit] = group[0]!.args;
    const total = group.reduce((n, p) => n + p.args[3], 0);
    const stored = total <= limit ? consumeStmt.get({ keyId, day, cls, cost: total, limit }) as number | undefined : undefined;
    if (stored === undefined) return group.map((p) => consumeNow(...p.args));
    let used = stored - total;
    return group.map((p) => ({ admitted: true, used: (used += p.args[3]) }));
  };

  const commitBatch = db.transaction((batch: Pending[]) => {
    const groups = new Map<string, Pending[]>();
    for (const p of batch) {
      const [keyId, day, cls, , limit] = p.args;
      const id = `${keyId}|${day}|${cls}|${limit}`;
      const group = groups.get(id);
      if (group) group.push(p);
      else groups.set(id, [p]);
    }
    const results = new Map<Pending, ConsumeResult>();
    for (const group of groups.values()) {
      const answers = group.length === 1 ? [consumeNow(...group[0]!.args)] : consumeGroup(group);
      group.forEach((p, i) => results.set(p, answers[i]!));
    }
    return batch.map((p) => results.get(p)!);
  });
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
