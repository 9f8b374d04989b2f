/**
 * What every HTTP response gets, whatever answers it: the request id header, CORS (the API is public and
 * keyed by bearer tokens, no cookies, so every origin may read it), 503 with `Connection: close` while
 * shutting down, the preflight route, and one access-log line per request (no query string, no headers: a key
 * sent as `?key=` is never logged).
 *
 * A preflight (`OPTIONS`) offers the methods the path is served by, as the routes registered say (read from
 * the router, never a list kept by hand), and the request headers the service reads (`ALLOWED_HEADERS`).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceError } from '../../models/errors.js';
import { sendError, toServiceError } from './error-handler.js';

export const EXPOSED_HEADERS = [
  'RateLimit-Policy', 'RateLimit', 'Retry-After', 'X-Request-Id', 'ETag',
  // The established service's headers, beside the IETF ones (docs/migrating.md).
  'X-Devapi-Limit', 'X-Devapi-Remaining', 'X-Devapi-Units', 'X-Devapi-Warning',
];
export const EXPOSED_HEADER_LIST = EXPOSED_HEADERS.join(', ');

/** The request headers the service reads, which a preflight allows (on any path: a header it does not read there is ignored). */
export const ALLOWED_HEADERS = [
  // The credential (api/pipeline/caller.ts `headerCredential`; the established service's `X-API-Key`).
  'Authorization', 'X-API-Key',
  // A JSON body (POST /api/v1/alerts, POST /mcp), conditional requests.
  'Content-Type', 'If-None-Match',
  // A write's idempotency (routes.ts, `withIdempotencyKey`; the OpenAPI document lists it for POST /alerts).
  'Idempotency-Key',
  // MCP over HTTP: the SDK's transport checks the protocol version a client sends (stateless: no Mcp-Session-Id).
  'Mcp-Protocol-Version',
  // Resuming an event stream (event-stream.ts).
  'Last-Event-ID',
];
export const ALLOWED_HEADER_LIST = ALLOWED_HEADERS.join(', ');

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
  interface FastifyContextConfig {
    /**
     * The route only refuses its methods (405 with `Allow`, as `/mcp` does GET): a preflight does not offer
     * them. Its HEAD twin (Fastify's, for a GET) inherits the mark.
     */
    refusesMethods?: boolean;
  }
}

/**
 * The methods registered routes serve, as `methodsAt(url)` finds them at a request's path (through Fastify's
 * own router, so with its matching: parameters, wildcards, trailing slashes, percent-escapes), without the
 * routes that only refuse their method. Fed by an `onRoute` hook, so it sees every route registered after
 * this plugin (in any plugin, encapsulated or not): a route added later is offered without an edit here.
 */
function createRouteMethods(app: FastifyInstance) {
  /** Every method some route is registered for, but OPTIONS (the preflight's own, always offered). */
  const methods = new Set<string>();
  /** Per method, the paths of the routes that only refuse it. */
  const refusals = new Map<string, RegExp[]>();
  app.addHook('onRoute', (route) => {
    for (const given of [route.method].flat()) {
      const method = given.toUpperCase();
      if (method === 'OPTIONS') continue;
      if (route.config?.refusesMethods) {
        const list = refusals.get(method) ?? [];
        list.push(pathPattern(route.url));
        refusals.set(method, list);
      } else {
        methods.add(method);
      }
    }
  });
  const refused = (method: string, path: string) => refusals.get(method)?.some((pattern) => pattern.test(path)) ?? false;
  return {
    /** The methods served at `url` (path and query), sorted, OPTIONS included. */
    methodsAt(url: string): string[] {
      const path = normalisedPath(url);
      const served = ['OPTIONS'];
      for (const method of methods) {
        if (app.findRoute({ method: method as HTTPMethods, url }) !== null && !refused(method, path)) served.push(method);
      }
      return served.sort();
    },
  };
}

/**
 * A route's path (`/mcp`, `/api/v1/alerts/:id`, `/docs/*`) as a pattern of the paths it serves (as
 * normalisedPath gives them): a segment starting with `:` is a parameter, `*` anything. Used for the routes
 * that refuse their methods only, which are few and plain; which routes serve a path is Fastify's router's call.
 */
function pathPattern(routePath: string): RegExp {
  const source = normalisedPath(routePath).split('/').map((segment) =>
    segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('/');
  return new RegExp(`^${source}$`);
}

/** A path without its query and trailing slash, percent-escapes decoded where they can be. */
function normalisedPath(url: string): string {
  let path = url.split('?')[0]!;
  try {
    path = decodeURI(path);
  } catch {
    // kept as sent
  }
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
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
  // whose per-request hooks showed in the HTTP profile (the preflight's own work is a router lookup per
  // method). The methods are those the path is served by (a path served by none is offered OPTIONS only:
  // whatever the browser then sends gets the 404 envelope).
  const routeMethods = createRouteMethods(app);
  app.options('/*', (request, reply) =>
    reply.status(204).headers({
      'Access-Control-Allow-Methods': routeMethods.methodsAt(request.url).join(', '),
      'Access-Control-Allow-Headers': ALLOWED_HEADER_LIST,
      'Access-Control-Max-Age': '86400',
    }).send());
}, { name: 'http-basics' });
