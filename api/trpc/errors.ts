/**
 * tRPC's errors in the contract's terms. A failed call carries the pipeline's envelope as it is; what tRPC
 * refuses itself (an unknown procedure, a wrong method, a body that is not JSON, unparsable input) and what
 * the tRPC route refuses before tRPC sees the request get an envelope built here from the pipeline's parts
 * (`errorBody`), with the same codes and wording REST gives the same refusals (`api/rest/error-handler.ts`).
 */
import type { TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { ErrorEnvelope } from '../../models/envelope.js';
import { ServiceError } from '../../models/errors.js';
import type { AnyOperation } from '../../services/operation.js';
import { NO_PRODUCT, type EnvelopeHead } from '../pipeline/envelope.js';

/** tRPC's code for each HTTP status the contract (or the tRPC route) answers with. */
export const TRPC_CODE: Readonly<Record<number, TRPC_ERROR_CODE_KEY>> = Object.freeze({
  400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 405: 'METHOD_NOT_SUPPORTED',
  413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR', 503: 'SERVICE_UNAVAILABLE',
});

export const trpcCodeOf = (status: number): TRPC_ERROR_CODE_KEY => TRPC_CODE[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');

/** A write (REST's POST or DELETE) is a mutation: never sent as a GET, never batched into a cached query. */
export const isWrite = (op: AnyOperation) => op.rest !== undefined && op.rest.method !== 'GET';

/** The one method tRPC serves a procedure by: GET for a query, POST for a mutation. */
export const methodOf = (op: AnyOperation): 'GET' | 'POST' => (isWrite(op) ? 'POST' : 'GET');

/** The envelope's head for a call of `op` (as the pipeline's: the operation's first root), or no product. */
export const headOf = (op: AnyOperation | undefined): EnvelopeHead =>
  (op ? { apiVersion: op.versions[0] === 2 ? '2' : '1', product: op.slug } : NO_PRODUCT);

/** Another method than the procedure's: 405, worded as REST's 405 on a product path. */
export const methodNotAllowed = (methods: readonly string[], where: string) =>
  new ServiceError('method_not_allowed', `Only ${methods.join(' and ')} ${methods.length > 1 ? 'are' : 'is'} supported on ${where}.`, { reason: 'method_not_allowed' });

export const unknownProcedure = () => new ServiceError('unknown_product', 'There is no such procedure.');

/** A POST whose body is not JSON (a mutation's input is a JSON body, as `@trpc/client` sends it). */
export const unsupportedMediaType = () => new ServiceError('bad_request',
  "A mutation's input is a JSON body: send it with Content-Type: application/json.", { status: 415, reason: 'unsupported_media_type' });

/**
 * The contract's error for one tRPC raised itself. `type` and `where` name the procedure and its address when
 * tRPC knows them (a wrong method); nothing tRPC says is echoed (its parse errors quote the input).
 */
export function serviceErrorOf(error: TRPCError, type: string | undefined, where: string): ServiceError {
  switch (error.code) {
    case 'NOT_FOUND': return unknownProcedure();
    case 'METHOD_NOT_SUPPORTED': return methodNotAllowed([type === 'mutation' ? 'POST' : 'GET'], where);
    case 'UNSUPPORTED_MEDIA_TYPE': return unsupportedMediaType();
    case 'PAYLOAD_TOO_LARGE':
      return new ServiceError('payload_too_large', 'The request body is larger than this address accepts.', { reason: 'payload_too_large' });
    case 'INTERNAL_SERVER_ERROR': return new ServiceError('internal_error', 'An internal error occurred.');
    default: return new ServiceError('bad_request', 'The request is malformed.', { reason: 'malformed_request' });
  }
}

/**
 * tRPC's error response (as its error formatter shapes it, `router.ts`) for a refusal made outside tRPC:
 * the JSON-RPC code, and in `data` tRPC's code, the HTTP status and the contract's envelope.
 */
export function trpcErrorResponse(code: TRPC_ERROR_CODE_KEY, httpStatus: number, path: string | undefined, envelope: ErrorEnvelope) {
  return {
    error: {
      message: envelope.error.message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: { code, httpStatus, ...(path === undefined ? {} : { path }), envelope },
    },
  };
}
