/**
 * The live feeds, kept polling: each on its interval (the catalog's or the operator's), at most one fetch in
 * flight per feed, after failures backing off exponentially with jitter (30 s, 60 s, ... up to its interval),
 * and every attempt recorded (data/feeds-repo.ts). A poll fetches (data/feeds/fetch.ts), parses with the
 * same parser a file import uses, refuses an answer that fails validation whole (validate.ts), and stores
 * the rest through the same write path (data/importers/ingest.ts); when it changed anything the data
 * versions move (caches, and scale-out's notice to the other instances). Nothing a feed sends reaches a
 * client's request: a refused or failed poll leaves the last good data served, with its age.
 */
import type { Logger } from 'pino';
import type { DataVersions } from '../../data/data-versions.js';
import { feedNamed, type FeedDefinition, type FeedSetting } from '../../data/feeds/catalog.js';
import { fetchFeed, FeedFetchError } from '../../data/feeds/fetch.js';
import { redactUrls } from '../../data/feeds/redact-url.js';
import type { FeedsRepo } from '../../data/feeds-repo.js';
import type { Db } from '../../data/store.js';
import { ingestDocs, type IngestJob, type IngestReply } from './ingest-job.js';
import { ingestOffThread } from './ingest-off-thread.js';

/** Records per transaction of an off-thread import: the write lock is let go between them (~40 ms each here). */
export const OFF_THREAD_CHUNK = 2_000;

/** The first retry after a failure; it doubles with each failure in a row, up to the feed's interval. */
export const FIRST_RETRY_S = 30;

export interface FeedRunnerParts {
  db: Db;
  feeds: FeedsRepo;
  versions: DataVersions;
  log: Logger;
  now: () => Date;
  /** Names the service to the upstreams. */
  userAgent: string;
  /** Jitter's random source (tests pin it). */
  random?: () => number;
  /**
   * Runs an off-thread feed's ingestion job: on a thread of its own (the default). Tests of what a feed
   * stores run the same job in process (ingest-job.ts), each thread costing a test ~1.5 s of CPU.
   */
  ingest?: (job: IngestJob) => Promise<IngestReply>;
}

export interface FeedRunReport {
  feed: string;
  outcome: 'ok' | 'not-modified' | 'failed';
  rows: number;
  imported: number;
  duplicates: number;
  rejected: number;
  error: string | null;
  durationMs: number;
}

/** The delay before the next attempt (ms): the interval after a success, else the backoff, each with ±20 % jitter. */
export function nextDelayMs(setting: FeedSetting, consecutiveFailures: number, random: () => number): number {
  const base = consecutiveFailures === 0 ? setting.intervalS : Math.min(setting.intervalS, FIRST_RETRY_S * 2 ** (consecutiveFailures - 1));
  return Math.round(base * 1000 * (0.8 + 0.4 * random()));
}

