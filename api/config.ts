/**
 * Configuration: environment variables with defaults, validated by one schema at start.
 * Only the server entry and the CLI call `loadConfig`; nothing else reads process.env.
 */
import { dirname, join } from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import { FEEDS, type FeedSetting } from '../data/feeds/catalog.js';
import { hasCredentials, redactUrls, shownUrl } from '../data/feeds/redact-url.js';
import { integer } from '../models/query.js';

/**
 * Which forwarding proxies are believed for the client's address: a number of proxy hops in front of the
 * service, or the proxies' addresses and CIDR ranges (and proxy-addr's names `loopback`, `linklocal`,
 * `uniquelocal`).
 */
export type TrustProxy = number | readonly string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 16;

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `BDDS_TRUST_PROXY`: `1` (or another hop count), or a comma-separated list of addresses and CIDR ranges. */
const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim();
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= MAX_PROXY_HOPS) return hops;
    ctx.addIssue({ code: 'custom', message: `a hop count must be between 1 and ${MAX_PROXY_HOPS} (leave it unset to trust no proxy)` });
    return z.NEVER;
  }
  const entries = value.split(',').map((e) => e.trim()).filter((e) => e.length > 0);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: `must be a hop count or a comma-separated list of IP addresses and CIDR ranges${bad.length > 0 ? ` (not: ${bad.join(', ')})` : ''}` });
    return z.NEVER;
  }
  return Object.freeze(entries);
});

/** One or more http(s) URLs, comma-separated (a feed polled at several addresses imports their answers together). */
const feedUrls = z.string().transform((raw, ctx) => {
  const urls = raw.split(',').map((u) => u.trim()).filter((u) => u.length > 0);
  const bad = urls.filter((u) => !z.url({ protocol: /^https?$/ }).safeParse(u).success);
  if (urls.length === 0 || bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: `must be one or more http(s) URLs, comma-separated${bad.length > 0 ? ` (not: ${bad.map(shownUrl).join(', ')})` : ''}` });
    return z.NEVER;
  }
  // fetch refuses a URL with a user name or password, and the failure would show it: refused here, not echoed.
  const withCredentials = urls.filter(hasCredentials);
  if (withCredentials.length > 0) {
    ctx.addIssue({ code: 'custom', message: `must not carry a user name or password (${withCredentials.map(shownUrl).join(', ')}): a feed is fetched without credentials in its URL` });
    return z.NEVER;
  }
  return urls;
});

/** `BDDS_FEEDS`: `on`, `off`, or the names of the feeds to run. */
const feedSelection = z.string().transform((raw, ctx): 'on' | 'off' | string[] => {
  const value = raw.trim();
  if (value === 'on' || value === 'off') return value;
  const names = value.split(',').map((n) => n.trim()).filter((n) => n.length > 0);
  const unknown = names.filter((n) => !FEEDS.some((f) => f.name === n));
  if (names.length === 0 || unknown.length > 0) {
    ctx.addIssue({ code: 'custom', message: `must be on, off or feed names (${FEEDS.map((f) => f.name).join(', ')})${unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''}` });
    return z.NEVER;
  }
  return names;
});

/** BDDS_FEED_<NAME>_URL and BDDS_FEED_<NAME>_INTERVAL_S for every feed of the catalog (data/feeds/catalog.ts). */
const feedVariables = Object.fromEntries(FEEDS.flatMap((f) => [
  [`BDDS_FEED_${f.env}_URL`, feedUrls.optional()],
  [`BDDS_FEED_${f.env}_INTERVAL_S`, integer(30, 7 * 86_400).optional()],
])) as Record<string, z.ZodOptional<z.ZodType<string[] | number>>>;

/** Variables whose values a configuration error never echoes. */
const SECRET_VARIABLES = new Set(['BDDS_INTERNAL_TOKEN']);

