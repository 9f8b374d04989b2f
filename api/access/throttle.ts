/**
 * Attempts per key in a sliding window, in memory: the portal's sign-up and log-in links (per client
 * address and per e-mail address) and the dashboard's wrong tokens (per client address). A key at its
 * limit is refused until its oldest attempt in the window has aged out.
 */
export interface Throttle {
  /** Records an attempt for `key` unless it is at its limit; says whether it was within the limit. */
  allow(key: string, nowMs: number): boolean;
  /** Records an attempt for `key` (a failure to count), whatever the limit. */
  record(key: string, nowMs: number): void;
  /** Seconds until `key` may try again; 0 when it may now. */
  blockedForS(key: string, nowMs: number): number;
}

export function createThrottle(max: number, windowMs = 3_600_000): Throttle {
  const attempts = new Map<string, number[]>();
  let sweptAt = 0;
  /** The attempts of `key` still in the window (forgetting, now and then, keys with none). */
  const recent = (key: string, nowMs: number): number[] => {
    if (nowMs - sweptAt > windowMs) {
      for (const [k, times] of attempts) if (times.at(-1)! <= nowMs - windowMs) attempts.delete(k);
      sweptAt = nowMs;
    }
    const times = (attempts.get(key) ?? []).filter((t) => t > nowMs - windowMs);
    if (times.length > 0) attempts.set(key, times);
    else attempts.delete(key);
    return times;
  };
  const record = (key: string, nowMs: number) => void attempts.set(key, [...recent(key, nowMs), nowMs]);
  const blockedForS = (key: string, nowMs: number) => {
    const times = recent(key, nowMs);
    return times.length < max ? 0 : Math.ceil((times[times.length - max]! + windowMs - nowMs) / 1000);
  };
  return {
    allow(key, nowMs) {
      if (blockedForS(key, nowMs) > 0) return false;
      record(key, nowMs);
      return true;
    },
    record,
    blockedForS,
  };
}
