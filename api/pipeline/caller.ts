/**
 * Who is calling, decided the same way on every transport from the credential the transport read
 * (`Bearer <secret>`): the internal operator token (internal tools: not metered, not limited, counted in
 * metrics) or an API key (authenticated, limited, metered). Public products need neither.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ServiceError } from '../../models/errors.js';
import { bearerToken, readAuthorization, type Principal } from '../access/authenticate.js';
import type { OperatorFailures } from '../access/operator-failures.js';
import type { Deps } from '../deps.js';

export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'internal' }
  | { kind: 'key'; principal: Principal }
  /** A logged-in portal account trying products in the sandbox: its own daily allowance, not a key's. */
  | { kind: 'sandbox'; principal: Principal };

export type CallerKind = Caller['kind'];

const ANONYMOUS: Caller = Object.freeze({ kind: 'anonymous' });
const INTERNAL: Caller = Object.freeze({ kind: 'internal' });

/** True when `authorization` is `Bearer <the internal token>` (scheme in any case, 1+ spaces; constant-time comparison). */
export function isInternalToken(authorization: string | undefined, internalToken: string | null): boolean {
  if (!internalToken) return false;
  const token = bearerToken(authorization);
  if (token === null) return false;
  const given = Buffer.from(token);
  const expected = Buffer.from(internalToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The credential of an HTTP transport (REST, MCP) as `Bearer <key>`: a Bearer `Authorization` as sent, else
 * `X-API-Key: <key>` (the established service's header, docs/migrating.md), else an `Authorization` of another
 * scheme as sent (`Basic ...`, which carries no key: `missing_api_key`); undefined without any.
 */
export function headerCredential(headers: IncomingHttpHeaders): string | undefined {
  const { authorization } = headers;
  if (authorization !== undefined && readAuthorization(authorization).bearer) return authorization;
  const apiKey = headers['x-api-key'];
  return typeof apiKey === 'string' && apiKey !== '' ? `Bearer ${apiKey}` : authorization;
}

/** True when `credential` is a Bearer credential (possibly with no key): another scheme lets a later form (`?key=`) speak. */
export const isBearerCredential = (credential: string | undefined): boolean => credential !== undefined && readAuthorization(credential).bearer;

/**
 * The one check of the operator's routes that are not products (the admin routes, `/metrics`): returns
 * for `Bearer <the internal token>`, else throws. The rule, the same for every such route:
 *  - no internal token configured: 404 `not_found` (`unknown_path`), as if the route did not exist (there
 *    is no operator, so nothing to authenticate as; whatever the request sends);
 *  - an address with too many wrong tokens (`failures`, shared with the dashboard's log-in): 429
 *    `qps_exceeded` (`too_many_failed_authentications`) before the token is compared, right or wrong;
 *  - no `Authorization`: 401 `missing_api_key`, naming `what` needs the token;
 *  - any other credential (an API key too): 403 `forbidden` (`operator_only`), counted as a wrong token.
 * `what` names the routes in a sentence: `Operator routes`, `Metrics`.
 */
export function requireOperator(
  authorization: string | undefined,
  internalToken: string | null,
  what: string,
  guard: { failures: OperatorFailures; address: string },
): void {
  if (!internalToken) throw new ServiceError('not_found', 'Nothing lives at this address.', { reason: 'unknown_path' });
  const waitS = guard.failures.blockedForS(guard.address);
  if (waitS > 0) {
    throw new ServiceError('qps_exceeded', 'Too many wrong internal tokens from this address; wait before retrying.', {
      reason: 'too_many_failed_authentications', retryAfterS: waitS,
    });
  }
  if (isInternalToken(authorization, internalToken)) return;
  if (authorization === undefined) throw new ServiceError('missing_api_key', `${what} need the internal token: Authorization: Bearer <token>.`);
  guard.failures.failed(guard.address);
  throw new ServiceError('forbidden', `Only the operator token may use ${what.toLowerCase()}.`, { reason: 'operator_only' });
}

/**
 * The caller of a keyed product: the internal token (never from a URL: `inUrl`), else an API key (throws
 * missing/invalid_api_key).
 * A public product's caller is anonymous whatever it sends, so a bad key never breaks a public call.
 */
export function identifyCaller(deps: Deps, keyed: boolean, authorization: string | undefined, address: string, sandbox = false, inUrl = false): Caller {
  if (!keyed) return ANONYMOUS;
  // The sandbox transport sends `Session <id>` from the portal's cookie; no other transport reaches this.
  if (sandbox) return { kind: 'sandbox', principal: deps.access.sandboxPrincipal(authorization) };
  // A credential from a URL (REST's ?key=) is only ever an API key: the internal token there would be
  // written to every access log and proxy log on the way, so it is refused like any malformed key.
  if (!inUrl && isInternalToken(authorization, deps.settings.internalToken)) return INTERNAL;
  return { kind: 'key', principal: deps.access.authenticate(authorization, address) };
}