export const ConfigSchema = z.object({
  BDDS_HOST: z.string().min(1).default('127.0.0.1'),
  BDDS_PORT: integer(0, 65_535).default(8080),
  BDDS_DB: z.string().min(1).default('./var/bdds.sqlite'),
  BDDS_SERVICE_NAME: z.string().min(1).max(80).default('Border and Driver Data Service'),
  BDDS_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BDDS_NOW: z.iso.datetime({ offset: true }).optional(),
  BDDS_INTERNAL_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  BDDS_THREADS: integer(1, 64).optional(),
  BDDS_DEMO_REPLAY: z.enum(['0', '1']).default('1'),
  BDDS_TRUST_PROXY: trustProxy.optional(),
  BDDS_MAX_CONNECTIONS_PER_ADDRESS: integer(1, 2_048).optional(),
  BDDS_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  BDDS_SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  BDDS_MAIL_FROM: z.string().min(3).max(200).optional(),
  BDDS_OUTBOX: z.string().min(1).optional(),
  BDDS_COOKIE_SECURE: z.enum(['0', '1']).optional(),
  // The partner dashboard (news submission, bus fleets): linked from the portal when set (interface, general rule 5).
  BDDS_PARTNER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  // Webhooks (alerts) to plain http, private, loopback and link-local addresses: tests and closed networks only.
  BDDS_WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).optional(),
  BDDS_ASSISTANT_LLM_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) base URL of an OpenAI-compatible API' }).optional(),
  BDDS_ASSISTANT_LLM_MODEL: z.string().min(1).max(200).optional(),
  // scale-out (issue 21): shared counters, limits and change notices for several instances
  BDDS_REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  BDDS_REDIS_FAILURE: z.enum(['closed', 'open']).optional(),
  // live feeds: on by default in production (BDDS_DEMO_REPLAY=0), off in the demo
  BDDS_FEEDS: feedSelection.optional(),
  ...feedVariables,
});

export interface Config {
  host: string;
  port: number;
  dbPath: string;
  serviceName: string;
  logLevel: z.infer<typeof ConfigSchema>['BDDS_LOG_LEVEL'];
  /** Pins the clock (ISO instant) for demos and tests. */
  now: string | null;
  internalToken: string | null;
  threads: number | null;
  /** Demo configuration: seed the recorded series and replay them shifted to the present. */
  demoReplay: boolean;
  /**
   * Forwarding proxies believed for the client's address (`X-Forwarded-For`): null (unset) uses the socket's
   * address. Optional so that configurations built in code need not name it.
   */
  trustProxy?: TrustProxy | null;
  /** Open connections allowed per client address (null: the server's default). Off behind a trusted proxy. */
  maxConnectionsPerAddress?: number | null;
  /** The assistant's optional language model (phrasing only); null: off. */
  assistantLlm?: { url: string; model: string } | null;
  /** The developer portal's mail and cookies (defaults: outbox folder beside the store, links to the listening URL). */
  portal?: PortalConfig;
  /** Scale-out (issue 21): counters, limits and change notices in a shared Redis; null (unset): the embedded ones. */
  redis?: RedisConfig | null;
  /** The live feeds to poll, with their URLs and intervals (none in the demo unless BDDS_FEEDS says so). */
  feeds?: readonly FeedSetting[];
  /** Alerts' webhooks may reach plain http and private addresses (BDDS_WEBHOOK_ALLOW_PRIVATE=1). */
  webhookAllowPrivate?: boolean;
}

export interface RedisConfig {
  url: string;
  /**
   * Redis down or not answering: `closed` refuses counted calls (503 service_unavailable, Retry-After);
   * `open` counts them in this instance's store (over-admission bounded: docs/scale-out.md).
   */
  failure: 'closed' | 'open';
}

