/**
 * Reading observations for products. Each checkpoint is read from one series: its highest-priority
 * source (eCherha, then DPSU, then granica, then imported sources by name, then the bundled sample), so
 * that feeds measuring different things are never mixed in one line. In demo replay, the bundled
 * sample is shown shifted forward by whole weeks so that it ends at the present, labelled `replay`.
 */
import type { Db } from './store.js';

export const WEEK_S = 7 * 86_400;

/**
 * The bundled recorded series are stored under their own sources (`sample.echerha`, `sample.dpsu`,
 * `sample.granica`), ranked below every other source, so that imported or live readings of a checkpoint
 * always take over from the sample and are never shifted.
 */
export const SAMPLE_SOURCE_PREFIX = 'sample.';

export interface ObservationRow {
  ts: number;
  queue: number | null;
  wait_min: number | null;
  rate_per_h: number | null;
  counted: number;
  data_quality: 'high' | 'low';
}

export interface SeriesView {
  ppid: string;
  source: string;
  /** The bundled recorded sample (a `sample.*` source), the only data ever replayed. */
  sample: boolean;
  /** Seconds added to stored instants (0 unless replaying the sample). */
  shiftS: number;
  label: string;
  category: string;
  realtime: boolean;
}

export interface ObservationsOptions {
  /** Demo replay: shift recorded series forward by whole weeks to end at the present. */
  replay: boolean;
}

export function createObservationsRepo(db: Db, options: ObservationsOptions) {
  const seriesOf = db.prepare(`SELECT s.source, s.last_ts, coalesce(src.priority, 100) AS priority, coalesce(src.label, s.source) AS label,
      coalesce(src.category, 'import') AS category, coalesce(src.realtime, 0) AS realtime
    FROM series s LEFT JOIN sources src USING (source) WHERE s.ppid = ? ORDER BY priority, s.source LIMIT 1`);
  const latestStmt = db.prepare(`SELECT ts, queue, wait_min, rate_per_h, counted, data_quality FROM observations
    WHERE ppid = ? AND source = ? AND ts <= ? ORDER BY ts DESC LIMIT 1`);
  const rangeStmt = db.prepare(`SELECT ts, queue, wait_min, rate_per_h, counted, data_quality FROM observations
    WHERE ppid = ? AND source = ? AND ts >= ? AND ts <= ? ORDER BY ts`);
  const withSeries = db.prepare('SELECT DISTINCT ppid FROM series').pluck();

  /** The series a checkpoint is read from at `nowS`, or null when nothing was ever observed. */
  function view(ppid: string, nowS: number): SeriesView | null {
    const s = seriesOf.get(ppid) as { source: string; last_ts: number; label: string; category: string; realtime: number } | undefined;
    if (!s) return null;
    const sample = s.source.startsWith(SAMPLE_SOURCE_PREFIX);
    // Only the bundled sample is replayed: imported and live readings are shown where they happened.
    const shiftS = sample && options.replay && s.last_ts < nowS ? Math.ceil((nowS - s.last_ts) / WEEK_S) * WEEK_S : 0;
    return { ppid, source: s.source, sample, shiftS, label: s.label, category: s.category, realtime: s.realtime === 1 && !sample };
  }

  const shifted = (row: ObservationRow, shiftS: number): ObservationRow => (shiftS === 0 ? row : { ...row, ts: row.ts + shiftS });

  return {
    view,
    /** The latest reading at or before `nowS` (shifted in replay). */
    latest(v: SeriesView, nowS: number): ObservationRow | null {
      const row = latestStmt.get(v.ppid, v.source, nowS - v.shiftS) as ObservationRow | undefined;
      return row ? shifted(row, v.shiftS) : null;
    },
    /** Readings with `fromS <= ts <= toS` (shown instants), oldest first. */
    range(v: SeriesView, fromS: number, toS: number): ObservationRow[] {
      return (rangeStmt.all(v.ppid, v.source, fromS - v.shiftS, toS - v.shiftS) as ObservationRow[]).map((r) => shifted(r, v.shiftS));
    },
    /** Checkpoints that have any observation. */
    ppidsWithData: (): Set<string> => new Set(withSeries.all() as string[]),
  };
}

export type ObservationsRepo = ReturnType<typeof createObservationsRepo>;
