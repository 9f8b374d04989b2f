/**
 * tRPC: one query procedure per registered operation, generated from the registry (no second list), each
 * a thin adapter onto the request pipeline: the JSON input, the caller's `Authorization` and address in;
 * the REST envelope out. An error carries the contract's envelope in `data.envelope` and the HTTP status
 * the contract gives (`UNAUTHORIZED` 401, `TOO_MANY_REQUESTS` 429, ...); the pipeline's headers
 * (RateLimit, Retry-After, ETag) are set on the response.
 */
import { initTRPC, TRPCError, type TRPCBuiltRouter, type TRPCMutationProcedure, type TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { ErrorEnvelope, SuccessEnvelope } from '../../models/envelope.js';
import type { AnyOperation, Operation } from '../../services/operation.js';
import { attributionOf } from '../pipeline/envelope.js';
import type { Outcome, Pipeline } from '../pipeline/pipeline.js';
import type { OperationsByName } from '../../services/registry.js';

export interface TrpcContext {
  authorization: string | undefined;
  address: string;
  requestId: string;
  /** Headers the pipeline asked for, set on the response by `responseMeta`. */
  headers: Record<string, string>;
}

const TRPC_CODE: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR', 503: 'SERVICE_UNAVAILABLE',
};

/** Carries a failed outcome's envelope from the procedure to the error formatter. */
class EnvelopeError extends Error {
  constructor(readonly envelope: ErrorEnvelope) {
    super(envelope.error.message);
  }
}

/** The envelope for an error tRPC raised itself (unknown procedure, unparsable input). */
function envelopeOf(error: TRPCError, requestId: string | undefined, attribution: string): ErrorEnvelope {
  if (error.cause instanceof EnvelopeError) return error.cause.envelope;
  const code = error.code === 'NOT_FOUND' ? 'unknown_product' : error.code === 'INTERNAL_SERVER_ERROR' ? 'internal_error' : 'bad_request';
  const message = code === 'unknown_product' ? 'There is no such procedure.' : code === 'internal_error' ? 'An internal error occurred.' : 'The request is malformed.';
  return { ok: false, api_version: '1', product: 'unknown', attribution, error: { code, message, request_id: requestId ?? '' } };
}

/**
 * tRPC's builder, its error formatter closed over the service's attribution: tRPC's own errors (an unknown
 * procedure, a malformed batch) can come before any context exists, and still carry the attribution.
 */
function createBuilder(attribution: string) {
  return initTRPC.context<TrpcContext>().create({
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      const envelope = envelopeOf(error, ctx?.requestId, attribution);
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

/** A write (REST's POST or DELETE) is a mutation: never sent as a GET, never batched into a cached query. */
const isWrite = (op: AnyOperation) => op.rest !== undefined && op.rest.method !== 'GET';

/** The router's type, derived from the registry: what `@trpc/client` callers import. */
export type AppRouter = TRPCBuiltRouter<typeof t._config.$types, { [K in keyof OperationsByName]: ProcedureOf<OperationsByName[K]> }>;

function procedureFor(t: Builder, op: AnyOperation, pipeline: Pipeline) {
  const resolve = async ({ input, ctx }: { input: unknown; ctx: TrpcContext }) => {
    const outcome: Outcome = await pipeline.call({
      op, transport: 'trpc', requestId: ctx.requestId, authorization: ctx.authorization, address: ctx.address,
      params: { values: input, text: false },
    });
    Object.assign(ctx.headers, outcome.headers);
    delete ctx.headers['content-type'];
    if (outcome.error) {
      throw new TRPCError({ code: TRPC_CODE[outcome.status] ?? 'INTERNAL_SERVER_ERROR', message: outcome.error.message,
        cause: new EnvelopeError(JSON.parse(outcome.body!) as ErrorEnvelope) });
    }
    return JSON.parse(outcome.body!) as unknown;
  };
  const procedure = t.procedure.input((raw: unknown) => raw);
  return isWrite(op) ? procedure.mutation(resolve) : procedure.query(resolve);
}

export function createTrpcRouter(ops: readonly AnyOperation[], pipeline: Pipeline, serviceName: string): AppRouter {
  const t = createBuilder(attributionOf(serviceName));
  return t.router(Object.fromEntries(ops.map((op) => [op.name, procedureFor(t, op, pipeline)]))) as unknown as AppRouter;
}
