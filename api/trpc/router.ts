/**
 * tRPC: one query procedure per registered operation, generated from the registry (no second list), each
 * a thin adapter onto the request pipeline: the JSON input, the caller's credential and address (and, for a
 * single GET, `If-None-Match`) in; the REST envelope out. An error carries the contract's envelope in
 * `data.envelope` and the HTTP status the contract gives (`UNAUTHORIZED` 401, `TOO_MANY_REQUESTS` 429, ...);
 * the pipeline's headers (RateLimit, Retry-After, ETag) are set on the response (`response-headers.ts`: a
 * batch's describe the batch, not one item).
 */
import { initTRPC, TRPCError, type TRPCBuiltRouter, type TRPCMutationProcedure, type TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { ErrorEnvelope, SuccessEnvelope } from '../../models/envelope.js';
import type { AnyOperation, Operation } from '../../services/operation.js';
import { attributionOf, errorBody } from '../pipeline/envelope.js';
import type { Outcome, Pipeline } from '../pipeline/pipeline.js';
import type { OperationsByName } from '../../services/registry.js';
import { headOf, isWrite, serviceErrorOf, TRPC_CODE } from './errors.js';
import { batchHeaders, callHeaders } from './response-headers.js';

export interface TrpcContext {
  /** The credential as the pipeline takes it: `Bearer <key or internal token>`. */
  authorization: string | undefined;
  /** The credential came in the URL (`?key=`): an API key only, as on REST. */
  credentialInUrl?: boolean;
  /** `?key=` was given more than once (refused by the pipeline, as on REST). */
  credentialRepeated?: boolean;
  address: string;
  requestId: string;
  /**
   * The response's headers: the transport's own, then the pipeline's for the calls (set by the procedures,
   * read by `responseMeta`).
   */
  headers: Record<string, string>;
  /** True for a batch, false for a single call; unknown (undefined): a batch when more than one call answered. */
  batch?: boolean;
  /** `If-None-Match` of a single GET or HEAD (never a batch's): a match answers 304, not counted, as on REST. */
  ifNoneMatch?: string | undefined;
  /** False for HEAD: its calls are answered as a GET's, refusals included, and never counted (the pipeline's `countable`). */
  countable?: boolean;
  /** Set when the pipeline answered 304: the transport sends that instead of tRPC's body. */
  notModified?: Outcome;
  /** The outcomes of the calls so far and the transport's own headers (kept by the procedures). */
  calls?: { outcomes: Outcome[]; own: Record<string, string> };
}

/** Carries a failed outcome's envelope from the procedure to the error formatter. */
class EnvelopeError extends Error {
  constructor(readonly envelope: ErrorEnvelope) {
    super(envelope.error.message);
  }
}

/**
 * tRPC's builder, its error formatter closed over the service's attribution, the operations (for the head of
 * an error tRPC raised about one of them) and the router's address: tRPC's own errors (an unknown procedure,
 * a malformed batch) can come before any context exists, and still carry the attribution.
 */
function createBuilder(attribution: string, ops: ReadonlyMap<string, AnyOperation>, prefix: string) {
  return initTRPC.context<TrpcContext>().create({
    isDev: false,
    errorFormatter({ shape, error, ctx, path, type }) {
      const envelope = error.cause instanceof EnvelopeError
        ? error.cause.envelope
        : errorBody(headOf(path === undefined ? undefined : ops.get(path)), attribution, serviceErrorOf(error, type, `${prefix}/${path ?? ''}`), ctx?.requestId ?? '');
      return { ...shape, message: envelope.error.message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, envelope } };
    },
  });
}
type Builder = ReturnType<typeof createBuilder>;
/** For the router's type only (every router is built by `createTrpcRouter`, with the service's name). */
declare const t: Builder;

/** Input as the client may send it: the schema's input type, optional when every field is. */
type InputOf<I extends z.ZodObject> = object extends z.input<I> ? z.input<I> | undefined : z.input<I>;
type ProcedureOf<Op> = Op extends Operation<infer I, infer O>
  ? Op extends { rest: { method: 'POST' | 'DELETE' } }
    ? TRPCMutationProcedure<{ input: InputOf<I>; output: SuccessEnvelope<z.output<O>>; meta: object }>
    : TRPCQueryProcedure<{ input: InputOf<I>; output: SuccessEnvelope<z.output<O>>; meta: object }>
  : never;

/** The router's type, derived from the registry: what `@trpc/client` callers import. */
export type AppRouter = TRPCBuiltRouter<typeof t._config.$types, { [K in keyof OperationsByName]: ProcedureOf<OperationsByName[K]> }>;

/** Notes a call's outcome and sets the response's headers from all the outcomes so far. */
function record(ctx: TrpcContext, outcome: Outcome) {
  const calls = (ctx.calls ??= { outcomes: [], own: { ...ctx.headers } });
  calls.outcomes.push(outcome);
  const batch = ctx.batch ?? calls.outcomes.length > 1;
  ctx.headers = { ...calls.own, ...(batch ? batchHeaders(calls.outcomes) : callHeaders(outcome)) };
}

function procedureFor(t: Builder, op: AnyOperation, pipeline: Pipeline) {
  const resolve = async ({ input, ctx }: { input: unknown; ctx: TrpcContext }) => {
    const outcome: Outcome = await pipeline.call({
      op, transport: 'trpc', requestId: ctx.requestId, authorization: ctx.authorization, address: ctx.address,
      params: { values: input, text: false },
      ...(ctx.credentialInUrl ? { credentialInUrl: true } : {}),
      ...(ctx.credentialRepeated ? { credentialRepeated: true } : {}),
      ...(ctx.ifNoneMatch !== undefined ? { ifNoneMatch: ctx.ifNoneMatch } : {}),
      ...(ctx.countable === false ? { countable: false } : {}),
    });
    if (outcome.status === 304) {
      ctx.notModified = outcome;
      return null;
    }
    record(ctx, outcome);
    if (outcome.error) {
      throw new TRPCError({ code: TRPC_CODE[outcome.status] ?? 'INTERNAL_SERVER_ERROR', message: outcome.error.message,
        cause: new EnvelopeError(JSON.parse(outcome.body!) as ErrorEnvelope) });
    }
    return JSON.parse(outcome.body!) as unknown;
  };
  const procedure = t.procedure.input((raw: unknown) => raw);
  return isWrite(op) ? procedure.mutation(resolve) : procedure.query(resolve);
}

/** `prefix`: where the router is served (its error messages name the address). */
export function createTrpcRouter(ops: readonly AnyOperation[], pipeline: Pipeline, serviceName: string, prefix = '/trpc'): AppRouter {
  const t = createBuilder(attributionOf(serviceName), new Map(ops.map((op) => [op.name, op])), prefix);
  return t.router(Object.fromEntries(ops.map((op) => [op.name, procedureFor(t, op, pipeline)]))) as unknown as AppRouter;
}
