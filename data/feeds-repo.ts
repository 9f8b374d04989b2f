/**
 * The state of each live feed: when it was last tried and last succeeded, its failures (in a row and in
 * all), what its last good response held, and the validators of that response for a conditional GET.
 * Written by the feed runner after every attempt; read by `/status`, `/metrics`, the dashboard and `bdds
 * feeds list`.
 */
import type { Db } from './store.js';

export interface FeedState {
  name: string;
  last_attempt_at: string | null;
  last_success_at: string | null;
  /** The last failure's reason (short), null once the feed succeeds again. */
  last_error: string | null;
  consecutive_failures: number;
  fetches: number;
  failures: number;
  /** Fetches answered 304 Not Modified (counted as successes: the data held is current). */
  not_modified: number;
  /** Rows the last good response held, and readings or records it added or changed. */
  last_rows: number;
  last_imported: number;
  /** Rows of the last good answer rejected, each with its reason (a quirk of the feed, an unknown crossing). */
  last_rejected: number;
  last_duration_ms: number | null;
  etag: string | null;
  last_modified: string | null;
}

/** Error texts kept short: the log has the whole of it. */
const ERROR_MAX_CHARS = 300;

export type FeedOutcome =
  | { kind: 'ok'; at: string; durationMs: number; rows: number; imported: number; rejected: number; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified'; at: string; durationMs: number }
  | { kind: 'failed'; at: string; durationMs: number; /** Shown on the public /status: URLs already without credentials or query (the runner's redactUrls). */ error: string };

export function createFeedsRepo(db: Db) {
  const one = db.prepare('SELECT * FROM feeds WHERE name = ?');
  const all = db.prepare('SELECT * FROM feeds ORDER BY name');
  const ensure = db.prepare('INSERT INTO feeds (name) VALUES (?) ON CONFLICT (name) DO NOTHING');
  const ok = db.prepare(`UPDATE feeds SET last_attempt_at = @at, last_success_at = @at, last_error = NULL, consecutive_failures = 0,
      fetches = fetches + 1, last_rows = @rows, last_imported = @imported, last_rejected = @rejected, last_duration_ms = @durationMs,
      etag = @etag, last_modified = @lastModified
    WHERE name = @name`);
  const notModified = db.prepare(`UPDATE feeds SET last_attempt_at = @at, last_success_at = @at, last_error = NULL, consecutive_failures = 0,
      fetches = fetches + 1, not_modified = not_modified + 1, last_imported = 0, last_duration_ms = @durationMs WHERE name = @name`);
  const failed = db.prepare(`UPDATE feeds SET last_attempt_at = @at, last_error = @error, consecutive_failures = consecutive_failures + 1,
      fetches = fetches + 1, failures = failures + 1, last_duration_ms = @durationMs WHERE name = @name`);
  const record = db.transaction((name: string, outcome: FeedOutcome) => {
    ensure.run(name);
    if (outcome.kind === 'ok') ok.run({ name, ...outcome });
    else if (outcome.kind === 'not-modified') notModified.run({ name, ...outcome });
    else failed.run({ name, ...outcome, error: outcome.error.length > ERROR_MAX_CHARS ? `${outcome.error.slice(0, ERROR_MAX_CHARS - 1)}…` : outcome.error });
  });
  /** Moves with every attempt recorded here (cache versions of what shows the feeds). */
  let generation = 0;
  return {
    get generation() {
      return generation;
    },
    /** A feed's state, or null before its first attempt. */
    get: (name: string): FeedState | null => (one.get(name) as FeedState | undefined) ?? null,
    all: (): FeedState[] => all.all() as FeedState[],
    /** Records one attempt's outcome. */
    record(name: string, outcome: FeedOutcome): void {
      record(name, outcome);
      generation++;
    },
  };
}

export type FeedsRepo = ReturnType<typeof createFeedsRepo>;
