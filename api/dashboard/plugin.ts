/**
 * The operator dashboard under `/dashboard`, served by the same server: one encapsulated Fastify plugin
 * (its own cookies, form bodies and security headers).
 *
 * Access: the operator's internal token (`BDDS_INTERNAL_TOKEN`), typed once into the log-in form, opens a
 * signed session (sessions.ts) kept in an HttpOnly, SameSite=Strict cookie (`Secure` where the portal's
 * cookies are) scoped to `/dashboard`; the page, its script and every call need that session. Without a
 * configured token the dashboard says so and serves nothing else.
 *
 *   GET  /dashboard                the page (or the log-in form)
 *   POST /dashboard/login          token -> session cookie;  POST /dashboard/logout ends it
 *   GET  /dashboard/assets/*.js|css  the browser bundle (api/dashboard/bundle.ts)
 *   /dashboard/trpc/<procedure>    the service's own tRPC router (`createTrpcRouter`, the one at /trpc, over
 *                                  the same pipeline): the session stands for `Authorization: Bearer <token>`,
 *                                  so calls are the internal caller's, counted in metrics as transport `trpc`
 *   /dashboard/ops/<procedure>     the operations procedures (api/dashboard/ops-router.ts)
 *
 * The page's script calls only those two tRPC endpoints, through `@trpc/client` typed by `AppRouter` and
 * `DashboardOpsRouter`.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import type { AnyOperation } from '../../services/operation.js';
import { isInternalToken } from '../pipeline/caller.js';
import { noneMatch } from '../pipeline/etag.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { createTrpcRouter, type TrpcContext } from '../trpc/router.js';
import { dashboardAssets } from './bundle.js';
import { createOpsRouter, type OpsContext } from './ops-router.js';
import { disabledPage, loginPage, shellPage } from './pages.js';
import { createDashboardSessions, SESSION_TTL_MS } from './sessions.js';

export interface DashboardOptions {
  deps: Deps;
  ops: readonly AnyOperation[];
  pipeline: Pipeline;
  /** `Secure` on the session cookie (as on the portal's: off only for plain-HTTP local runs). */
  secureCookies: boolean;
}

export const DASHBOARD_COOKIE = 'bdds_dashboard';
const PATH = '/dashboard';

export async function dashboardPlugin(app: FastifyInstance, options: DashboardOptions) {
  const { deps, pipeline, secureCookies } = options;
  const token = deps.settings.internalToken;
  const serviceName = deps.settings.serviceName;
  const sessions = token ? createDashboardSessions(deps.now, token) : null;
  const cookieOpts = { path: PATH, httpOnly: true, secure: secureCookies, sameSite: 'strict' as const };
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 4_096 });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"], 'script-src': ["'self'"], 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"], 'font-src': ["'self'"], 'object-src': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    hsts: secureCookies,
  });

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const sessionOf = (request: FastifyRequest) => sessions?.expiresAt(request.cookies[DASHBOARD_COOKIE]) ?? null;

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) deps.log.error({ err: error, reqId: request.id }, 'dashboard request failed');
    return reply.code(status).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store')
      .send(status === 500 ? 'The dashboard failed on this request; see the log.' : 'The request could not be understood.');
  });

  app.get(PATH, async (request, reply) => {
    if (!token) return html(reply, disabledPage(serviceName), 503);
    if (!sessionOf(request)) return html(reply, loginPage(serviceName));
    const assets = await dashboardAssets();
    return html(reply, shellPage(serviceName, assets.etag));
  });

  app.post(`${PATH}/login`, (request, reply) => {
    if (!token || !sessions) return html(reply, disabledPage(serviceName), 503);
    const wait = deps.access.operatorFailures.blockedForS(request.ip);
    if (wait > 0) return html(reply.header('retry-after', String(wait)), loginPage(serviceName, `Too many wrong tokens from this address; try again in ${Math.ceil(wait / 60)} minutes.`), 429);
    const given = (request.body as Record<string, unknown> | undefined)?.token;
    if (typeof given !== 'string' || !isInternalToken(`Bearer ${given.trim()}`, token)) {
      deps.access.operatorFailures.failed(request.ip);
      deps.log.warn({ reqId: request.id, address: request.ip }, 'dashboard: a log-in with a wrong token');
      return html(reply, loginPage(serviceName, 'That is not the internal token.'), 401);
    }
    const session = sessions.create();
    reply.setCookie(DASHBOARD_COOKIE, session.id, { ...cookieOpts, maxAge: SESSION_TTL_MS / 1000 });
    return reply.redirect(PATH, 303);
  });

  app.post(`${PATH}/logout`, (request, reply) => {
    sessions?.end(request.cookies[DASHBOARD_COOKIE]);
    reply.clearCookie(DASHBOARD_COOKIE, { path: PATH });
    return reply.redirect(PATH, 303);
  });

  const TYPES = { 'dashboard.js': 'text/javascript; charset=utf-8', 'dashboard.css': 'text/css; charset=utf-8' } as const;
  app.get<{ Params: { name: string } }>(`${PATH}/assets/:name`, async (request, reply) => {
    const name = request.params.name as keyof typeof TYPES;
    if (!(name in TYPES)) return reply.code(404).type('text/plain; charset=utf-8').send('No such file.');
    if (!sessionOf(request)) return reply.code(401).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Log in at /dashboard first.');
    const assets = await dashboardAssets();
    reply.header('etag', assets.etag).header('cache-control', 'private, max-age=86400');
    reply.header('vary', 'accept-encoding');
    if (noneMatch(request.headers['if-none-match'], assets.etag)) return reply.code(304).send();
    const js = name === 'dashboard.js';
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.type(TYPES[name]).header('content-encoding', 'gzip').send(js ? assets.gzip.js : assets.gzip.css);
    }
    return reply.type(TYPES[name]).send(js ? assets.js : assets.css);
  });

  // tRPC's Fastify adapter sends a fetch Response whole, and the compression hook would replace it by its body,
  // dropping its status and headers (an error would read 200): these answers go uncompressed (they are small).
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith(`${PATH}/trpc/`) || request.url.startsWith(`${PATH}/ops/`)) request.headers['x-no-compression'] = '1';
  });
  // The products: the service's router over the same pipeline; a live session is the internal caller.
  await app.register(fastifyTRPCPlugin, {
    prefix: `${PATH}/trpc`,
    trpcOptions: {
      router: createTrpcRouter(options.ops, pipeline, serviceName, `${PATH}/trpc`),
      createContext: ({ req, info }: { req: FastifyRequest; info: { isBatchCall: boolean } }): TrpcContext => ({
        authorization: token && sessionOf(req) ? `Bearer ${token}` : undefined, address: req.ip, requestId: req.id, headers: { 'cache-control': 'no-store' },
        batch: info.isBatchCall,
      }),
      responseMeta: ({ ctx }: { ctx?: TrpcContext }) => ({ headers: ctx?.headers ?? {} }),
      onError: ({ error }: { error: { code: string; cause?: unknown } }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR' && error.cause === undefined) deps.log.error({ err: error }, 'internal error in the dashboard tRPC');
      },
    },
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: `${PATH}/ops`,
    trpcOptions: {
      router: createOpsRouter(app.serviceMetrics, () => deps.repos.importRuns),
      createContext: ({ req }: { req: FastifyRequest }): OpsContext => ({ sessionEndsAt: sessionOf(req), now: deps.now }),
      responseMeta: () => ({ headers: { 'cache-control': 'no-store' } }),
      onError: ({ error }: { error: { code: string; cause?: unknown } }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.log.error({ err: error }, 'dashboard operations procedure failed');
      },
    },
  });
}
