/**
 * Dashboard sessions: the operator types the internal token once into the log-in form; the server answers
 * with a session in an HttpOnly cookie. The token itself never reaches the page's script.
 *
 * A session is self-contained and signed: `v1.<expiry>.<nonce>.<HMAC-SHA256>`, keyed by a key derived from
 * the internal token. So every instance that shares the token (several behind a load balancer:
 * docs/scale-out.md) accepts it, a restart keeps the operator logged in, and changing BDDS_INTERNAL_TOKEN
 * ends every session at once. Logging out clears the cookie and refuses that session on this instance
 * until it would have expired. Wrong tokens are limited per client address by the one throttle of every operator check
 * (`access.operatorFailures`: /metrics and the admin routes count against it too).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A session lasts a day: the operator logs in each morning. */
export const SESSION_TTL_MS = 24 * 3_600_000;
/** Logged-out sessions remembered at most (the oldest forgotten first): a bound on memory. */
const MAX_ENDED = 10_000;

export function createDashboardSessions(now: () => Date, internalToken: string) {
  const key = createHmac('sha256', internalToken).update('bdds dashboard session v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const ended = new Map<string, number>();

  const purge = () => {
    const t = now().getTime();
    for (const [id, expiresAt] of ended) if (expiresAt <= t) ended.delete(id);
  };

  /** The expiry of a well-signed session, or null. */
  function verify(id: string | undefined): number | null {
    if (!id || id.length > 200) return null;
    const parts = id.split('.');
    if (parts.length !== 4 || parts[0] !== 'v1' || !/^[0-9a-z]{1,12}$/.test(parts[1]!)) return null;
    const given = Buffer.from(parts[3]!);
    const expected = Buffer.from(mac(parts.slice(0, 3).join('.')));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return parseInt(parts[1]!, 36);
  }

  return {
    /** A new session: the value for the cookie (shown nowhere else) and when it ends. */
    create(): { id: string; expiresAt: Date } {
      const expiresAtMs = now().getTime() + SESSION_TTL_MS;
      const payload = `v1.${expiresAtMs.toString(36)}.${randomBytes(16).toString('base64url')}`;
      return { id: `${payload}.${mac(payload)}`, expiresAt: new Date(expiresAtMs) };
    },
    /** When the session of this cookie value ends, or null when it is not a live session. */
    expiresAt(id: string | undefined): Date | null {
      const expiresAtMs = verify(id);
      if (expiresAtMs === null || expiresAtMs <= now().getTime() || ended.has(id!)) return null;
      return new Date(expiresAtMs);
    },
    /** Refuses this session from now on (on this instance; the browser's cookie is cleared too). */
    end(id: string | undefined): void {
      const expiresAtMs = verify(id);
      if (expiresAtMs === null) return;
      if (ended.size >= MAX_ENDED) purge();
      while (ended.size >= MAX_ENDED) ended.delete(ended.keys().next().value!);
      ended.set(id!, expiresAtMs);
    },
  };
}

export type DashboardSessions = ReturnType<typeof createDashboardSessions>;
