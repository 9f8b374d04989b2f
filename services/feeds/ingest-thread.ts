/**
 * A feed's answer parsed, validated and stored by a thread of its own, on a connection of its own: for the
 * large daily files (MIMIT's 24,000 stations and 93,000 prices: measured 0.9 and 2.3 s of parsing and
 * writing; FlixBus's GTFS zip, inflated, parsed and its routes placed on the road graph), which would
 * otherwise hold the event loop. It writes in short transactions (`chunk`), so the
 * usage counters' writer, which waits at most 200 ms for the lock, commits between them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ingestCounts, parseTexts, writeParsed } from '../../data/importers/ingest.js';
import { closeStore, openStore } from '../../data/store.js';
import { busRoutePlacer } from '../bus/route-network.js';
import { refusal } from './validate.js';

/** How long the thread pauses between two transactions. */
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

function run(job: IngestJob): IngestReply {
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
    // Between two transactions this thread sleeps a little: SQLite's busy handler retries at growing
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

if (parentPort) parentPort.postMessage(run(workerData as IngestJob));
