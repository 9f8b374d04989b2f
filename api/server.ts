/**
 * The server entry: the only place that opens the store, starts the pool and the jobs, builds the app
 * and listens. `close()` drains in-flight requests, then stops jobs, pool and store, in that order.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { seedService } from '../services/seed.js';
import { startAlerts, type RunningAlerts } from '../services/alerts/start.js';
import { closeStore, openStore, withStoreLock, type Db } from '../data/store.js';
import type { ServicePoolOptions } from '../services/worker/pool.js';
import { createServicePool } from '../services/worker/pool.js';
import { installConnectionGuard, type ConnectionGuard, type ConnectionGuardOptions } from './rest/connection-guard.js';
import { buildApp } from './app.js';
import { createMailer } from './portal/mailer.js';
import { runUsageNotices, USAGE_NOTICES_INTERVAL_MS } from './portal/usage-notices.js';
import { createUsageNoticesRepo } from '../data/usage-notices-repo.js';
import { issueKey } from './access/issue-key.js';
import { LAST_USED_FLUSH_MS } from './access/last-used.js';
import { createClock, createElapsedClock, feedUserAgent, loadConfig, type Config } from './config.js';
import { createDeps } from './create-deps.js';
import { createScaleOut } from './scale-out.js';
import type { Deps } from './deps.js';
import { createScheduler } from '../services/jobs/scheduler.js';
import { DAY_STATS_INTERVAL_MS, runDayStats } from '../services/jobs/day-stats-job.js';
import { FORECAST_INTERVAL_MS, runForecastModels } from '../services/jobs/forecast-job.js';
import { runStatusChecks } from '../services/jobs/status-check.js';
import { createLogger } from './logger.js';
import { createFeedRunner, type FeedRunner } from '../services/feeds/runner.js';
import type { AnyOperation } from '../services/operation.js';
import { operations } from '../services/registry.js';

export const DEMO_EMAIL = 'demo@localhost';
export const STATUS_INTERVAL_MS = 5 * 60_000;
/** Connections beyond this are refused at the socket. */
export const MAX_CONNECTIONS = 2_048;
/** Open connections per client address (one client must not take them all); closed at once beyond it. */
export const MAX_CONNECTIONS_PER_ADDRESS = 64;
/** How often the server looks for data written by other processes (and, in replay, newly visible readings). */
export const DATA_VERSIONS_POLL_MS = 5_000;

