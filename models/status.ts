/** The public `status` product (contract section 3). */
import { z } from 'zod';

export const StatusInput = z.object({});
export type StatusInput = z.infer<typeof StatusInput>;

/**
 * Why a product is not online, for machines (the sentence is `detail`): `no_data` it holds nothing to answer
 * anyone with; `replay_only` it answers only from the recorded sample replayed to the present; `stale_source`
 * its newest reading is old, or every feed supplying it is failing or stale; `partial_coverage` it holds
 * data for some countries but not for every country the checkpoints are in (places loaded for one region);
 * `slow` its check took over 2 s;
 * `unavailable` its check was refused for a while (503); `failed` the check failed; `store_unavailable`
 * calls cannot be counted (the store refuses writes, or the shared counters are away).
 */
export const StatusReason = z.enum(['no_data', 'replay_only', 'stale_source', 'partial_coverage', 'slow', 'unavailable', 'failed', 'store_unavailable']);
export type StatusReason = z.infer<typeof StatusReason>;

export const ProductHealth = z.object({
  /** The product's title (its summary). */
  title: z.string().optional(),
  status: z.enum(['online', 'degraded', 'offline']),
  /** null when online. */
  reason: StatusReason.nullable(),
  latency_ms: z.number().int().nullable(),
  detail: z.string().nullable(),
  checked_at: z.string(),
});

/** A live feed as `/status` shows it. */
export const FeedHealth = z.object({
  name: z.string(),
  title: z.string(),
  /** `ok`: its last poll succeeded; `failing`: its last poll failed; `stale`: no success for three intervals; `pending`: not polled yet. */
  status: z.enum(['ok', 'failing', 'stale', 'pending']),
  interval_s: z.number().int(),
  last_attempt_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  /** Seconds since the last success, at `checked_at`; null before one. */
  age_s: z.number().int().nullable(),
  consecutive_failures: z.number().int(),
  failures: z.number().int(),
  fetches: z.number().int(),
  last_error: z.string().nullable(),
  /** Rows its last good answer held, and how many of them were rejected (each with its reason in the log of `bdds feeds run`). */
  rows: z.number().int(),
  rejected: z.number().int(),
  /** The products it supplies. */
  products: z.array(z.string()),
});
export type FeedHealth = z.infer<typeof FeedHealth>;

export const StatusOutput = z.object({
  checked_at: z.string().nullable(),
  overall: z.enum(['operational', 'degraded', 'outage']),
  summary: z.object({
    total: z.number().int(),
    online: z.number().int(),
    degraded: z.number().int(),
    offline: z.number().int(),
  }),
  products: z.record(z.string(), ProductHealth),
  /** The live feeds this deployment polls (empty when it serves imports only), as of the answer. */
  feeds: z.array(FeedHealth),
});
export type StatusOutput = z.infer<typeof StatusOutput>;
