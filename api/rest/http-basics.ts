/**
 * What every HTTP response gets, whatever answers it: the request id header, CORS (the API is public and
 * keyed by bearer tokens, no cookies, so every origin may read it), 503 with `Connection: close` while
 * shutting down, the preflight route, and one access-log line per request (no query string, no headers).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceError } from '../../models/errors.js';
import { sendError } from './error-handler.js';

export const EXPOSED_HEADERS = ['RateLimit-Policy', 'RateLimit', 'Retry-After', 'X-Request-Id', 'ETag'];
const EXPOSED_HEADER_LIST = EXPOSED_HEADERS.join(', ');

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
    reply.header('X-Request-Id', request.id);
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADER_LIST);
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
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-None-Match',
      'Access-Control-Max-Age': '86400',
    }).send());
}, { name: 'http-basics' });
