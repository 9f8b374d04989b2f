/**
 * buildApp: the Fastify instance composed of plugins (HTTP basics, REST with OpenAPI and docs, tRPC,
 * MCP), all over one request pipeline. It never listens and never reads the environment; the server
 * entry (server.ts) does that.
 */
import { portalPlugin, type PortalOptions } from './portal/plugin.js';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Deps } from './deps.js';
import type { AnyOperation } from '../services/operation.js';
import { createPipeline, type Pipeline } from './pipeline/pipeline.js';
import { operations as registry } from '../services/registry.js';
import type { TrustProxy } from './config.js';
import { clientErrorHandler } from './rest/client-errors.js';
import { frameworkErrors, httpBasics } from './rest/http-basics.js';
import { headCompression } from './rest/head-compression.js';
import { restPlugin } from './rest/plugin.js';
import { docsPlugin } from './docs/plugin.js';
import { eventStreamPlugin } from './rest/event-stream.js';
import { parseQueryString } from './rest/querystring.js';
import { trpcPlugin } from './trpc/plugin.js';
import { mcpPlugin } from './mcp/plugin.js';
import { adminPlugin } from './rest/admin.js';
// issue 20: /metrics (prom-client) and the operator dashboard under /dashboard
import { metricsPlugin } from './metrics/plugin.js';
import { dashboardPlugin } from './dashboard/plugin.js';

export { EXPOSED_HEADERS } from './rest/http-basics.js';

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

export interface AppOptions {
  /** Defaults to the registry; tests pass extra operations (e.g. one that throws). */
  operations?: readonly AnyOperation[];
  /** Overrides of TIMEOUTS (tests shorten them). */
  timeouts?: Partial<Timeouts>;
  /**
   * Which forwarding proxies to believe (`X-Forwarded-For`) for the client's address: a number of hops, or
   * addresses and CIDR ranges. Absent or null: the socket's address (the default, and right without a proxy).
   */
  trustProxy?: TrustProxy | null;
  /** The developer portal under /portal (its mailer, public URL and cookie policy); absent: no portal. */
  portal?: Omit<PortalOptions, 'deps' | 'ops' | 'pipeline'>;
}

/** Fastify's `trustProxy` for ours. Fastify refuses a plain hop count (it trusts nothing), so hops are a function. */
function trustProxyOption(trust: TrustProxy | null | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === null || trust === undefined) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The request pipeline every transport calls (and its call metrics). */
    pipeline: Pipeline;
  }
}

export function buildApp(deps: Deps, options: AppOptions = {}): FastifyInstance {
  const ops = options.operations ?? registry;
  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  const serviceName = deps.settings.serviceName;
  const app: FastifyInstance = Fastify({
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
    // One line per request, written by the http-basics plugin (no query string, no headers).
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request (measured ~5 % of a cached request): our log lines carry `reqId` themselves.
    childLoggerFactory: (logger) => logger,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: trustProxyOption(options.trustProxy),
    // What never becomes a request (refused by Node's parser) and what the router refuses: envelopes too.
    clientErrorHandler: clientErrorHandler({ serviceName, log: deps.log, server: () => app.server }),
    frameworkErrors: frameworkErrors(serviceName),
  });
  const pipeline = createPipeline(deps);
  app.decorate('pipeline', pipeline);
  app.register(httpBasics, { serviceName, logRequests: deps.log.isLevelEnabled('info') });
  // Answers of 1 KB or more gzipped (or deflated) where the client asks (`Accept-Encoding`; brotli is left out:
  // its default level costs far more CPU per answer); what is sent compressed already (the reference's and the
  // dashboard's files) is left as it is. A request body sent with `Content-Encoding` gzip, deflate or br is
  // read decompressed (the body limit counts what it decompresses to).
  app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  app.register(headCompression);
  app.register(restPlugin, { ops, pipeline, serviceName });
  app.register(eventStreamPlugin, { ops, pipeline, deps });
  app.register(docsPlugin, { ops, serviceName, publicUrl: options.portal?.publicUrl });
  app.register(trpcPlugin, { ops, pipeline, log: deps.log, serviceName: deps.settings.serviceName });
  app.register(mcpPlugin, { ops, pipeline, serviceName });
  app.register(adminPlugin, { deps });
  if (options.portal) app.register(portalPlugin, { ...options.portal, deps, ops, pipeline });
  // issue 20: metrics first (the dashboard reads them); the dashboard's cookie is Secure where the portal's is.
  app.register(metricsPlugin, { deps, pipeline });
  app.register(dashboardPlugin, { deps, ops, pipeline, secureCookies: options.portal?.secureCookies ?? false });
  return app;
}
