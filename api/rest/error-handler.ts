/**
 * Errors that never reach the pipeline: Fastify's own (a bad URL, an oversized header), unknown paths
 * and products, other methods. Operation calls get their errors from the pipeline, not from here.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { echoed, isServiceError, ServiceError } from '../../models/errors.js';
import type { AnyOperation } from '../../services/operation.js';
import { attributionOf, errorBody } from '../pipeline/envelope.js';
import { toServiceError as fromAnyError } from '../pipeline/errors.js';
import { dataRoot, headFromUrl } from './paths.js';

export function toServiceError(err: FastifyError | Error, request: FastifyRequest): ServiceError {
  if (isServiceError(err)) return err;
  const status = (err as FastifyError).statusCode ?? 500;
  if (status === 413) {
    return new ServiceError('payload_too_large', 'The request body is larger than this address accepts.', { reason: 'payload_too_large' });
  }
  if (status >= 400 && status < 500) {
    return new ServiceError('bad_request', 'The request is malformed.', { status, reason: 'malformed_request' });
  }
  return fromAnyError(err, request.log, request.id);
}

export function sendError(reply: FastifyReply, request: FastifyRequest, error: ServiceError, serviceName: string) {
  const head = headFromUrl(request.url);
  if (error.retryAfterS !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterS))));
  if (error.headers) reply.headers(error.headers);
  return reply
    .status(error.status)
    .type('application/json; charset=utf-8')
    .send(errorBody(head, attributionOf(serviceName), error, request.id));
}

/**
 * A path under a version root that does not exist (`/api/v3/data/queue`): 404 `unknown_product` (the
 * contract's code for "no such product under this version root"), reason `unknown_version`, naming the
 * versions there are and, for a product that exists, the root it lives under.
 */
function unknownVersion(head: ReturnType<typeof headFromUrl>, ops: readonly AnyOperation[]): ServiceError {
  const op = ops.find((o) => o.slug === head.product);
  const where = op ? ` '${op.slug}' lives under ${op.versions.map((v) => `${dataRoot(v)}/`).join(' and ')}.` : '';
  return new ServiceError('unknown_product',
    `There is no version ${echoed(head.unknownVersion ?? '', 12)} of this interface: the versions are 1 (${dataRoot(1)}/) and 2 (${dataRoot(2)}/).${where}`,
    { reason: 'unknown_version' });
}

/** The methods the write routes (`op.rest`) serve at `url`'s path, across operations (`/api/v1/alerts`: GET, POST). */
function writeMethodsAt(url: string, ops: readonly AnyOperation[]): string[] {
  const path = url.split('?')[0]!;
  const methods = new Set<string>();
  for (const op of ops) {
    if (!op.rest) continue;
    for (const version of op.versions) {
      const pattern = new RegExp(`^/api/v${version}${op.rest.path.replace(/:[a-z_]+/g, '[^/]+')}/?$`);
      if (pattern.test(path)) methods.add(op.rest.method);
    }
  }
  return [...methods].sort();
}

/** Installs the error handler and the not-found handler (unknown products, wrong roots, bad paths). */
export function installErrorHandling(app: FastifyInstance, ops: readonly AnyOperation[], serviceName: string) {
  app.setErrorHandler((err: FastifyError, request, reply) => sendError(reply, request, toServiceError(err, request), serviceName));

  app.setNotFoundHandler((request, reply) => {
    const head = headFromUrl(request.url);
    if (head.unknownVersion !== null) return sendError(reply, request, unknownVersion(head, ops), serviceName);
    const writeMethods = writeMethodsAt(request.url, ops);
    if (writeMethods.length > 0) {
      reply.header('Allow', writeMethods.join(', '));
      return sendError(reply, request, new ServiceError('method_not_allowed',
        `This address takes ${writeMethods.join(' and ')}.`, { reason: 'method_not_allowed' }), serviceName);
    }
    if (!head.underDataRoot) {
      return sendError(reply, request, new ServiceError('not_found', 'Nothing lives at this address.', { reason: 'unknown_path' }), serviceName);
    }
    const version = Number(head.apiVersion) as 1 | 2;
    const op = ops.find((o) => o.slug === head.product);
    let error: ServiceError;
    if (op && op.versions.includes(version)) {
      error = request.method !== 'GET' && request.method !== 'HEAD'
        ? new ServiceError('method_not_allowed', `Only GET and HEAD are supported on ${dataRoot(version)}/${op.slug}.`, { reason: 'method_not_allowed' })
        : new ServiceError('bad_request', `The path of '${op.slug}' is ${dataRoot(version)}/${op.slug}${(op.pathParams ?? []).map((p) => `/{${p}}`).join('')}.`, { reason: 'malformed_path' });
    } else if (op) {
      error = new ServiceError('unknown_product', `'${op.slug}' is not a version ${version} product; it lives under ${dataRoot(op.versions[0]!)}/.`);
    } else if (head.segment === '') {
      error = new ServiceError('unknown_product', `Name a product: ${dataRoot(version)}/<product>.`);
    } else {
      error = new ServiceError('unknown_product', `There is no product '${echoed(head.segment)}' under ${dataRoot(version)}/.`);
    }
    if (error.status === 405) reply.header('Allow', 'GET, HEAD');
    return sendError(reply, request, error, serviceName);
  });
}
