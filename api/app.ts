/**
 * buildApp: the Fastify instance with every face mounted (REST, tRPC, OpenAPI, docs). It never
 * listens and never reads the environment; the server entry (server.ts) does that.
 */
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { ServiceError } from '../models/errors.js';
import type { Deps } from './deps.js';
import { renderDocsPage } from './docs-page.js';
import { buildOpenApi } from './openapi.js';
import type { AnyOperation } from './operation.js';
import { operations as registry } from './registry.js';
import { installErrorHandling, sendError } from './rest/error-handler.js';
import { parseQueryString } from './rest/querystring.js';
import { registerOperationRoutes } from './rest/routes.js';
import { createTrpcRouter } from './trpc/router.js';

export interface Timeouts {
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

export const TIMEOUTS: Readonly<Timeouts> = Object.freeze({
  /** Whole request received within this, or the socket is cut (slow clients). */
  requestTimeoutMs: 10_000,
  /** Idle socket time-out. */
  connectionTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
});

export const EXPOSED_HEADERS = ['RateLimit-Policy', 'RateLimit', 'Retry-After', 'X-Request-Id'];
const EXPOSED_HEADER_LIST = EXPOSED_HEADERS.join(', ');

export interface AppOptions {
  /** Defaults to the registry; tests pass extra operations (e.g. one that throws). */
  operations?: readonly AnyOperation[];
  /** Overrides of TIMEOUTS (tests shorten them). */
  timeouts?: Partial<Timeouts>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by graceful shutdown: new requests get 503 with Connection: close. */
    closing: boolean;
  }
}

export function buildApp(deps: Deps, options: AppOptions = {}): FastifyInstance {
  const ops = options.operations ?? registry;
  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    requestTimeout: timeouts.requestTimeoutMs,
    connectionTimeout: timeouts.connectionTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    // No handlerTimeout: it arms a timer and an abort signal on every request (measured), and nothing in a
    // handler can hang: SQLite calls are synchronous and every engine task has its own time budget.
    // Node checks request and header time-outs only this often (default 30 s): check every second.
    http: { connectionsCheckingInterval: 1_000, headersTimeout: Math.min(timeouts.requestTimeoutMs, 10_000) },
    return503OnClosing: false,
    // One line per request, written by the onResponse hook below (no query string, no headers).
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request (measured ~5 % of a cached request): our log lines carry `reqId` themselves.
    childLoggerFactory: (logger) => logger,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.decorate('closing', false);

  // A callback hook, not an async one: this runs on every request and a promise per request shows in profiles.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    // CORS: the API is public and keyed by bearer tokens (no cookies), so every origin may read it.
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADER_LIST);
    if (!app.closing) return done();
    reply.header('Connection', 'close');
    sendError(reply, request, new ServiceError('service_unavailable', 'The service is shutting down.', { retryAfterS: 5, reason: 'shutting_down' }), deps.settings.serviceName);
  });
  if (deps.log.isLevelEnabled('info')) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info({ reqId: request.id, method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    });
  }

  // Preflight: answered here and never counted. Two static headers and this route replace a CORS plugin
  // whose per-request hooks showed in the HTTP profile.
  app.options('/*', (_request, reply) =>
    reply.status(204).headers({
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      'Access-Control-Max-Age': '86400',
    }).send());

  installErrorHandling(app, ops, deps.settings.serviceName);
  registerOperationRoutes(app, ops, deps);

  const openApi = buildOpenApi(ops, deps.settings.serviceName);
  const openApiJson = JSON.stringify(openApi);
  const docsHtml = renderDocsPage(openApi);
  app.get('/api/openapi.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(openApiJson));
  app.get('/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(docsHtml));

  app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: createTrpcRouter(deps),
      createContext: ({ req }: { req: { headers: Record<string, string | string[] | undefined> } }) => {
        const header = req.headers.authorization;
        const match = typeof header === 'string' ? /^Bearer (.+)$/.exec(header) : null;
        return { token: match?.[1] ?? null };
      },
      onError: ({ error }: { error: { code: string; cause?: unknown } }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof ServiceError)) deps.log.error({ err: error }, 'internal error in tRPC');
      },
    },
  });

  return app;
}
