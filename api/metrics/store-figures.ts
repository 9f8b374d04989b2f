/**
 * What the store says about itself, for /metrics and the operator dashboard: how fresh each source's data
 * is, and the keys and today's quota use per plan. Read-only queries on the main connection.
 * Freshness is taken from the data itself: the latest reading of each source's series, and the latest
 * import or report time of each place dataset (importer runs are in `import_runs`: data/import-runs-repo.ts).
 */
import type { StoreFiguresRepo } from '../../data/store-figures-repo.js';
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

export function createStoreFigures(repo: StoreFiguresRepo, options: { replay: boolean }) {
  const ageOf = (latestMs: number | null, now: Date) => (latestMs === null ? null : Math.max(0, Math.round((now.getTime() - latestMs) / 1000)));

  return {
    /** Each observation source: its series, rows, and the latest reading visible now (shifted as the products shift it). */
    sources(now: Date): SourceFreshness[] {
      const nowS = Math.floor(now.getTime() / 1000);
      const bySource = new Map<string, SourceFreshness & { latestS: number | null }>();
      for (const row of repo.series()) {
        const sample = row.source.startsWith(SAMPLE_SOURCE_PREFIX);
        // The same shift as data/observations-repo.ts: whole weeks, so that the sample ends at the present.
        const shiftS = sample && options.replay && row.last_ts < nowS ? Math.ceil((nowS - row.last_ts) / WEEK_S) * WEEK_S : 0;
        // The last stored reading, unless shifting put it ahead of now: then the latest one at or before now.
        let visible: number | null = row.last_ts + shiftS;
        if (visible > nowS) {
          const stored = repo.latestAtOrBefore(row.ppid, row.source, nowS - shiftS);
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
      return repo.datasets().map((row) => {
        const ms = row.latest === null ? NaN : Date.parse(row.latest);
        return { ...row, age_s: ageOf(Number.isFinite(ms) ? ms : null, now) };
      });
    },

    /** Keys by plan and state, today's use per plan and class against the sum of the active keys' limits. */
    plans(now: Date): PlanFigures[] {
      const day = utcDay(now);
      const figures = new Map<Plan, PlanFigures>(PLANS.map((plan) => [plan, {
        plan, keys: { active: 0, pending: 0, revoked: 0 }, keys_used_today: 0,
        quota: QUOTA_CLASSES.map((cls) => ({ class: cls, used: 0, limit: 0 })),
      }]));
      for (const row of repo.keyCounts()) {
        const f = figures.get(row.plan as Plan);
        if (f) f.keys[row.status] += row.n;
      }
      for (const row of repo.activeLimits(now.toISOString())) {
        const f = figures.get(row.plan as Plan);
        if (!f) continue;
        const limits = limitsFor(row.plan as Plan, row).daily;
        for (const q of f.quota) q.limit += limits[q.class];
      }
      for (const row of repo.usedByPlan(day)) {
        const q = figures.get(row.plan as Plan)?.quota.find((c) => c.class === row.class);
        if (q) q.used += row.used;
      }
      for (const row of repo.keysUsedByPlan(day)) {
        const f = figures.get(row.plan as Plan);
        if (f) f.keys_used_today = row.keys;
      }
      return [...figures.values()];
    },

    /** The keys that used the most of a daily limit today, most first. */
    topKeys(now: Date, limit = 10): TopKey[] {
      const byKey = new Map<number, TopKey>();
      for (const row of repo.useByKey(utcDay(now))) {
        const plan = row.plan as Plan;
        let key = byKey.get(row.id);
        if (!key) byKey.set(row.id, (key = { prefix: row.prefix, plan, email: row.email, used: { standard: 0, forecast_stats: 0, cheap: 0 }, share: 0 }));
        key.used[row.class] = row.used;
        const cap = limitsFor(plan, row).daily[row.class];
        if (cap > 0) key.share = Math.max(key.share, row.used / cap);
      }
      return [...byKey.values()].sort((a, b) => b.share - a.share || a.prefix.localeCompare(b.prefix)).slice(0, limit);
    },

    /** The portal sandbox's calls today, and the accounts that made them. */
    sandbox(now: Date): { used: number; accounts: number } {
      return repo.sandboxDay(utcDay(now));
    },
  };
}

export type StoreFigures = ReturnType<typeof createStoreFigures>;