export function createFeedRunner(settings: readonly FeedSetting[], parts: FeedRunnerParts) {
  const random = parts.random ?? Math.random;
  const inFlight = new Map<string, Promise<FeedRunReport>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const stop = new AbortController();
  let started = false;

  async function attempt(def: FeedDefinition, setting: FeedSetting): Promise<FeedRunReport> {
    const t0 = performance.now();
    const at = parts.now();
    const held = parts.feeds.get(def.name);
    const report = (outcome: FeedRunReport['outcome'], fields: Partial<FeedRunReport> = {}): FeedRunReport => ({
      feed: def.name, outcome, rows: 0, imported: 0, duplicates: 0, rejected: 0, error: null, durationMs: Math.round(performance.now() - t0), ...fields,
    });
    try {
      const docs: { text: string; file: string }[] = [];
      let validators = { etag: null as string | null, lastModified: null as string | null };
      const requests = setting.urls.flatMap((url) => def.requests?.(url, at) ?? [{ url, method: 'GET' as const, label: url }]);
      // Conditional GET only where one GET makes the answer: validators are kept per feed.
      const single = requests.length === 1 && requests[0]!.method === 'GET';
      for (const request of requests) {
        const got = await fetchFeed(request.url, {
          timeoutMs: (setting.timeoutS ?? def.timeoutS) * 1000, maxBytes: def.maxBytes, userAgent: parts.userAgent, signal: stop.signal,
          headers: { ...def.headers, ...request.headers },
          ...(request.method === 'POST' ? { post: request.body ?? '' } : {}),
          ...(single ? { etag: held?.etag ?? null, lastModified: held?.last_modified ?? null } : {}),
        });
        if (got.status === 'not-modified') {
          const done = report('not-modified');
          parts.feeds.record(def.name, { kind: 'not-modified', at: at.toISOString(), durationMs: done.durationMs });
          return done;
        }
        docs.push({ text: got.text, file: request.label });
        validators = { etag: got.etag, lastModified: got.lastModified };
      }
      const counts = def.offThread
        ? await offThread(def, docs, at)
        : ingestDocs(parts.db, def.format, docs, { at, now: parts.now(), ...(def.source ? { source: def.source } : {}) });
      const done = report('ok', { rows: counts.rowsRead, imported: counts.imported, duplicates: counts.duplicates, rejected: counts.rejected });
      parts.feeds.record(def.name, {
        kind: 'ok', at: at.toISOString(), durationMs: done.durationMs, rows: counts.rowsRead, imported: counts.imported, rejected: counts.rejected,
        etag: single ? validators.etag : null, lastModified: single ? validators.lastModified : null,
      });
      // What it stored reaches cache keys (and the other instances) now, not at the next poll of the store.
      if (counts.imported > 0) parts.versions.refresh();
      return done;
    } catch (err) {
      // Shown on the public /status and in the log: never a URL's credentials or query (tokens).
      const error = redactUrls(err instanceof FeedFetchError ? err.message : `${(err as Error).message}`.replace(/\s+/g, ' '));
      const done = report('failed', { error });
      parts.feeds.record(def.name, { kind: 'failed', at: at.toISOString(), durationMs: done.durationMs, error });
      if (!stop.signal.aborted) parts.log.warn({ feed: def.name, error }, 'feed poll failed; the data held stays served');
      return done;
    }
  }

  /** A large answer parsed, validated and stored on a thread of its own, in transactions of OFF_THREAD_CHUNK records. */
  async function offThread(def: FeedDefinition, docs: { text: string; file: string }[], at: Date) {
    const reply = await (parts.ingest ?? ingestOffThread)({ dbPath: parts.db.name, format: def.format, docs, atMs: at.getTime(), nowMs: parts.now().getTime(), chunk: OFF_THREAD_CHUNK,
      ...(def.source ? { source: def.source } : {}) });
    if (!reply.ok) throw new Error(reply.error);
    return reply.counts;
  }

  /** One poll of `name` now, or the one already under way. */
  function runNow(name: string): Promise<FeedRunReport> {
    const setting = settings.find((s) => s.name === name);
    const def = feedNamed(name);
    if (!setting || !def) return Promise.reject(new Error(`no feed '${name}' is configured`));
    let running = inFlight.get(name);
    if (!running) {
      running = attempt(def, setting).finally(() => inFlight.delete(name));
      inFlight.set(name, running);
    }
    return running;
  }

  function schedule(setting: FeedSetting, delayMs: number): void {
    if (stop.signal.aborted) return;
    const timer = setTimeout(() => {
      void runNow(setting.name).then(() => {
        if (stop.signal.aborted) return;
        const failures = parts.feeds.get(setting.name)?.consecutive_failures ?? 0;
        schedule(setting, nextDelayMs(setting, failures, random));
      });
    }, Math.min(delayMs, 2 ** 31 - 1));
    timer.unref();
    timers.set(setting.name, timer);
  }

  return {
    settings,
    runNow,
    /**
     * Starts every feed: one whose last success is younger than its interval waits out the rest of it (a
     * restart does not refetch), the others start within a few seconds of each other.
     */
    start(): void {
      if (started) return;
      started = true;
      const nowMs = parts.now().getTime();
      for (const setting of settings) {
        const last = parts.feeds.get(setting.name)?.last_success_at;
        const dueIn = last ? Date.parse(last) + setting.intervalS * 1000 - nowMs : 0;
        schedule(setting, Math.max(dueIn, 0) + Math.round(random() * 5_000));
      }
    },
    /** Stops the timers and the fetches under way (their attempts are recorded as failed, nothing stored). */
    async close(): Promise<void> {
      stop.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}

export type FeedRunner = ReturnType<typeof createFeedRunner>;
