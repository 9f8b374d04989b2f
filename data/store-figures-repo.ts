/**
 * What the store says about itself, for /metrics and the operator dashboard (api/metrics/store-figures.ts
 * turns these rows into figures): each source's series, each place dataset's size and latest time, keys
 * per plan and state, today's use per plan and key, the sandbox's calls. Read-only, on the main connection.
 */
import type { QuotaClass } from '../models/envelope.js';
import type { Db } from './store.js';

const PLACE_QUERIES: readonly [string, string][] = [
  ['fuel stations', 'SELECT source, count(*) AS records, max(imported_at) AS latest FROM fuel_stations GROUP BY source'],
  ['fuel prices', 'SELECT source, count(*) AS records, max(reported_at) AS latest FROM fuel_prices GROUP BY source'],
  ['national fuel prices', 'SELECT source, count(*) AS records, max(date) AS latest FROM fuel_country_prices GROUP BY source'],
  ['places', 'SELECT source, count(*) AS records, max(imported_at) AS latest FROM pois GROUP BY source'],
  ['road reports', 'SELECT source, count(*) AS records, max(updated_at) AS latest FROM road_reports GROUP BY source'],
  ['bus crossings', 'SELECT source, count(*) AS records, max(crossed_at) AS latest FROM bus_crossings GROUP BY source'],
  ['bus routes', 'SELECT source, count(*) AS records, NULL AS latest FROM bus_routes GROUP BY source'],
];

export interface SeriesRow { ppid: string; source: string; last_ts: number; rows: number; label: string | null; category: string | null; realtime: number | null }
export interface DatasetRow { dataset: string; source: string; records: number; latest: string | null }
/** A key's per-key limit overrides (null: the plan's default). */
export type LimitColumns = { qps: number | null } & Record<QuotaClass, number | null>;
export interface TopUseRow extends LimitColumns { id: number; prefix: string; plan: string; email: string; class: QuotaClass; used: number }

export function createStoreFiguresRepo(db: Db) {
  const seriesStmt = db.prepare(`SELECT s.ppid, s.source, s.last_ts, s.rows, src.label, src.category, src.realtime
    FROM series s LEFT JOIN sources src ON src.source = s.source`);
  const latestStmt = db.prepare('SELECT max(ts) FROM observations WHERE ppid = ? AND source = ? AND ts <= ?').pluck();
  const placeStmts = PLACE_QUERIES.map(([dataset, sql]) => [dataset, db.prepare(sql)] as const);
  const keysStmt = db.prepare('SELECT plan, status, count(*) AS n FROM api_keys GROUP BY plan, status');
  const limitsStmt = db.prepare(`SELECT plan, limit_standard AS standard, limit_forecast_stats AS forecast_stats, limit_cheap AS cheap, qps
    FROM api_keys WHERE status = 'active' AND (expires_at IS NULL OR expires_at > ?)`);
  const usedStmt = db.prepare(`SELECT k.plan, u.class, sum(u.used) AS used
    FROM usage_counters u JOIN api_keys k ON k.id = u.key_id WHERE u.day = ? GROUP BY k.plan, u.class`);
  const usedKeysStmt = db.prepare(`SELECT k.plan, count(DISTINCT u.key_id) AS keys
    FROM usage_counters u JOIN api_keys k ON k.id = u.key_id WHERE u.day = ? AND u.used > 0 GROUP BY k.plan`);
  const topStmt = db.prepare(`SELECT k.id, k.prefix, k.plan, k.email, k.limit_standard AS standard, k.limit_forecast_stats AS forecast_stats,
      k.limit_cheap AS cheap, k.qps, u.class, u.used
    FROM usage_counters u JOIN api_keys k ON k.id = u.key_id WHERE u.day = ? AND u.used > 0`);
  const sandboxStmt = db.prepare('SELECT coalesce(sum(used), 0) AS used, count(*) AS accounts FROM sandbox_usage WHERE day = ?');

  return {
    /** Every series: its checkpoint, source (with the source's label), last reading and rows. */
    series: () => seriesStmt.all() as SeriesRow[],
    /** The latest reading of one series at or before `ts` (s), or null. */
    latestAtOrBefore: (ppid: string, source: string, ts: number) => latestStmt.get(ppid, source, ts) as number | null,
    /** Each place dataset per source: records held and the latest import, report or crossing time. */
    datasets: (): DatasetRow[] => placeStmts.flatMap(([dataset, stmt]) =>
      (stmt.all() as Omit<DatasetRow, 'dataset'>[]).map((row) => ({ dataset, ...row }))),
    /** Keys by plan and state. */
    keyCounts: () => keysStmt.all() as { plan: string; status: 'active' | 'pending' | 'revoked'; n: number }[],
    /** The limit overrides of every key active at `nowIso`. */
    activeLimits: (nowIso: string) => limitsStmt.all(nowIso) as ({ plan: string } & LimitColumns)[],
    /** Units used on a UTC day per plan and class. */
    usedByPlan: (day: string) => usedStmt.all(day) as { plan: string; class: QuotaClass; used: number }[],
    /** Keys with any use on a UTC day, per plan. */
    keysUsedByPlan: (day: string) => usedKeysStmt.all(day) as { plan: string; keys: number }[],
    /** Every key's use on a UTC day, per class, with its limits. */
    useByKey: (day: string) => topStmt.all(day) as TopUseRow[],
    /** The portal sandbox's calls on a UTC day, and the accounts that made them. */
    sandboxDay: (day: string) => sandboxStmt.get(day) as { used: number; accounts: number },
  };
}

export type StoreFiguresRepo = ReturnType<typeof createStoreFiguresRepo>;
