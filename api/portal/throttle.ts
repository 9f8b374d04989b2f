/**
 * Attempts per key in a sliding hour, in memory (the portal's sign-up and log-in limits, per client
 * address and per e-mail address). A key over its limit is refused until its oldest attempt is an hour old.
 */
export interface Throttle {
  /** Records an attempt for `key` and says whether it is within the limit. */
  allow(key: string, nowMs: number): boolean;
}

export function createThrottle(perHour: number, windowMs = 3_600_000): Throttle {
  const attempts = new Map<string, number[]>();
  let sweptAt = 0;
  return {
    allow(key, nowMs) {
      if (nowMs - sweptAt > windowMs) {
        // Forget keys with nothing in the window, so the map does not grow without bound.
        for (const [k, times] of attempts) if (times.at(-1)! <= nowMs - windowMs) attempts.delete(k);
        sweptAt = nowMs;
      }
      const times = (attempts.get(key) ?? []).filter((t) => t > nowMs - windowMs);
      if (times.length >= perHour) {
        attempts.set(key, times);
        return false;
      }
      times.push(nowMs);
      attempts.set(key, times);
      return true;
    },
  };
}