export interface PortalConfig {
  /** The address users reach the service at, for links in e-mails; null: the listening URL. */
  publicUrl: string | null;
  /** null: e-mails are written to `outbox` as .eml files instead of being sent. */
  smtpUrl: string | null;
  mailFrom: string;
  outbox: string;
  /** `Secure` on the portal's cookies: on unless the public URL is plain http (or BDDS_COOKIE_SECURE=0). */
  secureCookies: boolean;
  /** The partner dashboard the portal links to (BDDS_PARTNER_URL); null: no link. */
  partnerUrl: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the BDDS_* variables; throws ConfigError naming every bad one. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const picked = Object.fromEntries(Object.keys(ConfigSchema.shape).filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]));
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    // The value is echoed so the operator sees what was read, except a secret's, and URLs without credentials or query.
    const echo = (name: string) => (SECRET_VARIABLES.has(name) ? '(not shown)' : JSON.stringify(redactUrls(String(picked[name]))));
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}=${echo(String(i.path[0]))}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    host: c.BDDS_HOST,
    port: c.BDDS_PORT,
    dbPath: c.BDDS_DB,
    serviceName: c.BDDS_SERVICE_NAME,
    logLevel: c.BDDS_LOG_LEVEL,
    now: c.BDDS_NOW ?? null,
    internalToken: c.BDDS_INTERNAL_TOKEN ?? null,
    threads: c.BDDS_THREADS ?? null,
    demoReplay: c.BDDS_DEMO_REPLAY === '1',
    trustProxy: c.BDDS_TRUST_PROXY ?? null,
    maxConnectionsPerAddress: c.BDDS_MAX_CONNECTIONS_PER_ADDRESS ?? null,
    assistantLlm: c.BDDS_ASSISTANT_LLM_URL ? { url: c.BDDS_ASSISTANT_LLM_URL, model: c.BDDS_ASSISTANT_LLM_MODEL ?? 'local' } : null,
    portal: {
      publicUrl: c.BDDS_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
      smtpUrl: c.BDDS_SMTP_URL ?? null,
      mailFrom: c.BDDS_MAIL_FROM ?? `${c.BDDS_SERVICE_NAME} <no-reply@localhost>`,
      outbox: c.BDDS_OUTBOX ?? join(dirname(c.BDDS_DB), 'outbox'),
      secureCookies: c.BDDS_COOKIE_SECURE !== undefined ? c.BDDS_COOKIE_SECURE === '1' : (c.BDDS_PUBLIC_URL?.startsWith('https:') ?? false),
      partnerUrl: c.BDDS_PARTNER_URL ?? null,
    },
    redis: c.BDDS_REDIS_URL ? { url: c.BDDS_REDIS_URL, failure: c.BDDS_REDIS_FAILURE ?? 'closed' } : null,
    webhookAllowPrivate: c.BDDS_WEBHOOK_ALLOW_PRIVATE === '1',
    feeds: feedsOf(c as Record<string, unknown>, c.BDDS_FEEDS ?? (c.BDDS_DEMO_REPLAY === '1' ? 'off' : 'default')),
  };
}

/**
 * The feeds selected, each with its URLs and interval (the catalog's unless overridden): `on` every feed,
 * `default` (BDDS_FEEDS unset in production) those polled by default, or the ones named.
 */
function feedsOf(c: Record<string, unknown>, selection: 'on' | 'off' | 'default' | string[]): FeedSetting[] {
  const chosen = selection === 'off' ? [] : selection === 'on' ? FEEDS : selection === 'default' ? FEEDS.filter((f) => f.byDefault)
    : FEEDS.filter((f) => selection.includes(f.name));
  return chosen.map((f) => ({
    name: f.name,
    urls: (c[`BDDS_FEED_${f.env}_URL`] as string[] | undefined) ?? f.urls,
    intervalS: (c[`BDDS_FEED_${f.env}_INTERVAL_S`] as number | undefined) ?? f.intervalS,
  }));
}

/** The injected clock: pinned to `nowIso` when given, the system clock otherwise. */
export function createClock(nowIso: string | null): () => Date {
  if (nowIso === null) return () => new Date();
  const pinned = new Date(nowIso).getTime();
  return () => new Date(pinned);
}

/**
 * The clock limits over elapsed time run on (a key's per-second tokens, its quota's day, failed-authentication
 * windows, the key cache): the system clock, or with `nowIso` pinned, that instant plus the real time since
 * this was called. On the pinned clock alone a second never passed: a demo key got two answers and then 429
 * for good, with `Retry-After: 1`.
 */
export function createElapsedClock(nowIso: string | null, realMs: () => number = Date.now): () => Date {
  if (nowIso === null) return () => new Date(realMs());
  const pinned = new Date(nowIso).getTime();
  const startedMs = realMs();
  return () => new Date(pinned + realMs() - startedMs);
}

/** How the service names itself to the upstreams it polls: who it is and where its operator can be found. */
export function feedUserAgent(config: Pick<Config, 'serviceName' | 'portal'>): string {
  const where = config.portal?.publicUrl ? `; +${config.portal.publicUrl}` : '';
  return `bdds/0.1 (${config.serviceName}${where})`;
}
