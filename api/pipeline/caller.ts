/**
 * Who is calling, decided the same way on every transport from the credential the transport read
 * (`Bearer <secret>`): the internal operator token (internal tools: not metered, not limited, counted in
 * metrics) or an API key (authenticated, limited, metered). Public products need neither.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Principal } from '../access/authenticate.js';
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

/** True when `authorization` is `Bearer <the internal token>` (constant-time comparison). */
export function isInternalToken(authorization: string | undefined, internalToken: string | null): boolean {
  if (!internalToken || authorization === undefined || !authorization.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice(7));
  const expected = Buffer.from(internalToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The caller of a keyed product: the internal token, else an API key (throws missing/invalid_api_key).
 * A public product's caller is anonymous whatever it sends, so a bad key never breaks a public call.
 */
export function identifyCaller(deps: Deps, keyed: boolean, authorization: string | undefined, address: string, sandbox = false): Caller {
  if (!keyed) return ANONYMOUS;
  // The sandbox transport sends `Session <id>` from the portal's cookie; no other transport reaches this.
  if (sandbox) return { kind: 'sandbox', principal: deps.access.sandboxPrincipal(authorization) };
  if (isInternalToken(authorization, deps.settings.internalToken)) return INTERNAL;
  return { kind: 'key', principal: deps.access.authenticate(authorization, address) };
}
