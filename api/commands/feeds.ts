/** `bdds feeds list` and `bdds feeds run <name>`: the live feeds, for operators. */
import { parseArgs } from 'node:util';
import { createDataVersions } from '../../data/data-versions.js';
import { FEEDS, feedNamed, type FeedSetting } from '../../data/feeds/catalog.js';
import { createFeedsRepo } from '../../data/feeds-repo.js';
import { createObservationsRepo } from '../../data/observations-repo.js';
import { seedBundled } from '../../data/seed.js';
import { closeStore, openStore } from '../../data/store.js';
import { feedHealth } from '../../services/feeds/health.js';
import { createFeedRunner } from '../../services/feeds/runner.js';
import { createClock, feedUserAgent, loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { printColumns, processIo, requireStore, shown, type CliIo, UsageError } from './io.js';
import { shownUrl } from '../../data/feeds/redact-url.js';

export const FEEDS_USAGE = `Usage: bdds feeds list [--json]
       bdds feeds run <name> [--json]

list   every feed the service knows: whether this configuration polls it (BDDS_FEEDS; on by default with
       BDDS_DEMO_REPLAY=0), its interval and URLs, and how it stands (last attempt and success, failures,
       the last error, rows of the last good answer)
run    one poll of the feed now, through the same path as the service's (fetch, validate, store), and what
       it did; exit 1 when the poll failed. A service running on the same store shows its readings within
       5 s (it polls the store for other processes' writes).

Feeds: ${FEEDS.map((f) => f.name).join(', ')}. URLs and intervals: BDDS_FEED_<NAME>_URL, BDDS_FEED_<NAME>_INTERVAL_S
(docs/feeds.md), also for a feed BDDS_FEEDS does not select. Uses the store named by BDDS_DB, which must exist
(\`bdds serve\` or \`bdds import\` creates it).`;

/**
 * Every feed of the catalog with this configuration's URLs and interval (BDDS_FEED_<NAME>_URL and
 * _INTERVAL_S), whether or not BDDS_FEEDS selects it: an operator trying a feed's address with
 * `feeds run` before selecting it polls that address, and `feeds list` shows it. Read as the service
 * reads them (api/config.ts), by the same configuration with every feed selected.
 */
export function feedSettings(env: CliIo['env']): FeedSetting[] {
  return [...(loadConfig({ ...env, BDDS_FEEDS: 'on' }).feeds ?? [])];
}

export async function feedsCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, strict: true, options: { json: { type: 'boolean' } } });
  const [action, name] = positionals;
  if (action !== 'list' && action !== 'run') throw new UsageError(FEEDS_USAGE);
  if (action === 'run' && (!name || !feedNamed(name))) throw new UsageError(`${name ? `no feed '${name}'; ` : ''}name a feed: ${FEEDS.map((f) => f.name).join(', ')}`);
  const config = loadConfig(io.env);
  const now = createClock(config.now);
  const selected = config.feeds ?? [];
  const settings = feedSettings(io.env);
  requireStore(config.dbPath);
  const db = openStore(config.dbPath);
  try {
    const feeds = createFeedsRepo(db);
    if (action === 'list') {
      const health = feedHealth(settings, feeds, now());
      const rows = health.map((h) => ({ ...h, polled: selected.some((s) => s.name === h.name), urls: settings.find((s) => s.name === h.name)!.urls }));
      if (values.json) io.out(JSON.stringify(rows));
      else {
        // The URLs without query or credentials (a token there is the operator's, not the terminal's); --json gives them whole.
        printColumns(io, ['feed', 'polled', 'every', 'status', 'last success', 'failures', 'rows', 'last error', 'urls'], rows.map((r) => [
          r.name, r.polled ? 'yes' : 'no', `${r.interval_s} s`, r.status, r.last_success_at ?? '-', String(r.consecutive_failures), String(r.rows), r.last_error ?? '-',
          r.urls.map(shownUrl).join(', '),
        ]));
      }
      return 0;
    }
    seedBundled(db, { history: false, now: now() });
    const observations = createObservationsRepo(db, { replay: config.demoReplay });
    const runner = createFeedRunner(settings.filter((s) => s.name === name), {
      db, feeds, versions: createDataVersions(db, { observations, now, replay: config.demoReplay }),
      log: createLogger('silent'), now, userAgent: feedUserAgent(config),
    });
    const report = await runner.runNow(name!);
    io.out(values.json ? JSON.stringify(report) : `${report.feed}: ${report.outcome}${report.error ? ` (${shown(report.error)})` : ''}; rows ${report.rows}, ` +
      `added or changed ${report.imported}, already held ${report.duplicates}, rejected ${report.rejected}; ${report.durationMs} ms`);
    return report.outcome === 'failed' ? 1 : 0;
  } finally {
    closeStore(db);
  }
}
