/** `forecast` (contract section 3). */
import { z } from 'zod';
import { integer, ppid } from './query.js';

const STEPS_MESSAGE = 'must be 24 or 168';

export const ForecastInput = z.object({
  ppid: ppid().describe('checkpoint'),
  // One message for every number refused, in range or not (the reasons stay: `out_of_range`, `invalid_steps`).
  prediction_steps: integer(24, 168, STEPS_MESSAGE).default(24)
    .refine((v) => v === 24 || v === 168, { message: STEPS_MESSAGE, params: { reason: 'invalid_steps' } })
    .describe('24 (default) or 168 hourly steps'),
});
export type ForecastInput = z.infer<typeof ForecastInput>;

export const ForecastStep = z.object({
  time: z.number().int(),
  hours_from_now: z.number().int(),
  avg_cars: z.number().nullable(),
  lower_bound: z.number().nullable(),
  upper_bound: z.number().nullable(),
  lower_bound_50: z.number().nullable(),
  upper_bound_50: z.number().nullable(),
  wait_min: z.number().nullable().optional(),
  source: z.string(),
});

/** A row as the product answers it (the worker composes it whole): a step, with what the row says about itself. */
export const ForecastRow = ForecastStep.extend({
  /** Always `forecast`: the row is a model's output, not a reading. */
  type_of_data: z.literal('forecast'),
  /** The unit of `lower_bound`/`upper_bound` (and their `_50`): vehicles, or minutes on wait-only checkpoints. */
  unit: z.enum(['vehicles', 'minutes']),
});

/** The `forecast` product's `data`. */
export const ForecastAnswer = z.array(ForecastRow);
export type ForecastAnswer = z.infer<typeof ForecastAnswer>;
