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
  /**
   * Replaying: the instant the view was taken for. The sample shifted by whole weeks holds up to a week of
   * readings past it, which `range` never shows. Null: no bound (readings are shown where they happened).
   */
  untilS: number | null;
  label: string;
  category: string;
  realtime: boolean;
}

export interface ObservationsOptions {
  /** Demo replay: shift recorded series forward by whole weeks to end at the present. */
  replay: boolean;
}

export function createObservationsRepo(db: Db, options: ObservationsOptions) {
  // The series of a checkpoint by its primary key; the sources table (a handful of rows fixed by the
  // migrations) is read once: a source not in it ranks 100, as an imported feed.
  const seriesOf = db.prepare('SELECT source, last_ts FROM series WHERE ppid = ?');
  const sources = new Map((db.prepare('SELECT source, label, category, priority, realtime FROM sources').all() as
    { source: string; label: string; category: string; priority: number; realtime: number }[]).map((s) => [s.source, s]));
  const sourceOf = (source: string) => sources.get(source) ?? { source, label: source, category: 'import', priority: 100, realtime: 0 };
  const latestStmt = db.prepare(`SELECT ts, queue, wait_min, rate_per_h, counted, data_quality FROM observations
    WHERE ppid = ? AND source = ? AND ts <= ? ORDER BY ts DESC LIMIT 1`);
  const rangeStmt = db.prepare(`SELECT ts, queue, wait_min, rate_per_h, counted, data_quality FROM observations
    WHERE ppid = ? AND source = ? AND ts >= ? AND ts <= ? ORDER BY ts`);
  const withSeries = db.prepare('SELECT DISTINCT ppid FROM series').pluck();

  /** The series a checkpoint is read from at `nowS`, or null when nothing was ever observed. */
  function view(ppid: string, nowS: number): SeriesView | null {
    let best: { source: string; last_ts: number; label: string; category: string; realtime: number; priority: number } | null = null;
    for (const row of seriesOf.all(ppid) as { source: string; last_ts: number }[]) {
      const src = sourceOf(row.source);
      if (!best || src.priority < best.priority || (src.priority === best.priority && row.source < best.source)) best = { ...src, last_ts: row.last_ts };
    }
    const s = best;
    if (!s) return null;
    const sample = s.source.startsWith(SAMPLE_SOURCE_PREFIX);
    // Only the bundled sample is replayed: imported and live readings are shown where they happened.
    const shiftS = sample && options.replay && s.last_ts < nowS ? Math.ceil((nowS - s.last_ts) / WEEK_S) * WEEK_S : 0;
    return { ppid, source: s.source, sample, shiftS, untilS: shiftS === 0 ? null : nowS, label: s.label, category: s.category, realtime: s.realtime === 1 && !sample };
  }

  const shifted = (row: ObservationRow, shiftS: number): ObservationRow => (shiftS === 0 ? row : { ...row, ts: row.ts + shiftS });

  return {
    view,
    /** The latest reading at or before `nowS` (shifted in replay). */
    latest(v: SeriesView, nowS: number): ObservationRow | null {
      const row = latestStmt.get(v.ppid, v.source, nowS - v.shiftS) as ObservationRow | undefined;
      return row ? shifted(row, v.shiftS) : null;
    },
    /** Readings with `fromS <= ts <= toS` (shown instants), oldest first; a replayed view's none past its `untilS`. */
    range(v: SeriesView, fromS: number, toS: number): ObservationRow[] {
      const to = v.untilS === null ? toS : Math.min(toS, v.untilS);
      return (rangeStmt.all(v.ppid, v.source, fromS - v.shiftS, to - v.shiftS) as ObservationRow[]).map((r) => shifted(r, v.shiftS));
    },
    /** Checkpoints that have any observation. */
    ppidsWithData: (): Set<string> => new Set(withSeries.all() as string[]),
  };
}

export type ObservationsRepo = ReturnType<typeof createObservationsRepo>;
