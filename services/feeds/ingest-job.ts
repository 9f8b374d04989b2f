/**
 * One feed answer's ingestion as a job: parsed, validated and stored on a connection of its own, in
 * transactions of `chunk` records with a short pause between them. The feed runner hands it to a thread
 * of its own (ingest-thread.ts) for the large daily files, which would otherwise hold the event loop.
 */
import { ingestCounts, parseTexts, writeParsed } from '../../data/importers/ingest.js';
import { closeStore, openStore, type Db } from '../../data/store.js';
import { busRoutePlacer } from '../bus/route-network.js';
import { refusal } from './validate.js';

/** How long the job pauses between two transactions. */
export const PAUSE_MS = 30;

export interface IngestJob {
  dbPath: string;
  format: string;
  docs: { text: string; file: string }[];
  atMs: number;
  nowMs: number;
  chunk: number;
  /** The source rows are stored under, for formats that take one (the feed's `source`). */
  source?: string;
}

export type IngestReply = { ok: true; counts: IngestCounts } | { ok: false; error: string };

export interface IngestCounts { rowsRead: number; imported: number; duplicates: number; rejected: number }

/**
 * A feed's answer parsed, refused whole when it fails validation (an Error `refused: ...`), else stored on
 * `db` through the import path (in transactions of `chunk` records, `between` them), with what it did. The
 * runner calls it on the service's connection for the small answers; `ingestJob` on its own for the large.
 */
export function ingestDocs(db: Db, format: string, docs: IngestJob['docs'],
  options: { at: Date; now: Date; source?: string; chunk?: number; between?: () => void }): IngestCounts {
  const parsed = parseTexts(format, docs, { at: options.at, ...(options.source ? { source: options.source } : {}) });
  const refused = refusal(parsed);
  if (refused) throw new Error(`refused: ${refused}`);
  const counts = ingestCounts(writeParsed(db, parsed, {
    at: options.at, now: options.now, placeRoutes: busRoutePlacer(db),
    ...(options.chunk ? { chunk: options.chunk } : {}), ...(options.between ? { between: options.between } : {}),
  }));
  return { rowsRead: counts.rowsRead, imported: counts.imported, duplicates: counts.duplicates, rejected: counts.rejected.length };
}

export function ingestJob(job: IngestJob): IngestReply {
  // A writer that waits for the service's counters rather than failing on them.
  const db = openStore(job.dbPath, { integrityCheck: false, busyTimeoutMs: 5_000 });
  try {
    // Between two transactions the job sleeps a little: SQLite's busy handler retries at growing
    // intervals, and a writer that took the lock back at once could keep it from the counters' writer.
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const between = () => void Atomics.wait(pause, 0, 0, PAUSE_MS);
    const options = { at: new Date(job.atMs), now: new Date(job.nowMs), chunk: job.chunk, between, ...(job.source ? { source: job.source } : {}) };
    return { ok: true, counts: ingestDocs(db, job.format, job.docs, options) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  } finally {
    closeStore(db);
  }
}
