/**
 * An operation is one product, defined once: its REST place, quota class, schemas, cache policy and
 * handler. REST routes, tRPC procedures, OpenAPI and the status self-check are all generated from it.
 */
import type { z } from 'zod';
import type { Credit } from '../data/credits.js';
import { langDefaultOf } from '../models/interface-rules.js';
import { lang } from '../models/query.js';
import type { QuotaClass } from '../models/envelope.js';
import type { ErrorCode } from '../models/errors.js';
import type { OperationDeps } from './deps.js';

interface ResultExtras {
  /** Envelope-level `snapshot` (queue only). */
  snapshot?: unknown;
  /** Envelope-level `resolved_location` (restaurants only). */
  resolvedLocation?: unknown;
  /** Merged into the envelope's `meta`. */
  meta?: Record<string, unknown>;
  /** Sources this answer drew on whose licences require credit, beyond the operation's own `credits`. */
  credits?: readonly Credit[];
}

/**
 * What a handler returns: `data`, or `dataJson` when a worker has already serialised it (a string crosses
 * the thread boundary for the cost of a copy, where an object graph is cloned piece by piece).
 */
/**
 * The calling key, for the operations that act on a key's own things (alerts): never part of a cache key,
 * as such an operation is never cached.
 */
export interface KeyContext {
  keyId: number;
  plan: 'explorer' | 'payg';
}

/** Where REST serves an operation that is not `GET <data root>/<slug>`: a write, under the version root. */
export interface RestRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** After `/api/v<n>`, with `:name` for each of `pathParams` (`/alerts/:id`). */
  path: string;
}

export type OperationResult<O> = ResultExtras & ({ data: O; dataJson?: never } | { dataJson: string; data?: never });

export interface Operation<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  /** camelCase: the tRPC procedure name and the cache prefix. */
  name: string;
  /** The product slug in REST paths and in the envelope's `product`. */
  slug: string;
  summary: string;
  description?: string;
  /** REST roots the product lives under. */
  versions: readonly (1 | 2)[];
  /** Path segments after the slug, in order (`border/{origin}/{destination}/{crossing_type}`). */
  pathParams?: readonly string[];
  /** REST's method and place when not `GET <data root>/<slug>` (writes: tRPC serves them as mutations). */
  rest?: RestRoute;
  /**
   * Acts on the calling key's own things: only an API key may call it (the operator's token and the sandbox
   * are refused with 403 `key_required`), the handler receives the key, and the answer is never cached.
   */
  needsKey?: true;
  /**
   * REST serves it as a Server-Sent Events stream (api/rest/event-stream.ts): this answer first, then an
   * event per change; the other transports answer once.
   */
  stream?: true;
  /** `public` needs no key and is never counted. */
  access: 'public' | 'keyed';
  quotaClass: QuotaClass | null;
  /** Units this call consumes (default 1); computed from the parsed, de-duplicated input. */
  cost?: (input: z.output<I>, deps: OperationDeps) => number;
  input: I;
  output: O;
  /** Sources whose licences require credit in every answer (named in `attribution`). */
  credits?: readonly Credit[];
  /** The schema of the envelope's `snapshot`, for products that give one (OpenAPI). */
  snapshot?: z.ZodType;
  /** How long an answer may be served from the cache; 0 = never cached. */
  cacheTtlMs: number;
  /**
   * An instant (epoch ms) after which a cached answer is stale because it moves with the clock (the
   * current hour of a forecast, today's date); the TTL is cut to it. The clock is never part of a key.
   */
  cacheUntilMs?: (input: z.output<I>, deps: OperationDeps) => number;
  /** The version of the data an answer depends on; part of the cache key. */
  dataVersion?: (input: z.output<I>, deps: OperationDeps) => string | number;
  /** The input the status job exercises this product with (raw, as a client would send it). */
  selfCheck: ((deps: OperationDeps) => z.input<I>) | null;
  /**
   * A sentence when the product holds nothing to answer anyone with (no reading at all, no report in force,
   * no crossing record), else null: the status round then shows it degraded, never online.
   */
  emptiness?: (deps: OperationDeps) => string | null;
  /**
   * A sentence when all the product holds is too old to be current (every price past its limit), else null:
   * the status round then shows it degraded (`stale_source`), never online.
   */
  staleness?: (deps: OperationDeps) => string | null;
  /**
   * A sentence when what the product holds covers some countries but not every country the checkpoints are
   * in (places imported for one region), else null: the status round then shows it degraded
   * (`partial_coverage`), never online.
   */
  coverageGap?: (deps: OperationDeps) => string | null;
  /** Error codes beyond the common ones that this product returns (for OpenAPI). */
  errors?: readonly ErrorCode[];
  handler: (input: z.output<I>, deps: OperationDeps, key?: KeyContext) => Promise<OperationResult<z.output<O>>> | OperationResult<z.output<O>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any>;

/** `(default xx)` in a parameter's description. */
const STATED_DEFAULT = /\(default [a-z]{2}\)/;

/**
 * The operation with its `lang` parameter defaulting to the interface's language for its product
 * (`uk` for stats, day-stats, alternatives and travel-matrix, `en` elsewhere: models/interface-rules.ts), so
 * the default is read from one table, not written into each product's schema; an unsupported tag falls
 * back to the same language. The description the schema gives is kept, with the default it states.
 */
function withInterfaceLang<I extends z.ZodObject, O extends z.ZodType>(op: Operation<I, O>): Operation<I, O> {
  const given = (op.input.shape as Record<string, z.ZodType | undefined>).lang;
  if (given === undefined) return op;
  const fallback = langDefaultOf(op.slug);
  const said = given.description ?? 'language of the answer';
  const description = STATED_DEFAULT.test(said) ? said.replace(STATED_DEFAULT, `(default ${fallback})`) : `${said} (default ${fallback})`;
  return { ...op, input: op.input.extend({ lang: lang(fallback).describe(description) }) as unknown as I };
}

/**
 * `export const queue = defineOperation({...})`, with inference; the one place the interface's per-product
 * parameter defaults are applied (`lang`).
 */
export function defineOperation<I extends z.ZodObject, O extends z.ZodType>(op: Operation<I, O>): Operation<I, O> {
  return withInterfaceLang(op);
}
