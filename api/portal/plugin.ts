/**
 * The developer portal under `/portal`, served by the same server: sign-up and log-in by e-mail link,
 * keys, usage, the Pay As You Grow request, and the sandbox, which calls products through the request
 * pipeline as the logged-in account (transport `sandbox`: its own 50 calls a day). Its own encapsulated
 * context: cookies, form bodies, CSRF tokens on every state-changing form, security headers, HTML errors.
 */
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { parametersOf } from '../openapi.js';
import type { AnyOperation } from '../../services/operation.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { routePath } from '../rest/paths.js';
import type { Mailer } from './mailer.js';
import { noticesPage } from './notice-pages.js';
import * as pages from './pages.js';
import { alertsPage } from './alert-pages.js';
import { createPortalService, SESSION_TTL_MS } from './service.js';
import { SANDBOX_CALLS_PER_DAY } from '../access/access-control.js';
import { utcDay } from '../access/plans.js';
import { NOTICE_KINDS, type UsageNoticesRepo } from '../../data/usage-notices-repo.js';

export interface PortalOptions {
  deps: Deps;
  ops: readonly AnyOperation[];
  pipeline: Pipeline;
  mailer: Mailer;
  /** The public base URL (links in e-mails and examples). */
  publicUrl: () => string;
  /** `Secure` on cookies (off only for plain-HTTP local runs). */
  secureCookies: boolean;
  /** The partner dashboard (BDDS_PARTNER_URL), linked for a logged-in developer; absent or null: no link. */
  partnerUrl?: string | null;
  /** The usage notices' settings and record (usage-notices.ts); absent: no notices page. */
  notices?: UsageNoticesRepo;
}

