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
import { createOperatorFailures } from './operator-failures.js';
import { nextUtcMidnight, utcDay } from './plans.js';
import { policyHeader, rateLimitHeader } from './rate-limit-headers.js';

export interface AccessControlParts {
  authenticator: Authenticator;
  quota: QuotaStore;
  limiter: RateLimiter;
  now: () => Date;
  /** The sandbox's allowance per portal account and UTC day (the account's calls, whatever their cost). */
  sandbox?: { quota: QuotaStore; accountOf: (sessionSecret: string) => { id: number; verified: boolean } | null };
  /** Told about each admitted use (for last-used bookkeeping off the request path). */
  onUse?: (keyId: number, atMs: number) => void;
}

/** The UTC day of an instant and when it ends, recomputed only when the clock leaves it. */
interface DayWindow {
  day: string;
  startMs: number;
  resetsAtMs: number;
  resetsAtIso: string;
}

function dayWindowOf(nowMs: number): DayWindow {
  const resetsAtMs = nextUtcMidnight(new Date(nowMs)).getTime();
  return { day: utcDay(new Date(nowMs)), startMs: resetsAtMs - 86_400_000, resetsAtMs, resetsAtIso: new Date(resetsAtMs).toISOString() };
}

/**
 * One keyed call's account: charge once, settle on error, report usage and headers. A class, not a
 * bundle of closures: one is made per keyed request.
 */
export class Meter {
  usage: Usage | null = null;
  private charged = 0;

  constructor(
    readonly principal: Principal,
    private readonly quota: QuotaStore,
    private readonly quotaClass: QuotaClass,
    private readonly window: DayWindow,
    private readonly nowMs: number,
  ) {}

  private get limit(): number {
    return this.principal.limits.daily[this.quotaClass];
  }

  private usageOf(used: number): Usage {
    const limit = this.limit;
    const remaining = Math.max(0, limit - used);
    const resetsAt = this.window.resetsAtIso;
    // `used`, `limit` and `reset` are the established service's names for the same figures (docs/migrating.md).
    return { requests_today: used, limit_today: limit, remaining, class: this.quotaClass, resets_at: resetsAt, used, limit, reset: resetsAt };
  }

  /** The quota_exceeded of a call costing `cost` when `used` units are used. */
  private refusal(cost: number, used: number): ServiceError {
    const limit = this.limit;
    return new ServiceError('quota_exceeded',
      `The daily ${this.quotaClass} quota (${limit}) has ${Math.max(0, limit - used)} units left; this call costs ${cost}.`,
      { retryAfterS: (this.window.resetsAtMs - this.nowMs) / 1000, reason: cost > limit - used && used < limit ? 'cost_exceeds_remaining' : 'quota_spent' });
  }

  /** Consumes `cost` units or throws quota_exceeded (refused whole). */
  async charge(cost: number): Promise<Usage> {
    const result = await this.quota.consume(this.principal.keyId, this.window.day, this.quotaClass, cost, this.limit);
    this.usage = this.usageOf(result.used);
    if (!result.admitted) throw this.refusal(cost, result.used);
    this.charged = cost;
    return this.usage;
  }

  /** The usage as it stands, for a call answered without being counted (HEAD, 304). */
  async peek(): Promise<Usage> {
    this.usage = this.usageOf(await this.quota.used(this.principal.keyId, this.window.day, this.quotaClass));
    return this.usage;
  }

  /**
   * The usage as it stands, or the quota_exceeded `charge(cost)` would throw now, consuming nothing: a call
   * answered like a counted one without being counted (HEAD).
   */
  async check(cost: number): Promise<Usage> {
    const usage = await this.peek();
    if (usage.requests_today + cost > this.limit) throw this.refusal(cost, usage.requests_today);
    return usage;
  }

  /**
   * Applies the counting rule to a failed call (by its HTTP status) and returns the error to send. An
   * uncounted call (`counted` false: HEAD) consumes nothing, and gets the error the counted call would.
   */
  async settle(err: ServiceError, counted = true): Promise<ServiceError> {
    if (!counted) {
      if (this.charged === 0 && err.status >= 400 && err.status < 500 && err.status !== 429) {
        try {
          await this.check(1);
        } catch (quotaError) {
          return quotaError as ServiceError;
        }
      }
      return err;
    }
    if (this.charged > 0 && err.status >= 500) {
      await this.quota.refund(this.principal.keyId, this.window.day, this.quotaClass, this.charged);
      this.usage = this.usageOf(Math.max(0, (this.usage?.requests_today ?? this.charged) - this.charged));
      this.charged = 0;
    } else if (this.charged === 0 && err.status >= 400 && err.status < 500 && err.status !== 429) {
      try {
        await this.charge(1);
      } catch (quotaError) {
        return quotaError as ServiceError;
      }
    }
    return err;
  }

