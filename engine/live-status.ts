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
 * Against the checkpoint's own typical-week cell when known (green <= p75, yellow <= 1.5 x p75,
 * red above); otherwise by wait minutes (< 60 green, < 180 yellow, red above); null when neither.
 */
export function waitStatusOf(queue: number | null, typicalP75: number | null, waitMin: number | null): WaitStatus | null {
  if (queue !== null && typicalP75 !== null) {
    if (queue <= typicalP75) return 'green';
    return queue <= 1.5 * typicalP75 ? 'yellow' : 'red';
  }
  if (waitMin === null) return null;
  if (waitMin < 60) return 'green';
  return waitMin < 180 ? 'yellow' : 'red';
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
