/**
 * Attempts per key in a sliding window, in memory: the portal's sign-up and log-in links (per client
 * address and per e-mail address) and wrong internal tokens (per client address: `operator-failures.ts`).
 * A key at its limit is refused until its oldest attempt in the window has aged out.
 *
 * Memory is bounded whatever a client sends: a key keeps only its last `max` attempts (the only ones the
 * limit reads), and at most `maxKeys` keys are held, the least recently seen forgotten first (a flood of
 * new addresses or e-mail addresses, easy with IPv6, cannot grow it without end; it can only make the
 * throttle forget the keys it saw longest ago).
 */
import { boundedCache } from '../../models/bounded-cache.js';

export interface Throttle {
  /** Records an attempt for `key` unless it is at its limit; says whether it was within the limit. */
  allow(key: string, nowMs: number): boolean;
  /** Records an attempt for `key` (a failure to count), whatever the limit. */
  record(key: string, nowMs: number): void;
  /** Seconds until `key` may try again; 0 when it may now. */
  blockedForS(key: string, nowMs: number): number;
  /** Keys held now, and attempts held over all of them (for tests of the bounds). */
  readonly size: number;
  readonly held: number;
}

export function createThrottle(max: number, windowMs = 3_600_000, { maxKeys = 100_000 }: { maxKeys?: number } = {}): Throttle {
  const attempts = boundedCache<string, number[]>(maxKeys);
  /** The attempts of `key` still in the window (a key with none is forgotten). */
  const recent = (key: string, nowMs: number): number[] => {
    const times = (attempts.get(key) ?? []).filter((t) => t > nowMs - windowMs);
    if (times.length > 0) attempts.set(key, times);
    else attempts.delete(key);
    return times;
  };
  const record = (key: string, nowMs: number) => void attempts.set(key, [...recent(key, nowMs), nowMs].slice(-max));
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
    get size() {
      return attempts.size;
    },
    get held() {
      let n = 0;
      for (const times of attempts.values()) n += times.length;
      return n;
    },
  };
}