const SESSION_COOKIE = 'bdds_session';
type Form = Record<string, string | string[] | undefined>;
const text = (form: unknown, name: string): string => {
  const value = (form as Form | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

export async function portalPlugin(app: FastifyInstance, options: PortalOptions) {
  const { deps, pipeline, mailer, publicUrl, secureCookies } = options;
  const service = createPortalService({ deps, mailer, publicUrl });
  const cookieOpts = { path: '/portal', httpOnly: true, secure: secureCookies, sameSite: 'lax' as const };
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16_384 });
  await app.register(csrf, { cookieKey: 'bdds_csrf', cookieOpts });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"], 'style-src': ["'self'", "'unsafe-inline'"], 'form-action': ["'self'"], 'frame-ancestors': ["'none'"],
        // On a plain-http deployment (which the README supports) the upgrade would send every form and stylesheet to
        // https: kept only for a public URL that is https. Without one (the listener's address, known only after
        // this is registered: empty here) the service speaks plain http.
        ...(publicUrl().startsWith('https://') ? {} : { 'upgrade-insecure-requests': null }),
      },
    },
    hsts: secureCookies,
  });

  // A key's own things (alerts) are not tried in the sandbox: they belong to a key, not to the account's allowance.
  const products = options.ops.filter((op) => op.access === 'keyed' && !op.needsKey).sort((a, b) => a.slug.localeCompare(b.slug));
  const queueOp = options.ops.find((op) => op.slug === 'queue');

  const ctxOf = (request: FastifyRequest, reply: FastifyReply, account = service.account(request.cookies[SESSION_COOKIE])): pages.PageContext =>
    ({ serviceName: deps.settings.serviceName, publicUrl: publicUrl(), account, csrf: reply.generateCsrf(), partnerUrl: options.partnerUrl ?? null });
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  /** The account of the session, or a redirect to the home page. */
  const loggedIn = (request: FastifyRequest, reply: FastifyReply) => {
    const account = service.account(request.cookies[SESSION_COOKIE]);
    if (!account) void reply.redirect('/portal', 303);
    return account;
  };
  // After the body is parsed: the token comes in the form.
  const protect = { preValidation: app.csrfProtection };

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) deps.log.error({ err: error, reqId: request.id }, 'portal request failed');
    const message = error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET'
      ? 'This form has expired or did not come from this site. Reload the page and try again.'
      : status === 500 ? 'Something went wrong on our side.' : 'The request could not be understood.';
    return html(reply, pages.layout({ serviceName: deps.settings.serviceName, publicUrl: publicUrl(), account: null, csrf: '' }, 'Not done', pages.notice(message, 'error')), status);
  });

  app.get('/portal/style.css', (_request, reply) => reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'max-age=3600').send(pages.STYLE));

  app.get('/portal', (request, reply) => {
    const ctx = ctxOf(request, reply);
    if (ctx.account) return reply.redirect('/portal/keys', 303);
    return html(reply, pages.home(ctx));
  });

  for (const [path, signUp] of [['/portal/signup', true], ['/portal/login-link', false]] as const) {
    app.post(path, protect, (request, reply) => {
      const ctx = ctxOf(request, reply, null);
      const result = signUp ? service.signUp(text(request.body, 'email'), request.ip) : service.logIn(text(request.body, 'email'), request.ip);
      if (result === 'invalid_email') return html(reply, pages.home(ctx, pages.notice('That is not an e-mail address we can send to.', 'error')), 400);
      if (result === 'throttled') {
        return html(reply.header('retry-after', '3600'), pages.home(ctx, pages.notice('Too many links asked for; try again in an hour.', 'error')), 429);
      }
      return html(reply, pages.linkSent(ctx));
    });
  }

  // An e-mail link opens a page with a button; only the button's POST uses the token, so a mail scanner
  // that follows links cannot spend it.
  for (const purpose of ['verify', 'login'] as const) {
    app.get(`/portal/${purpose}`, (request, reply) => {
      const token = text(request.query, 'token');
      const ctx = ctxOf(request, reply, null);
      if (!service.tokenUsable(token, purpose)) return html(reply, pages.invalidLink(ctx), 400);
      return html(reply, pages.confirm(ctx, purpose, token));
    });
    app.post(`/portal/${purpose}`, protect, (request, reply) => {
      const confirmed = service.confirm(text(request.body, 'token'), purpose);
      if (!confirmed) return html(reply, pages.invalidLink(ctxOf(request, reply, null)), 400);
      reply.setCookie(SESSION_COOKIE, confirmed.session, { ...cookieOpts, maxAge: SESSION_TTL_MS / 1000 });
      if (!confirmed.firstKey) return reply.redirect('/portal/keys', 303);
      const ctx = ctxOf(request, reply, confirmed.account);
      return html(reply, pages.keysPage(ctx, keysView(confirmed.account, { key: confirmed.firstKey, note: 'Your address is confirmed and your free Explorer key is ready.' })));
    });
  }

  app.post('/portal/logout', protect, (request, reply) => {
    const session = request.cookies[SESSION_COOKIE];
    if (session) service.logOut(session);
    reply.clearCookie(SESSION_COOKIE, { path: '/portal' });
    return reply.redirect('/portal', 303);
  });

  const exampleCall = () => {
    if (!queueOp?.selfCheck) return '/api/v1/data/status';
    const input = queueOp.selfCheck(deps) as Record<string, unknown>;
    return `${routePath(queueOp, 1)}?${new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  };
  const keysView = (account: NonNullable<ReturnType<typeof service.account>>, newKey: pages.KeysView['newKey'] = null, message = ''): pages.KeysView =>
    ({ keys: service.keys(account), now: deps.now().toISOString(), newKey, message, exampleCall: exampleCall() });

  app.get('/portal/keys', (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    return html(reply, pages.keysPage(ctxOf(request, reply, account), keysView(account)));
  });
  app.post('/portal/keys', protect, (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    const made = service.createKey(account);
    const ctx = ctxOf(request, reply, account);
    if ('refused' in made) return html(reply, pages.keysPage(ctx, keysView(account, null, pages.notice(made.refused, 'error'))), 409);
    return html(reply, pages.keysPage(ctx, keysView(account, { key: made.key, note: 'A new key.' })));
  });
  app.post<{ Params: { id: string } }>('/portal/keys/:id/roll', protect, (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    const rolled = service.rollKey(account, Number(request.params.id));
    const ctx = ctxOf(request, reply, account);
    if ('refused' in rolled) return html(reply, pages.keysPage(ctx, keysView(account, null, pages.notice(rolled.refused, 'error'))), rolled.limit ? 409 : 404);
    const until = `${rolled.oldExpiresAt.slice(0, 16).replace('T', ' ')} UTC`;
    return html(reply, pages.keysPage(ctx, keysView(account, { key: rolled.key, note: `The key replacing the rolled one, which works until ${until}.` })));
  });
  app.post<{ Params: { id: string } }>('/portal/keys/:id/revoke', protect, (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    const done = service.revokeKey(account, Number(request.params.id));
    const ctx = ctxOf(request, reply, account);
    const message = done ? pages.notice('The key is revoked; it stops working within 5 seconds.') : pages.notice('That key is not an active key of this account.', 'error');
    return html(reply, pages.keysPage(ctx, keysView(account, null, message)), done ? 200 : 404);
  });
  app.post('/portal/payg', protect, (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    const requested = service.requestPayg(account, text(request.body, 'note'));
    if ('refused' in requested) {
      return html(reply, pages.keysPage(ctxOf(request, reply, account), keysView(account, null, pages.notice(requested.refused, 'error'))), 400);
    }
    const updated = service.account(request.cookies[SESSION_COOKIE])!;
    return html(reply, pages.keysPage(ctxOf(request, reply, updated), keysView(updated, null, pages.notice('Request sent: an operator approves Pay As You Grow.'))));
  });

  app.get('/portal/usage', (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    return html(reply, pages.usagePage(ctxOf(request, reply, account), service.usage(account)));
  });

  app.get('/portal/alerts', (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    const keys = service.keys(account).map((key) => ({
      key, alerts: deps.repos.alerts.list(key.id).map((alert) => ({ alert, deliveries: deps.repos.alerts.recent(alert.id) })),
    }));
    return html(reply, alertsPage(ctxOf(request, reply, account), keys));
  });

  app.get('/portal/notices', (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    const ctx = ctxOf(request, reply, account);
    if (!options.notices) return html(reply, pages.layout(ctx, 'E-mail notices', pages.notice('This service sends no usage notices.', 'error')), 404);
    return html(reply, noticesPage(ctx, options.notices.settings(account.id)));
  });
  app.post('/portal/notices', protect, (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    const ctx = ctxOf(request, reply, account);
    if (!options.notices) return html(reply, pages.layout(ctx, 'E-mail notices', pages.notice('This service sends no usage notices.', 'error')), 404);
    // An unchecked box is absent from the form: that notice is off.
    const chosen = Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, text(request.body, kind) === '1'])) as Record<(typeof NOTICE_KINDS)[number], boolean>;
    options.notices.saveSettings(account.id, chosen, deps.now().toISOString());
    return html(reply, noticesPage(ctx, options.notices.settings(account.id), pages.notice('Saved.')));
  });

  const sandboxLeft = (accountId: number) => Math.max(0, SANDBOX_CALLS_PER_DAY - deps.repos.sandbox.used(accountId, utcDay(deps.now())));
  app.get('/portal/sandbox', (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    return html(reply, pages.sandboxIndex(ctxOf(request, reply, account), products, sandboxLeft(account.id)));
  });
  const productOf = (slug: string) => products.find((op) => op.slug === slug);
  const defaults = (op: AnyOperation): Record<string, string> =>
    Object.fromEntries(Object.entries((op.selfCheck?.(deps) ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));

  app.get<{ Params: { slug: string } }>('/portal/sandbox/:slug', (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    const op = productOf(request.params.slug);
    if (!op) return html(reply, pages.layout(ctxOf(request, reply, account), 'No such product', pages.notice('There is no product of that name.', 'error')), 404);
    return html(reply, pages.sandboxForm(ctxOf(request, reply, account), op, parametersOf(op), defaults(op), null));
  });

  app.post<{ Params: { slug: string } }>('/portal/sandbox/:slug', protect, async (request, reply) => {
    const account = loggedIn(request, reply);
    if (!account) return reply;
    const op = productOf(request.params.slug);
    if (!op) return html(reply, pages.layout(ctxOf(request, reply, account), 'No such product', pages.notice('There is no product of that name.', 'error')), 404);
    const params = parametersOf(op);
    const form = (request.body ?? {}) as Form;
    const values: Record<string, string> = {};
    for (const p of params) {
      const v = form[p.name];
      if (typeof v === 'string' && v !== '') values[p.name] = v;
    }
    const pathNames = new Set(op.pathParams ?? []);
    const query = Object.fromEntries(Object.entries(values).filter(([k]) => !pathNames.has(k)));
    const path = Object.fromEntries(Object.entries(values).filter(([k]) => pathNames.has(k)));
    const outcome = await pipeline.call({
      op, transport: 'sandbox', requestId: request.id,
      authorization: `Session ${request.cookies[SESSION_COOKIE] ?? ''}`,
      address: request.ip,
      params: { values: query, ...(op.pathParams ? { path } : {}), text: true },
    });
    const restPath = routePath(op, op.versions[0]!).replace(/:([a-z_]+)/g, (_m, name: string) => encodeURIComponent(path[name] ?? ''));
    const qs = new URLSearchParams(query).toString();
    const url = `${publicUrl()}${restPath}${qs ? `?${qs}` : ''}`;
    const body = outcome.body ? JSON.stringify(JSON.parse(outcome.body), null, 2) : '';
    const result = { status: outcome.status, body, curl: `curl -H "Authorization: Bearer $BDDS_KEY" '${url.replace(/'/g, "'\\''")}'` };
    return html(reply, pages.sandboxForm(ctxOf(request, reply, account), op, params, values, result), outcome.status >= 500 ? 502 : 200);
  });
}