export interface RunningServer {
  app: FastifyInstance;
  deps: Deps;
  /** The store the server opened (tests and tools that read it directly). */
  db: Db;
  url: string;
  /** The demo Explorer key created on the first start of an empty store (shown once), else null. */
  demoKey: string | null;
  /** Resolves when the first background day-stats and forecast-model runs (and the status re-check) are done. */
  modelsReady: Promise<void>;
  /** Open connections, per address and in total, and what was refused or shed. */
  connections: ConnectionGuard;
  /** The live feeds' runner (`runNow` for operators and tests). */
  feeds: FeedRunner;
  /** Alerts' evaluation and webhook delivery (tests wait on them). */
  alerts: RunningAlerts;
  close: () => Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  engine?: ServicePoolOptions;
  /** Defaults to the registry; tests add their own. */
  operations?: readonly AnyOperation[];
  /** How often the store is polled for other processes' writes (default DATA_VERSIONS_POLL_MS; tests raise it). */
  dataVersionsPollMs?: number;
  /** Overrides of the connection limits (tests lower them). */
  connections?: Partial<Pick<ConnectionGuardOptions, 'maxConnections' | 'maxPerAddress' | 'shedAbove'>>;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  const db = openStore(config.dbPath);
  const seeded = seedService(db, { history: config.demoReplay, now: createClock(config.now)() });
  if (seeded.directoryLoaded) log.info('loaded the bundled checkpoint directory');
  if (seeded.busRoutes) log.info({ routes: seeded.busRoutes.routes, crossings: seeded.busRoutes.crossings }, 'placed the bundled bus routes at their checkpoints');
  if (seeded.places) {
    const p = seeded.places;
    log.info({ stations: p.stations.added, prices: p.prices.added, national_prices: p.countryPrices.added, places: p.pois.added }, 'imported the bundled places');
  }
  if (seeded.history) log.info({ imported: seeded.history.imported }, 'imported the bundled PL-UA queue history');
  const engine = createServicePool({ dbPath: config.dbPath, replay: config.demoReplay }, { ...(config.threads ? { threads: config.threads } : {}), ...options.engine });
  try {
    await engine.verify();
  } catch (err) {
    await engine.close();
    closeStore(db);
    throw err;
  }
  // Scale-out (issue 21): with BDDS_REDIS_URL, counters, limits and change notices are shared through Redis.
  const now = createClock(config.now);
  const elapsedNow = createElapsedClock(config.now);
  const scaleOut = config.redis ? createScaleOut(config.redis, { db, log, now }) : null;
  const { deps, lastUsed, authenticator } = createDeps({
    db, engine, log,
    now, elapsedNow,
    settings: { serviceName: config.serviceName, internalToken: config.internalToken, demoReplay: config.demoReplay, assistantLlm: config.assistantLlm ?? null,
      feeds: config.feeds ?? [], webhookAllowPrivate: config.webhookAllowPrivate === true },
    ...(scaleOut ? { scaleOut } : {}),
  });
  // Under the store's write lock, checked again inside: of instances started together on a new store, one creates the demo key.
  const demoKey = deps.repos.keys.count() === 0
    ? withStoreLock(db, () => (deps.repos.keys.count() === 0 ? issueKey(deps.repos.keys, { email: DEMO_EMAIL, plan: 'explorer' }, deps.now()).key : null))
    : null;
  const ops = options.operations ?? operations;
  // A configuration built in code without portal settings gets the defaults for its own store and name.
  const portal = config.portal ?? loadConfig({ BDDS_DB: config.dbPath, BDDS_SERVICE_NAME: config.serviceName }).portal!;
  let listeningUrl = '';
  const mailer = createMailer(portal, log, deps.now);
  const notices = createUsageNoticesRepo(db);
  const app = buildApp(deps, {
    operations: ops, trustProxy: config.trustProxy ?? null,
    portal: { mailer, publicUrl: () => portal.publicUrl ?? listeningUrl, secureCookies: portal.secureCookies, partnerUrl: portal.partnerUrl ?? null, notices },
  });
  const scheduler = createScheduler(log);
  if (scaleOut) {
    await scaleOut.start({ deps, authenticator, operations: ops });
    await scheduler.start(scaleOut.writebackJob);
  }
  const statusJob = { name: 'status', intervalMs: STATUS_INTERVAL_MS, run: (signal: AbortSignal) => runStatusChecks(ops, deps, signal) };
  // A new store waits for its first round before listening (/status never answers empty). A store with a
  // round from before (a restart) serves that one, with its checked_at, while the new round runs after the
  // socket opens: the round exercises every product (about 1.5 s of loading gazetteer, indexes, language tools).
  const statusHeld = deps.repos.status.all().length > 0;
  const firstStatus = scheduler.start(statusJob);
  if (!statusHeld) await firstStatus;
  await scheduler.start({ name: 'last-used', intervalMs: LAST_USED_FLUSH_MS, run: async () => lastUsed.flush() });
  // Usage notices by e-mail (80 % and 100 % of a quota class, a key about to expire), from the counters, off the request path.
  await scheduler.start({ name: 'usage-notices', intervalMs: USAGE_NOTICES_INTERVAL_MS, run: (signal) => runUsageNotices({
    repo: notices, send: (mail) => mailer.send(mail), now: deps.now, serviceName: config.serviceName, publicUrl: () => portal.publicUrl ?? listeningUrl, log,
  }, signal) }, { firstRunInMs: USAGE_NOTICES_INTERVAL_MS });
  await scheduler.start({ name: 'portal-purge', intervalMs: 3_600_000, run: async () => void deps.repos.accounts.purgeExpired(deps.now().toISOString()) });
  // Imports by another process, and in replay the readings that the clock reveals, reach cache keys within this.
  await scheduler.start({ name: 'data-versions', intervalMs: options.dataVersionsPollMs ?? DATA_VERSIONS_POLL_MS, run: async () => deps.versions.poll() });
  // The daily computations run in the background so that a start is quick; /status is re-checked once
  // they have finished (until then day-stats and forecast may show degraded on a brand-new store). Results
  // still fresh from before a restart are kept: the first run waits until they are a day old.
  const dueInMs = (oldest: string | null, intervalMs: number) => (oldest === null ? 0 : Date.parse(oldest) + intervalMs - deps.now().getTime());
  const modelsReady = scheduler.start({ name: 'day-stats', intervalMs: DAY_STATS_INTERVAL_MS, run: (signal) => runDayStats(deps, signal) },
    { firstRunInMs: dueInMs(deps.repos.dayStats.oldestGeneratedAt(), DAY_STATS_INTERVAL_MS) })
    .then(() => scheduler.start({ name: 'forecast-models', intervalMs: FORECAST_INTERVAL_MS, run: (signal) => runForecastModels(deps, signal) },
      { firstRunInMs: dueInMs(deps.repos.forecastModels.oldestGeneratedAt(), FORECAST_INTERVAL_MS) }))
    .then(() => firstStatus)
    .then(() => scheduler.runJob(statusJob));

