/** Stored typical weeks (one per checkpoint), written by the day-stats job and read by products. */
import type { DayStats } from '../models/engine-results.js';
import type { Db } from './store.js';

export interface StoredDayStats {
  ppid: string;
  generated_at: string;
  unit: 'vehicles' | 'minutes';
  timezone: string;
  period_days: number;
  data_quality: 'high' | 'low';
  stats: DayStats;
}

export function createDayStatsRepo(db: Db) {
  const upsert = db.prepare(`INSERT INTO day_stats (ppid, generated_at, unit, timezone, period_days, data_quality, payload)
    VALUES (@ppid, @generated_at, @unit, @timezone, @period_days, @data_quality, @payload)
    ON CONFLICT (ppid) DO UPDATE SET generated_at = excluded.generated_at, unit = excluded.unit, timezone = excluded.timezone,
      period_days = excluded.period_days, data_quality = excluded.data_quality, payload = excluded.payload`);
  const remove = db.prepare('DELETE FROM day_stats WHERE ppid = ?');
  const one = db.prepare('SELECT ppid, generated_at, unit, timezone, period_days, data_quality, payload FROM day_stats WHERE ppid = ?');
  const all = db.prepare('SELECT ppid FROM day_stats').pluck();
  const oldest = db.prepare('SELECT min(generated_at) FROM day_stats').pluck();
  const parsed = new Map<string, StoredDayStats>();

  return {
    save(entry: StoredDayStats): void {
      upsert.run({ ...entry, payload: JSON.stringify(entry.stats) });
      parsed.delete(entry.ppid);
    },
    remove(ppid: string): void {
      remove.run(ppid);
      parsed.delete(ppid);
    },
    /** The stored typical week, parsed once per generation. */
    get(ppid: string): StoredDayStats | null {
      const row = one.get(ppid) as (Omit<StoredDayStats, 'stats'> & { payload: string }) | undefined;
      if (!row) return null;
      const cached = parsed.get(ppid);
      if (cached && cached.generated_at === row.generated_at) return cached;
      const { payload, ...rest } = row;
      const entry = { ...rest, stats: JSON.parse(payload) as DayStats };
      parsed.set(ppid, entry);
      return entry;
    },
    ppids: (): Set<string> => new Set(all.all() as string[]),
    /** When the oldest stored week was computed (ISO), or null when none is stored. */
    oldestGeneratedAt: (): string | null => (oldest.get() as string | null) ?? null,
  };
}

export type DayStatsRepo = ReturnType<typeof createDayStatsRepo>;
