/**
 * What the store says about itself, for /metrics and the operator dashboard: how fresh each source's data
 * is, and the keys and today's quota use per plan. Read-only queries on the main connection.
 * Freshness is taken from the data itself: the latest reading of each source's series, and the latest
 * import or report time of each place dataset (importer runs are in `import_runs`: data/import-runs-repo.ts).
 */
import type { Db } from '../../data/store.js';
import { SAMPLE_SOURCE_PREFIX, WEEK_S } from '../../data/observations-repo.js';
import { limitsFor, PLANS, utcDay, type Plan } from '../access/plans.js';
import { QuotaClass } from '../../models/envelope.js';
import { freshnessOf, type Freshness } from '../../engine/live-status.js';

export const QUOTA_CLASSES: readonly QuotaClass[] = QuotaClass.options;

export interface SourceFreshness {
  source: string;
  label: string;
  category: string;
  /** `replay` for the bundled sample in demo replay, `imported` or `live` otherwise (as readings are labelled). */
  kind: 'replay' | 'imported' | 'live' | 'recorded';
  series: number;
  rows: number;
  /** The latest reading shown at `now` (shifted like the products in replay), ISO; null when none is visible yet. */
  latest: string | null;
  age_s: number | null;
  /** The service's freshness bands (README), null without a reading. */
  freshness: Freshness | null;
}

export interface DatasetFreshness {
  dataset: string;
  source: string;
  records: number;
  /** The latest import, report or crossing time the dataset holds (ISO or a date). */
  latest: string | null;
  age_s: number | null;
}

export interface PlanFigures {
  plan: Plan;
  keys: { active: number; pending: number; revoked: number };
  /** Keys with any use today (UTC). */
  keys_used_today: number;
  /** Units used today per quota class, and the sum of the daily limits of the plan's active keys. */
  quota: { class: QuotaClass; used: number; limit: number }[];
}

export interface TopKey {
  prefix: string;
  plan: Plan;
  email: string;
  used: Record<QuotaClass, number>;
  /** The highest share of a daily limit used today (0-1). */
  share: number;
}

const PLACE_QUERIES: readonly [string, string][] = [
  ['fuel stations', 'SELECT source, count(*) AS records, max(imported_at) AS latest FROM fuel_stations GROUP BY source'],
  ['fuel prices', 'SELECT source, count(*) AS records, max(reported_at) AS latest FROM fuel_prices GROUP BY source'],
  ['national fuel prices', 'SELECT source, count(*) AS records, max(date) AS latest FROM fuel_country_prices GROUP BY source'],
  ['places', 'SELECT source, count(*) AS records, max(imported_at) AS latest FROM pois GROUP BY source'],
  ['road reports', 'SELECT source, count(*) AS records, max(updated_at) AS latest FROM road_reports GROUP BY source'],
  ['bus crossings', 'SELECT source, count(*) AS records, max(crossed_at) AS latest FROM bus_crossings GROUP BY source'],
  ['bus routes', 'SELECT source, count(*) AS records, NULL AS latest FROM bus_routes GROUP BY source'],
];

