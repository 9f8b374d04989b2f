/** The public `status` product (contract section 3). */
import { z } from 'zod';

export const StatusInput = z.object({});
export type StatusInput = z.infer<typeof StatusInput>;

export const ProductHealth = z.object({
  /** The product's title (its summary). */
  title: z.string().optional(),
  status: z.enum(['online', 'degraded', 'offline']),
  latency_ms: z.number().int().nullable(),
  detail: z.string().nullable(),
  checked_at: z.string(),
});

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
});
export type StatusOutput = z.infer<typeof StatusOutput>;
