/**
 * The embedded per-second limiter: a token bucket per id (capacity = rate, refilled continuously),
 * held in a bounded LRU so that idle keys cost nothing.
 */
import { boundedCache } from '../../models/bounded-cache.js';
import type { RateDecision, RateLimiter } from '../../models/access.js';

interface Bucket {
  tokens: number;
  atMs: number;
}

export function createTokenBucketLimiter(maxIds = 100_000): RateLimiter {
  const buckets = boundedCache<string, Bucket>(maxIds);
  return {
    async take(id, ratePerS, nowMs): Promise<RateDecision> {
      const bucket = buckets.get(id) ?? { tokens: ratePerS, atMs: nowMs };
      const refilled = Math.min(ratePerS, bucket.tokens + (Math.max(0, nowMs - bucket.atMs) / 1000) * ratePerS);
      if (refilled < 1) {
        buckets.set(id, { tokens: refilled, atMs: nowMs });
        return { allowed: false, remaining: 0, retryAfterS: (1 - refilled) / ratePerS };
      }
      buckets.set(id, { tokens: refilled - 1, atMs: nowMs });
      return { allowed: true, remaining: Math.floor(refilled - 1), retryAfterS: 0 };
    },
  };
}
