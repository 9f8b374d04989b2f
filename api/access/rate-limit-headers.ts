/**
 * `RateLimit-Policy` and `RateLimit` in the structured-field form of the IETF ratelimit-headers
 * draft: `"standard";q=200;w=86400, "qps";q=2;w=1` and `"standard";r=57;t=3600`.
 */
import type { QuotaClass } from '../../models/envelope.js';
import type { PlanLimits } from './plans.js';

export function policyHeader(limits: PlanLimits, quotaClass: QuotaClass): string {
  return `"${quotaClass}";q=${limits.daily[quotaClass]};w=86400, "qps";q=${limits.qps};w=1`;
}

export function rateLimitHeader(name: string, remaining: number, resetS: number): string {
  return `"${name}";r=${Math.max(0, remaining)};t=${Math.max(0, Math.ceil(resetS))}`;
}
