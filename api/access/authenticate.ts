/**
 * Authentication of `Authorization: Bearer <key>` (RFC 7235: the scheme in any case, one or more spaces; no
 * Bearer credential is `missing_api_key`). A malformed key (shape or checksum) is refused
 * without a store lookup; positive lookups are cached for `cacheTtlMs` (the revocation latency); an
 * address with too many failures gets 429 for its further failures for a while, but its valid keys
 * keep working (one client behind a shared address cannot lock the others out).
 */
import { boundedCache } from '../../models/bounded-cache.js';
import type { KeyRecord, KeysRepo } from '../../data/keys-repo.js';
import { ServiceError } from '../../models/errors.js';
import { digestKey, isWellFormedKey } from './key-format.js';
import { limitsFor, type PlanLimits } from './plans.js';

/** How long a revoked key may keep working: the lifetime of a cached positive lookup. */
export const REVOCATION_LATENCY_MS = 5_000;
export const MISSING_KEY_MESSAGE =
  'This product needs an API key: send Authorization: Bearer <key> (preferred), or X-API-Key: <key>, or ?key=<key> in the query string.';
export const FAILED_AUTH_LIMIT = { max: 20, windowMs: 60_000 };

export interface Principal {
  keyId: number;
  prefix: string;
  plan: KeyRecord['plan'];
  limits: PlanLimits;
  /** A developer-portal account calling through the sandbox (keyId is then the account's id). */
  sandbox?: true;
}

export interface AuthenticatorOptions {
  keys: Pick<KeysRepo, 'findByDigest'>;
  now: () => Date;
  cacheTtlMs?: number;
  failedAuth?: { max: number; windowMs: number };
}

/**
 * An `Authorization` header read as RFC 7235 credentials (`auth-scheme [ 1*SP token68 ]`): the scheme
 * case-insensitive, one or more spaces (or tabs) before the credential. `bearer` is false for another scheme
 * (`Basic ...`); `token` is what follows the scheme (empty when nothing does), to be checked as a key.
 */
export function readAuthorization(header: string): { bearer: boolean; token: string } {
  const match = /^([^\s]+)(?:[ \t]+(.*))?$/s.exec(header.trim());
  if (!match) return { bearer: false, token: '' };
  return { bearer: match[1]!.toLowerCase() === 'bearer', token: (match[2] ?? '').trim() };
}

/** The key of `Bearer <key>` (any case, 1+ spaces), or null for another scheme or no credential at all. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const { bearer, token } = readAuthorization(header);
  return bearer && token !== '' ? token : null;
}

const invalid = (message: string) => new ServiceError('invalid_api_key', message);
const forbidden = (message: string, reason: string) => new ServiceError('invalid_api_key', message, { status: 403, reason });

export function createAuthenticator(options: AuthenticatorOptions) {
  const ttlMs = options.cacheTtlMs ?? REVOCATION_LATENCY_MS;
  const limit = options.failedAuth ?? FAILED_AUTH_LIMIT;
  const positive = boundedCache<string, { principal: Principal; atMs: number; expiresAtMs: number | null }>(50_000);
  const failures = boundedCache<string, { count: number; sinceMs: number }>(50_000);

  /**
   * Counts a failure against the address; once it has `limit.max` failures within the window, its failures
   * are answered 429 instead (a valid key from the same address still passes: the limit is on failures).
   */
  function fail(address: string, nowMs: number, error: ServiceError): never {
    const blocked = failures.get(address);
    if (blocked && blocked.count >= limit.max && nowMs - blocked.sinceMs <= limit.windowMs) {
      throw new ServiceError('qps_exceeded', 'Too many failed authentications from this address; wait before retrying.', {
        reason: 'too_many_failed_authentications',
        retryAfterS: Math.ceil((blocked.sinceMs + limit.windowMs - nowMs) / 1000),
      });
    }
    const entry = failures.get(address);
    if (!entry || nowMs - entry.sinceMs > limit.windowMs) failures.set(address, { count: 1, sinceMs: nowMs });
    else entry.count++;
    throw error;
  }

  function checkRecord(record: KeyRecord, nowMs: number): void {
    if (record.status === 'revoked') throw forbidden('This API key has been revoked.', 'revoked');
    if (record.status === 'pending') throw forbidden('This API key is waiting for its e-mail address to be verified.', 'unverified');
    if (record.expires_at !== null && Date.parse(record.expires_at) <= nowMs) throw forbidden('This API key has expired.', 'expired');
  }

  return {
    /** The principal for an Authorization header; throws missing/invalid_api_key (401/403) or a 429. */
    authenticate(header: string | undefined, address: string): Principal {
      const nowMs = options.now().getTime();
      // The message names every form a transport accepts (REST takes all three; docs/migrating.md).
      if (header === undefined || header === '') throw new ServiceError('missing_api_key', MISSING_KEY_MESSAGE);
      // Hits are looked up by the header as sent (it is in memory with the request anyway): a cached key
      // costs no checksum and no digest (two SHA-256 per call, measured at 7 % of a cached keyed request).
      const cached = positive.get(header);
      if (cached && nowMs - cached.atMs < ttlMs && (cached.expiresAtMs === null || nowMs < cached.expiresAtMs)) return cached.principal;
      // No Bearer credential is no API key (contract: missing_api_key): another scheme (`Basic`), or `Bearer` alone.
      const key = bearerToken(header);
      if (key === null) {
        const scheme = readAuthorization(header);
        throw new ServiceError('missing_api_key', scheme.bearer
          ? `${MISSING_KEY_MESSAGE} The Authorization header names no key after Bearer.`
          : `${MISSING_KEY_MESSAGE} The Authorization header sent is not a Bearer credential (another scheme, or no scheme).`);
      }
      const digest = isWellFormedKey(key) ? digestKey(key) : null;

      if (digest === null) fail(address, nowMs, invalid('The API key is malformed: send Authorization: Bearer <key>.'));
      const record = options.keys.findByDigest(digest);
      if (!record) fail(address, nowMs, invalid('The API key is not known.'));
      try {
        checkRecord(record, nowMs);
      } catch (err) {
        positive.delete(header);
        fail(address, nowMs, err as ServiceError);
      }
      const principal: Principal = {
        keyId: record.id,
        prefix: record.prefix,
        plan: record.plan,
        limits: limitsFor(record.plan, {
          standard: record.limit_standard, forecast_stats: record.limit_forecast_stats, cheap: record.limit_cheap, qps: record.qps,
        }),
      };
      positive.set(header, { principal, atMs: nowMs, expiresAtMs: record.expires_at === null ? null : Date.parse(record.expires_at) });
      return principal;
    },

    // --- scale-out (issue 21): a change notice from another instance ---
    /**
     * Drops the cached lookups of these keys (all of them without `keyIds`), so their next call reads the
     * store again: a key revoked or changed elsewhere takes effect at once instead of after `cacheTtlMs`.
     */
    forget(keyIds?: readonly number[]): void {
      if (keyIds === undefined) return positive.clear();
      const ids = new Set(keyIds);
      const stale: string[] = [];
      for (const [header, entry] of positive.entries()) if (ids.has(entry.principal.keyId)) stale.push(header);
      for (const header of stale) positive.delete(header);
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
