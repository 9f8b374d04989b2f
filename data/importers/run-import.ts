/**
 * The one ingestion path: parsed feeds -> resolved ppids -> observation rows, in one transaction
 * (a fatal error imports nothing), `INSERT OR IGNORE` on (ppid, source, ts) so importing twice adds
 * nothing, with the series summary table kept in step.
 */
import type { Observation } from '../../models/observation.js';
import type { Db } from '../store.js';
import type { ParsedFeed, Rejected } from './feed.js';
import type { Resolution } from './resolve.js';

export interface ImportSummary {
  rowsRead: number;
  /** Readings of the rows not rejected: imported + duplicates + skipped; the progress counts these. */
  readings: number;
  imported: number;
  /** Readings the store already held (same checkpoint, source and instant): not imported again. */
  duplicates: number;
  /** Readings for no served checkpoint, or special queues: not errors, not imported. */
  skipped: number;
  /** Rows with no value at all. */
  empty: number;
  /** One entry per rejected row, with all its reasons; nothing of a rejected row is counted elsewhere. */
  rejected: Rejected[];
}

export interface ImportOptions {
  /** Called every `progressEvery` readings with how many are done of how many. */
  onProgress?: (done: number, total: number) => void;
  progressEvery?: number;
  /**
   * The clock's now (unix seconds): a reading timed more than AHEAD_ALLOWED_S after it is rejected with the
   * reason. Unset (the bundled history, scripts): no such check.
   */
  nowS?: number;
}

/**
 * How far after the clock a reading may be timed (two sources' clocks a few minutes apart). Further ahead,
 * it is a time zone or clock error (local time read as UTC is 1-3 hours ahead here): held, it would be
 * shown as the live reading hours late, and sit in the history at the wrong hour.
 */
export const AHEAD_ALLOWED_S = 15 * 60;

/** The rejection reason of a reading timed `ts` (unix seconds) when the clock reads `nowS`, or null. */
export function aheadOfClock(ts: number, nowS: number | undefined): string | null {
  if (nowS === undefined || ts <= nowS + AHEAD_ALLOWED_S) return null;
  const iso = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');
  return `time ${iso(ts)} is ${Math.round((ts - nowS) / 60)} min after the clock (${iso(nowS)}): a time zone or clock error`;
}

export function importFeeds(db: Db, feeds: readonly ParsedFeed[], resolve: (r: ParsedFeed['readings'][number]['reading']) => Resolution, options: ImportOptions = {}): ImportSummary {
  const insert = db.prepare(`INSERT OR IGNORE INTO observations (ppid, source, ts, queue, wait_min, rate_per_h, counted, data_quality)
    VALUES (@ppid, @source, @ts, @queue, @wait_min, @rate_per_h, @counted, @data_quality)`);
  const upsertSeries = db.prepare(`INSERT INTO series (ppid, source, first_ts, last_ts, rows) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (ppid, source) DO UPDATE SET first_ts = min(first_ts, excluded.first_ts), last_ts = max(last_ts, excluded.last_ts),
      rows = rows + excluded.rows`);
  const summary: ImportSummary = { rowsRead: 0, readings: 0, imported: 0, duplicates: 0, skipped: 0, empty: 0, rejected: [] };
  // Resolve before writing: a row naming an unknown checkpoint is then rejected whole and once (with
  // any reason the parser found), and its readings count neither in the progress nor in the summary.
  const rejected = new Map<string, { file: string; line: number; reasons: Set<string> }>();
  const reject = (file: string, line: number, reason: string) => {
    const key = `${file}\n${line}`;
    const row = rejected.get(key) ?? { file, line, reasons: new Set<string>() };
    row.reasons.add(reason);
    rejected.set(key, row);
  };
  const resolved = feeds.map((feed) => {
    summary.rowsRead += feed.rowsRead;
    summary.empty += feed.empty;
    for (const r of feed.rejected) reject(r.file, r.line, r.reason);
    return feed.readings.map(({ line, reading }) => {
      const resolution = resolve(reading);
      if ('reject' in resolution) reject(feed.file, line, resolution.reject);
      const ahead = aheadOfClock(reading.ts, options.nowS);
      if (ahead) reject(feed.file, line, ahead);
      return { line, reading, resolution };
    });
  });
  const usable = feeds.map((feed, i) => resolved[i]!.filter(({ line }) => !rejected.has(`${feed.file}\n${line}`)));
  const total = usable.reduce((n, readings) => n + readings.length, 0);
  const every = options.progressEvery ?? 5_000;
  db.transaction(() => {
    const touched = new Map<string, { ppid: string; source: string; first: number; last: number; rows: number }>();
    feeds.forEach((feed, i) => {
      for (const { reading, resolution } of usable[i]!) {
        summary.readings++;
        // The last report comes once, after the loop.
        if (summary.readings % every === 0 && summary.readings < total) options.onProgress?.(summary.readings, total);
        if (!('ppid' in resolution)) {
          // Rejections were left out above: what resolves to no checkpoint here is a skip.
          summary.skipped++;
          continue;
        }
        const counted = reading.counted ?? true;
        const row: Observation = {
          ppid: resolution.ppid, source: reading.source ?? feed.source, ts: reading.ts, queue: reading.queue,
          wait_min: reading.wait_min, rate_per_h: reading.rate_per_h, counted, data_quality: counted ? 'high' : 'low',
        };
        if (insert.run({ ...row, counted: counted ? 1 : 0 }).changes === 0) {
          summary.duplicates++;
          continue;
        }
        summary.imported++;
        const key = `${row.ppid}|${row.source}`;
        const t = touched.get(key) ?? { ppid: row.ppid, source: row.source, first: row.ts, last: row.ts, rows: 0 };
        t.first = Math.min(t.first, row.ts);
        t.last = Math.max(t.last, row.ts);
        t.rows++;
        touched.set(key, t);
      }
    });
    for (const t of touched.values()) upsertSeries.run(t.ppid, t.source, t.first, t.last, t.rows);
  })();
  options.onProgress?.(summary.readings, total);
  summary.rejected = [...rejected.values()].map(({ file, line, reasons }) => ({ file, line, reason: [...reasons].join('; ') }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return summary;
}
