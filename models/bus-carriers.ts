/** `bus-carriers` (contract: per carrier, crossings and wait minutes over a period). */
import { z } from 'zod';
import { integer, isAll, lang, PPID_SHAPE, ppidProblem, reject } from './query.js';

export const BusCarriersInput = z.object({
  ppid: z.string().transform((raw, ctx) => {
    if (isAll(raw)) return 'all';
    const problem = ppidProblem(raw);
    return problem === null ? raw : reject(ctx, problem === PPID_SHAPE ? `${PPID_SHAPE}, or be all` : problem, 'malformed_ppid');
  })
    .describe('checkpoint, or all for every checkpoint'),
  days: integer(1, 90).default(30).describe('period in days, 1 to 90 (default 30)'),
  min_crossings: integer(1, 100_000).default(3).describe('a carrier needs at least this many crossings to be listed (default 3)'),
  limit: integer(1, 200).default(20).describe('at most this many carriers (default 20, at most 200)'),
  lang: lang().describe('language of the answer (default en)'),
});
export type BusCarriersInput = z.infer<typeof BusCarriersInput>;

export const CarrierStats = z.object({
  name: z.string(),
  crossings: z.number().int(),
  avg_wait_min: z.number(),
  median_wait_min: z.number(),
  min_wait_min: z.number(),
  max_wait_min: z.number(),
});

export const CarrierServing = z.object({
  carrier: z.string(),
  /** The routes (their published names) whose path crosses here, inferred on the road graph. */
  routes: z.array(z.string()),
  /**
   * Routes that cross here on the way back: a network publishes each route one way (one representative
   * trip), and its return is taken to cross at the same crossing in the other direction.
   */
  return_routes: z.array(z.string()).describe('routes published the other way, whose return crosses here (taken to use the same crossing)'),
  source: z.string(),
});

export const BusWait = z.object({
  /** The bus checkpoint the wait was read at (the same crossing and direction). */
  ppid: z.string(),
  current_min: z.number().nullable(),
  median_min: z.number().nullable(),
  p90_min: z.number().nullable(),
  readings: z.number().int(),
  days: z.number().int(),
  updated_at: z.string().nullable(),
  source: z.string(),
  type_of_data: z.enum(['live', 'replay', 'imported']),
  /** True when some waits were estimated from the queue and the processing rate rather than published. */
  estimated: z.boolean(),
});

export const BusCarriersOutput = z.object({
  ppid: z.string(),
  period_days: z.number().int(),
  /** Crossing records in the period; null when none are held (no zeros for missing data). */
  total_crossings: z.number().int().nullable(),
  data_available: z.boolean(),
  carriers: z.array(CarrierStats),
  carriers_serving: z.array(CarrierServing),
  bus_wait: BusWait.nullable(),
  generated_at: z.string(),
  note: z.string().optional(),
});
export type BusCarriersOutput = z.infer<typeof BusCarriersOutput>;
