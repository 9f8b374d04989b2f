/**
 * Plans and quota classes (contract section 1). Explorer limits are fixed; Pay As You Grow limits
 * are set per key, with these defaults when none are given.
 */
import type { QuotaClass } from '../../models/envelope.js';

export type Plan = 'explorer' | 'payg';
export const PLANS: readonly Plan[] = ['explorer', 'payg'];

export type DailyLimits = Record<QuotaClass, number>;

export interface PlanLimits {
  daily: DailyLimits;
  /** Requests per second, across all products. */
  qps: number;
}

export const EXPLORER: PlanLimits = Object.freeze({
  daily: Object.freeze({ standard: 200, forecast_stats: 50, cheap: 1_000 }),
  qps: 2,
});

export const PAYG_DEFAULTS: PlanLimits = Object.freeze({
  daily: Object.freeze({ standard: 10_000, forecast_stats: 2_000, cheap: 50_000 }),
  qps: 10,
});

export interface KeyLimitOverrides {
  standard?: number | null;
  forecast_stats?: number | null;
  cheap?: number | null;
  qps?: number | null;
}

/** The limits in force for a key: Explorer's always; Pay As You Grow's per key, else the defaults. */
export function limitsFor(plan: Plan, overrides: KeyLimitOverrides): PlanLimits {
  if (plan === 'explorer') return EXPLORER;
  return {
    daily: {
      standard: overrides.standard ?? PAYG_DEFAULTS.daily.standard,
      forecast_stats: overrides.forecast_stats ?? PAYG_DEFAULTS.daily.forecast_stats,
      cheap: overrides.cheap ?? PAYG_DEFAULTS.daily.cheap,
    },
    qps: overrides.qps ?? PAYG_DEFAULTS.qps,
  };
}

const DAY_MS = 86_400_000;

/** The UTC day a moment belongs to (`YYYY-MM-DD`): 23:59:59.999 is day D, 00:00:00.000 is D + 1. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The next UTC midnight after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
}