  /**
   * `RateLimit-Policy`, and `RateLimit` once the counter has been read or written: it never guesses. Beside
   * them the established service's `X-Devapi-Limit`, `X-Devapi-Units` (units this call cost: 0 when it was
   * not counted or was refunded) and, once the counter is known, `X-Devapi-Remaining`.
   */
  headers(): Record<string, string> {
    const policy = policyHeader(this.principal.limits, this.quotaClass);
    const limit = String(this.limit);
    const units = String(this.charged);
    return this.usage === null
      ? { 'ratelimit-policy': policy, 'x-devapi-limit': limit, 'x-devapi-units': units }
      : {
        'ratelimit-policy': policy, ratelimit: rateLimitHeader(this.quotaClass, this.usage.remaining, (this.window.resetsAtMs - this.nowMs) / 1000),
        'x-devapi-limit': limit, 'x-devapi-remaining': String(this.usage.remaining), 'x-devapi-units': units,
      };
  }
}

/**
 * Sandbox calls per portal account per UTC day (all products together), and per second: the daily
 * allowance bounds a session's use; the per-second limit only keeps a script from firing it all at once.
 */
export const SANDBOX_CALLS_PER_DAY = 50;
const SANDBOX_LIMITS = Object.freeze({
  daily: Object.freeze({ standard: SANDBOX_CALLS_PER_DAY, forecast_stats: SANDBOX_CALLS_PER_DAY, cheap: SANDBOX_CALLS_PER_DAY }),
  qps: 10,
});


export function createAccessControl(parts: AccessControlParts) {
  let window = dayWindowOf(parts.now().getTime());
  return {
    /** Wrong internal tokens per client address, for every operator check (`requireOperator`, the dashboard's log-in). */
    operatorFailures: createOperatorFailures(parts.now),

    /** The key's principal; throws 401/403 (or 429 for an address with too many failures). */
    authenticate(authorization: string | undefined, address: string): Principal {
      return parts.authenticator.authenticate(authorization, address);
    },

    /** The principal of a portal session in the sandbox (`Session <id>`); throws 401 when there is none. */
    sandboxPrincipal(authorization: string | undefined): Principal {
      const secret = authorization?.startsWith('Session ') ? authorization.slice(8) : '';
      const account = secret && parts.sandbox ? parts.sandbox.accountOf(secret) : null;
      if (!account || !account.verified) throw new ServiceError('missing_api_key', 'Log in to the developer portal to use the sandbox.');
      return { keyId: account.id, prefix: 'sandbox', plan: 'explorer', limits: SANDBOX_LIMITS, sandbox: true };
    },

    /** Takes a per-second token (throws 429 qps_exceeded) and opens the call's meter on `quotaClass`. */
    async admit(principal: Principal, quotaClass: QuotaClass): Promise<Meter> {
      const nowMs = parts.now().getTime();
      const rate = await parts.limiter.take(`${principal.sandbox ? 'sandbox' : 'key'}:${principal.keyId}`, principal.limits.qps, nowMs);
      if (!rate.allowed) {
        throw new ServiceError('qps_exceeded', `More than ${principal.limits.qps} requests per second for this key.`, {
          retryAfterS: rate.retryAfterS,
          headers: { 'ratelimit-policy': policyHeader(principal.limits, quotaClass), ratelimit: rateLimitHeader('qps', 0, rate.retryAfterS) },
        });
      }
      if (!principal.sandbox) parts.onUse?.(principal.keyId, nowMs);
      if (nowMs >= window.resetsAtMs || nowMs < window.startMs) window = dayWindowOf(nowMs);
      return new Meter(principal, principal.sandbox ? parts.sandbox!.quota : parts.quota, quotaClass, window, nowMs);
    },
  };
}

export type AccessControl = ReturnType<typeof createAccessControl>;
