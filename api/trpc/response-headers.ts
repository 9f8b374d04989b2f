/**
 * The headers of a tRPC response from the pipeline's outcomes of its calls.
 *
 * One call: the headers the pipeline gave (ETag, RateLimit-Policy, RateLimit, X-Devapi-*, Retry-After,
 * WWW-Authenticate), as REST sends them; the body's type is tRPC's.
 *
 * A batch (`/trpc/a,b?batch=1`) is one response for several calls, each with its own envelope and `usage`
 * in the body, so its headers describe the batch, never one item:
 *  - no `ETag` (the body is no item's envelope, and a batch is never answered 304) and no `X-Devapi-Warning`
 *    (each item's `meta.ignored_params` names what it ignored);
 *  - `X-Devapi-Units`: the units the whole batch cost, the sum of its items' (a refunded item's are 0);
 *  - `RateLimit`: for each quota class the items used, what is left after all of them: the lowest remaining
 *    any item of the class read (the items run together, and while they run the counter only grows, so the
 *    item that read it last read the least). Left out for a class in which an item failed with a 5xx: its
 *    units may have been given back after another item read the counter, so no item read what is left.
 *    `"qps";r=0` when an item was refused by the per-second limit;
 *  - `X-Devapi-Limit` and `X-Devapi-Remaining` hold one figure each: sent only when the metered items share
 *    one quota class (Remaining only when it is known, as above);
 *  - `RateLimit-Policy`: every policy met; `Retry-After`: the longest any item asked for; `WWW-Authenticate`
 *    when an item asked for a key.
 * A streamed batch (`trpc-accept: application/jsonl`) sends its headers before any item has run: none of these.
 */
import { rateLimitHeader } from '../access/rate-limit-headers.js';
import type { Outcome } from '../pipeline/pipeline.js';

/** The headers of one call's outcome on a tRPC response (tRPC sets the content type of its own body). */
export function callHeaders(outcome: Outcome): Record<string, string> {
  const { 'content-type': _type, ...headers } = outcome.headers;
  return headers;
}

/** `"standard";r=57;t=3600` (rate-limit-headers.ts) read back: the policy's name, remaining, seconds to reset. */
const RATE_LIMIT = /^"([^"]+)";r=(\d+);t=(\d+)$/;

interface ClassState {
  limit: string | undefined;
  remaining: number | undefined;
  resetS: number | undefined;
  /** An item of this class failed with a 5xx: what is left is not known. */
  unknown: boolean;
}

export function batchHeaders(outcomes: readonly Outcome[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const classes = new Map<string, ClassState>();
  const policies = new Set<string>();
  let units: number | undefined;
  let qpsResetS: number | undefined;
  let retryAfterS: number | undefined;
  for (const { status, headers: h } of outcomes) {
    if (h['www-authenticate'] !== undefined) headers['www-authenticate'] = h['www-authenticate'];
    if (h['retry-after'] !== undefined) retryAfterS = Math.max(retryAfterS ?? 0, Number(h['retry-after']));
    if (h['x-devapi-units'] !== undefined) units = (units ?? 0) + Number(h['x-devapi-units']);
    const policy = h['ratelimit-policy'];
    if (policy === undefined) continue;
    for (const item of policy.split(/,\s*/)) policies.add(item);
    const rate = RATE_LIMIT.exec(h.ratelimit ?? '');
    if (rate?.[1] === 'qps') {
      // Refused by the per-second limit, before any quota class was read.
      qpsResetS = Math.max(qpsResetS ?? 0, Number(rate[3]));
      continue;
    }
    const name = /^"([^"]+)"/.exec(policy)?.[1];
    if (name === undefined) continue;
    let state = classes.get(name);
    if (!state) classes.set(name, (state = { limit: undefined, remaining: undefined, resetS: undefined, unknown: false }));
    state.limit ??= h['x-devapi-limit'];
    if (status >= 500) state.unknown = true;
    if (rate && rate[1] === name) {
      state.remaining = Math.min(state.remaining ?? Infinity, Number(rate[2]));
      state.resetS = Math.min(state.resetS ?? Infinity, Number(rate[3]));
    }
  }
  if (policies.size > 0) {
    // The quota classes' policies first (by name: the items end in any order), then the per-second one, as the pipeline writes them.
    const items = [...policies].sort();
    headers['ratelimit-policy'] = [...items.filter((p) => !p.startsWith('"qps"')), ...items.filter((p) => p.startsWith('"qps"'))].join(', ');
  }
  const known = [...classes].filter(([, s]) => !s.unknown && s.remaining !== undefined).sort(([a], [b]) => a.localeCompare(b));
  const rateItems = known.map(([name, s]) => rateLimitHeader(name, s.remaining!, s.resetS!));
  if (qpsResetS !== undefined) rateItems.push(rateLimitHeader('qps', 0, qpsResetS));
  if (rateItems.length > 0) headers.ratelimit = rateItems.join(', ');
  if (classes.size === 1) {
    const [state] = classes.values();
    if (state!.limit !== undefined) headers['x-devapi-limit'] = state!.limit;
    if (known.length === 1) headers['x-devapi-remaining'] = String(state!.remaining);
  }
  if (units !== undefined) headers['x-devapi-units'] = String(units);
  if (retryAfterS !== undefined) headers['retry-after'] = String(retryAfterS);
  return headers;
}
