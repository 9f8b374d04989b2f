/** The response envelope and error body every response carries (contract section 1). */
import { z } from 'zod';
import { ERROR_STATUS } from './errors.js';

export const QuotaClass = z.enum(['standard', 'forecast_stats', 'cheap']);
export type QuotaClass = z.infer<typeof QuotaClass>;

export const Usage = z.object({
  requests_today: z.number().int(),
  limit_today: z.number().int(),
  remaining: z.number().int(),
  class: QuotaClass,
  resets_at: z.string(),
  /** The established service's names for the same figures: `requests_today`, `limit_today`, `resets_at`. */
  used: z.number().int(),
  limit: z.number().int(),
  /** ISO-8601 UTC instant of the next reset (= `resets_at`). */
  reset: z.string(),
});
export type Usage = z.infer<typeof Usage>;

export const ErrorBody = z.object({
  code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS]),
  message: z.string(),
  reason: z.string().optional(),
  request_id: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Meta = z
  .object({
    units_consumed: z.number().int().optional(),
    ignored_params: z.array(z.string()).optional(),
    /** Why a name in `ignored_params` was ignored, where the name alone does not say (a parameter of another mode, an empty name). */
    ignored_notes: z.array(z.string()).optional(),
    lang: z.string().optional(),
    lang_fallback: z.boolean().optional(),
  })
  .catchall(z.unknown());
export type Meta = z.infer<typeof Meta>;

const EnvelopeBase = z.object({
  api_version: z.enum(['1', '2']),
  product: z.string(),
  attribution: z.string(),
});

export const ErrorEnvelope = EnvelopeBase.extend({
  /** null only when the path names a version root that does not exist (`/api/v3/...`: 404 `unknown_product`, reason `unknown_version`). */
  api_version: z.enum(['1', '2']).nullable(),
  ok: z.literal(false),
  usage: Usage.optional(),
  error: ErrorBody,
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The success envelope around an operation's `data` schema (and its `snapshot` schema, for products that give one). */
export function successEnvelope<T extends z.ZodType>(data: T, snapshot: z.ZodType = z.unknown()) {
  return EnvelopeBase.extend({
    ok: z.literal(true),
    data,
    snapshot: snapshot.optional(),
    usage: Usage.optional(),
    resolved_location: z.unknown().optional(),
    meta: Meta.optional(),
  });
}

/** The success envelope's type for a given `data` type (what tRPC and MCP clients receive). */
export type SuccessEnvelope<T> = Omit<z.infer<ReturnType<typeof successEnvelope<z.ZodUnknown>>>, 'data'> & { data: T };
