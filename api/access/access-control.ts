/**
 * Access control for keyed products: authenticate a key, take a per-second token, then meter the daily
 * quota. The contract's counting rule lives here: a call that passed authentication counts when it
 * ends in 2xx or 4xx other than 429; 429 and 5xx do not (a 5xx gives its units back). The request
 * pipeline is the only caller; transports never touch it.
 */
import type { QuotaStore, RateLimiter } from '../../models/access.js';
import type { QuotaClass, Usage } from '../../models/envelope.js';
import { ServiceError } from '../../models/errors.js';
import type { Authenticator, Principal } from './authenticate.js';
import { nextUtcMidnight, utcDay } from './plans.js';
import { policyHeader, rateLimitHeader } from './rate-limit-headers.js';

export interface AccessControlParts {
  authenticator: Authenticator;
  quota: QuotaStore;
  limiter: RateLimiter;
  now: () => Date;
  /** Told about each admitted use (for last-used bookkeeping off the request path). */
  onUse?: (keyId: number, at: Date) => void;
}

/** One keyed call's account: charge once, settle on error, report usage and headers. */
export interface Meter {
  principal: Principal;
  /** Consumes `cost` units or throws quota_exceeded (refused whole). */
  charge(cost: number): Promise<Usage>;
  /** The usage as it stands, for a call answered without being counted (HEAD, 304). */
  peek(): Promise<Usage>;
  /** Applies the counting rule to a failed call (by its HTTP status) and returns the error to send. */
  settle(err: ServiceError): Promise<ServiceError>;
  usage: Usage | null;
  headers(): Record<string, string>;
}

export function createAccessControl(parts: AccessControlParts) {
  return {
    /** The key's principal; throws 401/403 (or 429 for an address with too many failures). */
    authenticate(authorization: string | undefined, address: string): Principal {
      return parts.authenticator.authenticate(authorization, address);
    },

    /** Takes a per-second token (throws 429 qps_exceeded) and opens the call's meter on `quotaClass`. */
    async admit(principal: Principal, quotaClass: QuotaClass): Promise<Meter> {
      const now = parts.now();
      const rate = await parts.limiter.take(`key:${principal.keyId}`, principal.limits.qps, now.getTime());
      const policy = policyHeader(principal.limits, quotaClass);
      if (!rate.allowed) {
        throw new ServiceError('qps_exceeded', `More than ${principal.limits.qps} requests per second for this key.`, {
          retryAfterS: rate.retryAfterS,
          headers: { 'RateLimit-Policy': policy, RateLimit: rateLimitHeader('qps', 0, rate.retryAfterS) },
        });
      }
      parts.onUse?.(principal.keyId, now);
      const day = utcDay(now);
      const resetsAt = nextUtcMidnight(now);
      const resetsAtIso = resetsAt.toISOString();
      const limit = principal.limits.daily[quotaClass];
      const secondsToReset = (resetsAt.getTime() - now.getTime()) / 1000;
      let charged = 0;

      const usageOf = (used: number): Usage => ({
        requests_today: used, limit_today: limit, remaining: Math.max(0, limit - used), class: quotaClass, resets_at: resetsAtIso,
      });

      const meter: Meter = {
        principal,
        usage: null,
        async charge(cost) {
          const result = await parts.quota.consume(principal.keyId, day, quotaClass, cost, limit);
          meter.usage = usageOf(result.used);
          if (!result.admitted) {
            throw new ServiceError('quota_exceeded',
              `The daily ${quotaClass} quota (${limit}) has ${Math.max(0, limit - result.used)} units left; this call costs ${cost}.`,
              { retryAfterS: secondsToReset, reason: cost > limit - result.used && result.used < limit ? 'cost_exceeds_remaining' : 'quota_spent' });
          }
          charged = cost;
          return meter.usage;
        },
        async peek() {
          meter.usage = usageOf(await parts.quota.used(principal.keyId, day, quotaClass));
          return meter.usage;
        },
        async settle(err) {
          if (charged > 0 && err.status >= 500) {
            await parts.quota.refund(principal.keyId, day, quotaClass, charged);
            meter.usage = usageOf(Math.max(0, (meter.usage?.requests_today ?? charged) - charged));
            charged = 0;
          } else if (charged === 0 && err.status >= 400 && err.status < 500 && err.status !== 429) {
            try {
              await meter.charge(1);
            } catch (quotaError) {
              return quotaError as ServiceError;
            }
          }
          return err;
        },
        /** `RateLimit` only once the counter has been read or written: it never guesses. */
        headers(): Record<string, string> {
          return meter.usage === null
            ? { 'RateLimit-Policy': policy }
            : { 'RateLimit-Policy': policy, RateLimit: rateLimitHeader(quotaClass, meter.usage.remaining, secondsToReset) };
        },
      };
      return meter;
    },
  };
}

export type AccessControl = ReturnType<typeof createAccessControl>;
