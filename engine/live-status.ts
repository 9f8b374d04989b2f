/**
 * The live reading of a checkpoint judged by the contract's rules: freshness bands on its age,
 * the wait (official, or estimated from the measured processing rate), wait status and trend.
 */

export type Freshness = 'fresh' | 'recent' | 'stale' | 'outdated';

/** fresh <= 30 min, recent <= 3 h, stale <= 24 h, outdated beyond. */
export function freshnessOf(ageMin: number): Freshness {
  if (ageMin <= 30) return 'fresh';
  if (ageMin <= 180) return 'recent';
  if (ageMin <= 1440) return 'stale';
  return 'outdated';
}

export interface Reading {
  ts: number;
  queue: number | null;
  wait_min: number | null;
  rate_per_h: number | null;
}

/** The official wait if the source gave one; else queue / processing rate; else null. */
export function waitOf(r: Reading): { waitMin: number | null; estimated: boolean } {
  if (r.wait_min !== null) return { waitMin: Math.round(r.wait_min), estimated: false };
  if (r.queue !== null && r.rate_per_h !== null && r.rate_per_h > 0) return { waitMin: Math.round((r.queue / r.rate_per_h) * 60), estimated: true };
  return { waitMin: null, estimated: false };
}

export type WaitStatus = 'green' | 'yellow' | 'red';

/**
 * Wait minutes below which a wait is green, and below which yellow, per vehicle type: what a driver of
 * that vehicle would call a short and a long wait. Cars (4, 5) 1 h / 3 h; buses (6) 2 h / 5 h;
 * pedestrians (7) 30 min / 90 min; trucks under 7.5 t (8) 3 h / 8 h; trucks (9) 4 h / 12 h.
 */
export const WAIT_THRESHOLDS_MIN: Readonly<Record<number, readonly [green: number, yellow: number]>> = Object.freeze({
  4: [60, 180], 5: [60, 180], 6: [120, 300], 7: [30, 90], 8: [180, 480], 9: [240, 720],
});

/**
 * How long the wait is, for the vehicle type: green below the first threshold, yellow below the second,
 * red above; null without a wait. A 65-hour truck wait is red whatever is usual at that crossing.
 */
export function waitStatusOf(waitMin: number | null, crossingType: number): WaitStatus | null {
  if (waitMin === null) return null;
  const [green, yellow] = WAIT_THRESHOLDS_MIN[crossingType] ?? WAIT_THRESHOLDS_MIN[4]!;
  if (waitMin < green) return 'green';
  return waitMin < yellow ? 'yellow' : 'red';
}

export type VsTypical = 'below' | 'usual' | 'above';

/** The current value against the typical-week cell's quartiles: below <= p25, usual <= p75, above beyond. */
export function vsTypicalOf(value: number | null, cell: { p25: number | null; p75: number | null } | null): VsTypical | null {
  if (value === null || cell === null || cell.p25 === null || cell.p75 === null) return null;
  if (value <= cell.p25) return 'below';
  return value <= cell.p75 ? 'usual' : 'above';
}

export interface Trend {
  trend_percent: number | null;
  trend_direction: 'up' | 'down' | 'stable' | null;
}

/** Three hours of trend: the current value against the latest reading at least 3 h (and at most 6 h) older. ±10 % is stable. */
export function trendOf(history: readonly Reading[], current: Reading): Trend {
  const field = current.queue !== null ? 'queue' : 'wait_min';
  const now = current[field];
  let base: number | null = null;
  for (let i = history.length - 1; i >= 0; i--) {
    const r = history[i]!;
    if (r.ts > current.ts - 3 * 3600) continue;
    if (r.ts < current.ts - 6 * 3600) break;
    if (r[field] !== null) {
      base = r[field];
      break;
    }
  }
  if (now === null || base === null) return { trend_percent: null, trend_direction: null };
  if (base === 0) return now === 0 ? { trend_percent: 0, trend_direction: 'stable' } : { trend_percent: null, trend_direction: 'up' };
  const percent = Math.round(((now - base) / base) * 1000) / 10;
  return { trend_percent: percent, trend_direction: percent > 10 ? 'up' : percent < -10 ? 'down' : 'stable' };
}