export function createStoreFigures(db: Db, options: { replay: boolean }) {
  const seriesStmt = db.prepare(`SELECT s.ppid, s.source, s.last_ts, s.rows, src.label, src.category, src.realtime
    FROM series s LEFT JOIN sources src ON src.source = s.source`);
  const latestStmt = db.prepare('SELECT max(ts) FROM observations WHERE ppid = ? AND source = ? AND ts <= ?').pluck();
  const placeStmts = PLACE_QUERIES.map(([dataset, sql]) => [dataset, db.prepare(sql)] as const);
  const keysStmt = db.prepare('SELECT plan, status, count(*) AS n FROM api_keys GROUP BY plan, status');
  const limitsStmt = db.prepare(`SELECT plan, limit_standard AS standard, limit_forecast_stats AS forecast_stats, limit_cheap AS cheap, qps
    FROM api_keys WHERE status = 'active' AND (expires_at IS NULL OR expires_at > ?)`);
  const usedStmt = db.prepare(`SELECT k.plan, u.class, sum(u.used) AS used, count(DISTINCT u.key_id) AS keys
    FROM usage_counters u JOIN api_keys k ON k.id = u.key_id WHERE u.day = ? GROUP BY k.plan, u.class`);
  const usedKeysStmt = db.prepare(`SELECT k.plan, count(DISTINCT u.key_id) AS keys
    FROM usage_counters u JOIN api_keys k ON k.id = u.key_id WHERE u.day = ? AND u.used > 0 GROUP BY k.plan`);
  const topStmt = db.prepare(`SELECT k.id, k.prefix, k.plan, k.email, k.limit_standard AS standard, k.limit_forecast_stats AS forecast_stats,
      k.limit_cheap AS cheap, k.qps, u.class, u.used
    FROM usage_counters u JOIN api_keys k ON k.id = u.key_id WHERE u.day = ? AND u.used > 0`);
  const sandboxStmt = db.prepare('SELECT coalesce(sum(used), 0) AS used, count(*) AS accounts FROM sandbox_usage WHERE day = ?');

  const ageOf = (latestMs: number | null, now: Date) => (latestMs === null ? null : Math.max(0, Math.round((now.getTime() - latestMs) / 1000)));

  return {
    /** Each observation source: its series, rows, and the latest reading visible now (shifted as the products shift it). */
    sources(now: Date): SourceFreshness[] {
      const nowS = Math.floor(now.getTime() / 1000);
      const bySource = new Map<string, SourceFreshness & { latestS: number | null }>();
      for (const row of seriesStmt.all() as { ppid: string; source: string; last_ts: number; rows: number; label: string | null; category: string | null; realtime: number | null }[]) {
        const sample = row.source.startsWith(SAMPLE_SOURCE_PREFIX);
        // The same shift as data/observations-repo.ts: whole weeks, so that the sample ends at the present.
        const shiftS = sample && options.replay && row.last_ts < nowS ? Math.ceil((nowS - row.last_ts) / WEEK_S) * WEEK_S : 0;
        // The last stored reading, unless shifting put it ahead of now: then the latest one at or before now.
        let visible: number | null = row.last_ts + shiftS;
        if (visible > nowS) {
          const stored = latestStmt.get(row.ppid, row.source, nowS - shiftS) as number | null;
          visible = stored === null ? null : stored + shiftS;
        }
        let entry = bySource.get(row.source);
        if (!entry) {
          entry = {
            source: row.source, label: row.label ?? row.source, category: row.category ?? 'import',
            kind: sample ? (options.replay ? 'replay' : 'recorded') : row.realtime ? 'live' : 'imported',
            series: 0, rows: 0, latest: null, age_s: null, freshness: null, latestS: null,
          };
          bySource.set(row.source, entry);
        }
        entry.series++;
        entry.rows += row.rows;
        if (visible !== null && (entry.latestS === null || visible > entry.latestS)) entry.latestS = visible;
      }
      return [...bySource.values()].map(({ latestS, ...e }) => {
        const age = ageOf(latestS === null ? null : latestS * 1000, now);
        return { ...e, latest: latestS === null ? null : new Date(latestS * 1000).toISOString(), age_s: age, freshness: age === null ? null : freshnessOf(age / 60) };
      }).sort((a, b) => a.source.localeCompare(b.source));
    },

    /** Each place dataset per source: records held and the latest time in it. */
    datasets(now: Date): DatasetFreshness[] {
      const out: DatasetFreshness[] = [];
      for (const [dataset, stmt] of placeStmts) {
        for (const row of stmt.all() as { source: string; records: number; latest: string | null }[]) {
          const ms = row.latest === null ? NaN : Date.parse(row.latest);
          out.push({ dataset, source: row.source, records: row.records, latest: row.latest, age_s: ageOf(Number.isFinite(ms) ? ms : null, now) });
        }
      }
      return out;
    },

    /** Keys by plan and state, today's use per plan and class against the sum of the active keys' limits. */
    plans(now: Date): PlanFigures[] {
      const day = utcDay(now);
      const figures = new Map<Plan, PlanFigures>(PLANS.map((plan) => [plan, {
        plan, keys: { active: 0, pending: 0, revoked: 0 }, keys_used_today: 0,
        quota: QUOTA_CLASSES.map((cls) => ({ class: cls, used: 0, limit: 0 })),
      }]));
      for (const row of keysStmt.all() as { plan: Plan; status: 'active' | 'pending' | 'revoked'; n: number }[]) {
        const f = figures.get(row.plan);
        if (f) f.keys[row.status] += row.n;
      }
      for (const row of limitsStmt.all(now.toISOString()) as ({ plan: Plan; qps: number | null } & Record<QuotaClass, number | null>)[]) {
        const f = figures.get(row.plan);
        if (!f) continue;
        const limits = limitsFor(row.plan, row).daily;
        for (const q of f.quota) q.limit += limits[q.class];
      }
      for (const row of usedStmt.all(day) as { plan: Plan; class: QuotaClass; used: number }[]) {
        const q = figures.get(row.plan)?.quota.find((c) => c.class === row.class);
        if (q) q.used += row.used;
      }
      for (const row of usedKeysStmt.all(day) as { plan: Plan; keys: number }[]) {
        const f = figures.get(row.plan);
        if (f) f.keys_used_today = row.keys;
      }
      return [...figures.values()];
    },

    /** The keys that used the most of a daily limit today, most first. */
    topKeys(now: Date, limit = 10): TopKey[] {
      const byKey = new Map<number, TopKey>();
      for (const row of topStmt.all(utcDay(now)) as ({ id: number; prefix: string; plan: Plan; email: string; qps: number | null; class: QuotaClass; used: number }
        & Record<QuotaClass, number | null>)[]) {
        let key = byKey.get(row.id);
        if (!key) byKey.set(row.id, (key = { prefix: row.prefix, plan: row.plan, email: row.email, used: { standard: 0, forecast_stats: 0, cheap: 0 }, share: 0 }));
        key.used[row.class] = row.used;
        const cap = limitsFor(row.plan, row).daily[row.class];
        if (cap > 0) key.share = Math.max(key.share, row.used / cap);
      }
      return [...byKey.values()].sort((a, b) => b.share - a.share || a.prefix.localeCompare(b.prefix)).slice(0, limit);
    },

    /** The portal sandbox's calls today, and the accounts that made them. */
    sandbox(now: Date): { used: number; accounts: number } {
      return sandboxStmt.get(utcDay(now)) as { used: number; accounts: number };
    },
  };
}

export type StoreFigures = ReturnType<typeof createStoreFigures>;
