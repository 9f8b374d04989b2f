/**
 * One feed answer's ingestion as a job: parsed, validated and stored on a connection of its own, in
 * transactions of `chunk` records with a short pause between them. The feed runner hands it to a thread
 * of its own (ingest-thread.ts) for the large daily files, which would otherwise hold the event loop.
 */
import { ingestCounts, parseTexts, writeParsed } from '../../data/importers/ingest.js';
import { closeStore, openStore } from '../../data/store.js';
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

export type IngestReply =
  | { ok: true; counts: { rowsRead: number; imported: number; duplicates: number; rejected: number } }
  | { ok: false; error: string };

export function ingestJob(job: IngestJob): IngestReply {
  const at = new Date(job.atMs);
  let parsed;
  try {
    parsed = parseTexts(job.format, job.docs, { at, ...(job.source ? { source: job.source } : {}) });
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  const refused = refusal(parsed);
  if (refused) return { ok: false, error: `refused: ${refused}` };
  // A writer that waits for the service's counters rather than failing on them.
  const db = openStore(job.dbPath, { integrityCheck: false, busyTimeoutMs: 5_000 });
  try {
    // Between two transactions the job sleeps a little: SQLite's busy handler retries at growing
    // intervals, and a writer that took the lock back at once could keep it from the counters' writer.
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const between = () => void Atomics.wait(pause, 0, 0, PAUSE_MS);
    const counts = ingestCounts(writeParsed(db, parsed, { at, now: new Date(job.nowMs), chunk: job.chunk, between, placeRoutes: busRoutePlacer(db) }));
    return { ok: true, counts: { rowsRead: counts.rowsRead, imported: counts.imported, duplicates: counts.duplicates, rejected: counts.rejected.length } };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  } finally {
    closeStore(db);
  }
}
