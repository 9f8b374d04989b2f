/**
 * What every HTTP response gets, whatever answers it: the request id header, CORS (the API is public and
 * keyed by bearer tokens, no cookies, so every origin may read it), 503 with `Connection: close` while
 * shutting down, the preflight route, and one access-log line per request (no query string, no headers: a key
 * sent as `?key=` is never logged).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceError } from '../../models/errors.js';
import { sendError, toServiceError } from './error-handler.js';

export const EXPOSED_HEADERS = [
  'RateLimit-Policy', 'RateLimit', 'Retry-After', 'X-Request-Id', 'ETag',
  // The established service's headers, beside the IETF ones (docs/migrating.md).
  'X-Devapi-Limit', 'X-Devapi-Remaining', 'X-Devapi-Units', 'X-Devapi-Warning',
];
export const EXPOSED_HEADER_LIST = EXPOSED_HEADERS.join(', ');

/** The request id and CORS headers, on every response. */
function commonHeaders(reply: FastifyReply, requestId: string) {
  reply.header('X-Request-Id', requestId);
  reply.header('Access-Control-Allow-Origin', '*');
  reply.header('Access-Control-Expose-Headers', EXPOSED_HEADER_LIST);
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (so the headers above are set
 * here): a path with a malformed `%`-escape, a path segment longer than the router's limit.
 */
export function frameworkErrors(serviceName: string) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    commonHeaders(reply, request.id);
    const error = err.code === 'FST_ERR_BAD_URL'
      ? new ServiceError('bad_request', 'The path has a malformed %-escape; encode it as UTF-8 percent-escapes.', { reason: 'malformed_url' })
      : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ServiceError('bad_request', 'A path segment is longer than 200 characters.', { reason: 'too_long' })
        : toServiceError(err, request);
    sendError(reply, request, error, serviceName);
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by graceful shutdown: new requests get 503 with Connection: close. */
    closing: boolean;
  }
}

export const httpBasics = fp(async (app: FastifyInstance, options: { serviceName: string; logRequests: boolean }) => {
  app.decorate('closing', false);
  // A callback hook, not an async one: this runs on every request and a promise per request shows in profiles.
  app.addHook('onRequest', (request, reply, done) => {
    commonHeaders(reply, request.id);
    if (!app.closing) return done();
    reply.header('Connection', 'close');
    sendError(reply, request, new ServiceError('service_unavailable', 'The service is shutting down.', { retryAfterS: 5, reason: 'shutting_down' }), options.serviceName);
  });
  if (options.logRequests) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info({ reqId: request.id, method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    });
  }
  // Preflight: answered here and never counted. Two static headers and this route replace a CORS plugin
  // whose per-request hooks showed in the HTTP profile.
  app.options('/*', (_request, reply) =>
    reply.status(204).headers({
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, X-API-Key, Content-Type, If-None-Match',
      'Access-Control-Max-Age': '86400',
    }).send());
}, { name: 'http-basics' });
