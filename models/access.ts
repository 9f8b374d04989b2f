/**
 * The seams of access control: the daily counter store and the per-second limiter. The embedded
 * implementations (SQLite, in-memory) are the defaults; a shared store (Redis) for several instances
 * can implement the same interfaces without any operation changing.
 */
import type { QuotaClass } from './envelope.js';

export interface ConsumeResult {
  admitted: boolean;
  /** Units used today after this call (when admitted) or as they stand (when refused). */
  used: number;
}

export interface QuotaStore {
  /** Atomically adds `cost` to the counter unless that would pass `limit`; all or nothing; durable when it resolves. */
  consume(keyId: number, day: string, quotaClass: QuotaClass, cost: number, limit: number): Promise<ConsumeResult>;
  /** Gives back units of a call that is not to count (it failed with a 5xx). */
  refund(keyId: number, day: string, quotaClass: QuotaClass, cost: number): Promise<void>;
  /** Units used so far today (calls that are answered without being counted report it). */
  used(keyId: number, day: string, quotaClass: QuotaClass): Promise<number>;
}

export interface RateDecision {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until a token is available (when refused). */
  retryAfterS: number;
}

export interface RateLimiter {
  /** Takes one token from `id`'s bucket of `ratePerS` tokens (capacity = rate, refilled continuously). */
  take(id: string, ratePerS: number, nowMs: number): Promise<RateDecision>;
}
