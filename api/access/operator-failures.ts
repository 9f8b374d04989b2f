/**
 * Wrong internal tokens per client address: one throttle for every check of the operator's token outside
 * the product calls (the dashboard's log-in, `/metrics`, the admin routes), so a guess costs the same
 * wherever it is made. Only failures count: a right token adds nothing. An address at its limit is refused
 * before its token is compared (else the answer would still say whether a guess was right), for the rest
 * of the window; other addresses are untouched, so the operator's right token is never refused because
 * of someone else's guesses from another address.
 */
import { createThrottle } from './throttle.js';

export const OPERATOR_FAILURES = { max: 10, windowMs: 15 * 60_000 };

export function createOperatorFailures(now: () => Date, limit = OPERATOR_FAILURES) {
  const failures = createThrottle(limit.max, limit.windowMs);
  return {
    /** Seconds until this address may try the token again; 0 when it may now. */
    blockedForS: (address: string): number => failures.blockedForS(address, now().getTime()),
    /** Counts a wrong token from this address. */
    failed: (address: string): void => failures.record(address, now().getTime()),
  };
}

export type OperatorFailures = ReturnType<typeof createOperatorFailures>;