  await app.listen({ host: config.host, port: config.port, listenTextResolver: (address) => `bdds listening on ${address}` });
  // Alerts (docs/alerts.md): evaluated when a checkpoint's readings move, delivered from the store's outbox.
  const alerts = startAlerts(deps, { log, post: { allowPrivate: config.webhookAllowPrivate === true, userAgent: feedUserAgent(config) } });
  // The live feeds (none in the demo unless BDDS_FEEDS says so): polled from now on, off the request path.
  const feeds = createFeedRunner(config.feeds ?? [], {
    db, feeds: deps.repos.feeds, versions: deps.versions, log, now: deps.now, userAgent: feedUserAgent(config),
  });
  feeds.start();
  if ((config.feeds ?? []).length > 0) log.info({ feeds: (config.feeds ?? []).map((f) => f.name) }, 'polling the live feeds');
  // Sets the global cap (server.maxConnections) too. Behind a trusted proxy every client shares the proxy's
  // address, so the per-address limit is off there (the proxy has to limit clients); shedding stays.
  const connections = installConnectionGuard(app.server, {
    maxConnections: MAX_CONNECTIONS, maxPerAddress: config.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS, ...options.connections,
    behindProxy: config.trustProxy != null, log,
  });
  app.server.headersTimeout = 10_000;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  listeningUrl = url;
  log.info({ mail: portal.smtpUrl ? 'smtp' : 'outbox', to: mailer.target, secureCookies: portal.secureCookies }, `developer portal at ${portal.publicUrl ?? url}/portal`);
  if (!portal.secureCookies && !['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
    log.warn('portal cookies are sent over plain HTTP: set BDDS_PUBLIC_URL to the https address users reach (or BDDS_COOKIE_SECURE=1)');
  }

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      app.closing = true;
      // Sockets of requests still in flight become idle after their answers: close them as they do, instead
      // of waiting for the clients' keep-alive time-outs (Fastify closes only the ones idle at the start).
      const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close().finally(() => clearInterval(sweeper));
      await scheduler.close();
      await feeds.close();
      await alerts.close();
      await scaleOut?.close();
      lastUsed.flush();
      await engine.close();
      await deps.counters.close?.();
      closeStore(db);
      log.info('bdds stopped');
    })();
    return closing;
  };
  return { app, deps, db, url, demoKey, close, modelsReady, connections, feeds, alerts };
}
