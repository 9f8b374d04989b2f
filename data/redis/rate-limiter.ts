/**
 * The per-second limit in Redis, shared by every instance: a token bucket per id (capacity = rate, refilled
 * continuously) updated by one Lua script on the Redis clock. Failures are RedisUnavailableError (link.ts).
 */
import type { RateDecision, RateLimiter } from '../../models/access.js';
import type { RedisLink } from './link.js';
import { REDIS_PREFIX } from './quota-store.js';
import { TAKE } from './scripts.js';

export function createRedisRateLimiter(link: RedisLink, prefix = REDIS_PREFIX): RateLimiter {
  link.register(TAKE);
  return {
    async take(id, ratePerS): Promise<RateDecision> {
      const [allowed, remaining, waitMs] = (await link.eval(TAKE, [`${prefix}rl:${id}`], [ratePerS])) as [number, number, number];
      return { allowed: allowed === 1, remaining: Number(remaining), retryAfterS: allowed === 1 ? 0 : Number(waitMs) / 1000 };
    },
  };
}
