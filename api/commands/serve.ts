/** `bdds serve`: start the service; SIGTERM/SIGINT drain in-flight requests and exit within 10 s. */
import { processIo, type CliIo } from './io.js';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { startServer } from '../server.js';
import { FEEDS } from '../../data/feeds/catalog.js';

export const SHUTDOWN_DEADLINE_MS = 10_000;

export const SERVE_USAGE = `Usage: bdds serve

Starts the service: opens (and migrates) the store, starts the engine pool and the background jobs,
and listens. On the first start of an empty store it creates a demo Explorer key and prints it once.
SIGTERM or SIGINT drain in-flight requests and exit.

Configuration (environment variables):
  BDDS_HOST            address to listen on (127.0.0.1)
  BDDS_PORT            port; 0 picks a free one (8080)
  BDDS_DB              SQLite file (./var/bdds.sqlite)
  BDDS_SERVICE_NAME    name in the attribution ("Border and Driver Data Service")
  BDDS_LOG_LEVEL       fatal|error|warn|info|debug|trace|silent (info)
  BDDS_NOW             pin the clock to an ISO instant (demos, tests)
  BDDS_INTERNAL_TOKEN  the operator's Bearer secret (at least 16 characters): internal tools call any
                       product with it, unmetered (unset: no internal caller)
  BDDS_THREADS         engine worker threads (cores - 1, at least 1)
  BDDS_DEMO_REPLAY     1: seed the recorded series and replay them to the present (labelled);
                       0: serve only what was imported (1)
  BDDS_TRUST_PROXY     trust X-Forwarded-For from the proxies named: 1 for one hop, a number of hops,
                       or a comma list of addresses/CIDRs (unset: use the socket address)
  BDDS_MAX_CONNECTIONS_PER_ADDRESS open connections one client address may hold (64; off behind
                       BDDS_TRUST_PROXY)

Several instances (docs/scale-out.md):
  BDDS_REDIS_URL       redis:// or rediss:// URL of a Redis shared by the instances: daily quotas,
                       per-second limits and revocation notices (unset: this instance's store alone)
  BDDS_REDIS_FAILURE   when Redis is down or does not answer within 200 ms: closed refuses counted
                       calls with 503 and Retry-After; open counts them in this instance's store (closed)

Live feeds (docs/feeds.md; \`bdds feeds list\`):
  BDDS_FEEDS           on (every feed), off, or the feeds to poll by name (unset: with BDDS_DEMO_REPLAY=0 the
                       feeds marked *, in the demo none)
  Per feed: BDDS_FEED_<NAME>_URL (URLs, comma-separated) and BDDS_FEED_<NAME>_INTERVAL_S (30 to 604800):
${FEEDS.map((f) => `  ${f.byDefault ? '*' : ' '} ${f.name.padEnd(15)} BDDS_FEED_${f.env}_URL, BDDS_FEED_${f.env}_INTERVAL_S (every ${f.intervalS} s)`).join('\n')}

Alerts (webhooks):
  BDDS_WEBHOOK_ALLOW_PRIVATE 1: webhooks may go to plain http, private, loopback and link-local addresses
                       (tests and closed networks; unset: https to public addresses only)

Assistant (optional language model, for phrasing only; every number is checked against the answer's figures):
  BDDS_ASSISTANT_LLM_URL   base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:8081/v1 (unset: off)
  BDDS_ASSISTANT_LLM_MODEL the model name sent to it (local)

Developer portal (/portal):
  BDDS_PUBLIC_URL      the address users reach the service at, for links in e-mails (the listening URL)
  BDDS_SMTP_URL        smtp:// or smtps:// server for the portal's e-mail (unset: written to BDDS_OUTBOX)
  BDDS_MAIL_FROM       sender of the portal's e-mail ("<service name> <no-reply@localhost>")
  BDDS_OUTBOX          folder for e-mail when no SMTP server is set (outbox/ beside BDDS_DB)
  BDDS_COOKIE_SECURE   1: cookies only over HTTPS; 0: also over plain HTTP (1 when BDDS_PUBLIC_URL is https)
  BDDS_PARTNER_URL     the partner dashboard (news submission, bus fleets) the portal links to, with the
                       account's verified e-mail as login_hint; keys, endpoints and apps are unchanged (unset: no link)`;

export async function serveCommand(args: string[], io: CliIo = processIo): Promise<number> {
  parseArgs({ args, options: {}, strict: true });
  const server = await startServer(loadConfig(io.env));
  if (server.demoKey) {
    // Printed, not logged: the one time this key is shown.
    io.out(`\nDemo API key (Explorer plan), shown once:\n\n  ${server.demoKey}\n\n` +
      `Try: curl -H "Authorization: Bearer <the key>" "${server.url}/api/v1/data/checkpoints?country=PL"\n`);
  }
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      server.deps.log.info({ signal }, 'shutting down');
      setTimeout(() => {
        server.deps.log.error('shutdown took too long; exiting');
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS).unref();
      void server.close().then(resolve, (err: unknown) => {
        server.deps.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  return 0;
}
