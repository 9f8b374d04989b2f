/**
 * A user's series from one or more CSV files (a series split by year): one time column and one value
 * column. Times are unix seconds, ISO-8601 with an offset, or local date-times without one
 * (`2016-07-14 08:00[:00]`, `T` or space) read in the given zone. A local time that the zone skips
 * (spring change) is rejected; a local time the zone repeats (autumn change) is read as its first
 * occurrence, and a second row with the same local time as the second. Every rejected row is kept with
 * its file, line and reason; empty values are missing hours, not rejections.
 */
import { readFileSync } from 'node:fs';
import { csvRows, isoSeconds } from '../../data/importers/feed.js';
import { resampleHourly } from '../../engine/resample.js';
import { wallToInstants, zoneSegments } from '../../engine/zone-offsets.js';

export interface RejectedRow { file: string; line: number; reason: string }

export interface SeriesFile {
  /** Readings kept, in file order: instant (s) and value (NaN where the cell was empty). */
  ts: number[];
  values: number[];
  rows: number;
  emptyValues: number;
  rejected: RejectedRow[];
  dst: {
    /** Local times the zone skips: their rows are rejected. */
    skipped: { file: string; line: number; local: string }[];
    /** Local times the zone repeats: how many rows held each, and how they were read. */
    repeated: { local: string; rows: number; read_as: string }[];
  };
}

/** A file lacks the time or the value column (a usage error, not a rejected row). */
export class MissingColumnError extends Error {}

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Seconds of a local date-time without offset read as if it were UTC (its wall time), or null when it is not one. */
export function naiveWallSeconds(text: string): number | null {
  const m = NAIVE.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const back = new Date(ms);
  if (back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d! || h! > 23 || mi! > 59 || s! > 59) return null;
  return ms / 1000;
}

const offsetText = (s: number) => `UTC${s < 0 ? '-' : '+'}${String(Math.floor(Math.abs(s) / 3600)).padStart(2, '0')}:${String((Math.abs(s) % 3600) / 60).padStart(2, '0')}`;

export function readSeriesCsv(files: readonly string[], timeCol: string, valueCol: string, timezone: string): SeriesFile {
  const out: SeriesFile = { ts: [], values: [], rows: 0, emptyValues: 0, rejected: [], dst: { skipped: [], repeated: [] } };
  const parsed: { file: string; line: number; time: string; cell: string }[] = [];
  for (const file of files) {
    for (const { line, row, bad } of csvRows(readFileSync(file), file)) {
      if (!(timeCol in row) || !(valueCol in row)) throw new MissingColumnError(`${file} has no column '${!(timeCol in row) ? timeCol : valueCol}'`);
      out.rows++;
      if (bad) out.rejected.push(bad);
      else parsed.push({ file, line, time: row[timeCol]!.trim(), cell: row[valueCol]!.trim() });
    }
  }
  const walls = parsed.map((p) => naiveWallSeconds(p.time));
  const known = walls.filter((w): w is number => w !== null);
  const segments = known.length === 0 ? [] : zoneSegments(timezone, Math.min(...known) - 2 * 86_400, Math.max(...known) + 2 * 86_400);
  const seen = new Map<number, number>();
  parsed.forEach((p, i) => {
    const reject = (reason: string) => out.rejected.push({ file: p.file, line: p.line, reason });
    const wall = walls[i]!;
    const v = p.cell === '' ? NaN : Number(p.cell);
    const badValue = p.cell !== '' && !Number.isFinite(v) ? `value '${p.cell}' is not a number` : v < 0 ? `value ${p.cell} is negative` : null;
    let t: number | null;
    if (/^\d{9,11}$/.test(p.time)) t = Number(p.time);
    else if (wall === null) t = isoSeconds(p.time);
    else {
      const instants = wallToInstants(segments, wall);
      if (instants.length === 0) {
        out.dst.skipped.push({ file: p.file, line: p.line, local: p.time });
        return reject(`local time ${p.time} does not exist in ${timezone} (skipped by the change to summer time)`);
      }
      if (badValue) return reject(badValue);
      // Only kept rows count as occurrences of a local time.
      const occurrence = seen.get(wall) ?? 0;
      seen.set(wall, occurrence + 1);
      if (instants.length === 2 && occurrence >= 2) return reject(`a third row for local time ${p.time}, which ${timezone} repeats only once`);
      if (instants.length === 1 && occurrence >= 1) return reject(`a second row for local time ${p.time} (${timezone} has it once)`);
      t = instants[Math.min(occurrence, instants.length - 1)]!;
    }
    if (t === null) return reject(`time '${p.time}' is not unix seconds, ISO-8601 with an offset, or a local date-time YYYY-MM-DD HH:MM[:SS]`);
    if (badValue) return reject(badValue);
    if (p.cell === '') out.emptyValues++;
    out.ts.push(t);
    out.values.push(v);
  });
  for (const [wall, rows] of seen) {
    const instants = wallToInstants(segments, wall);
    if (instants.length !== 2) continue;
    const local = new Date(wall * 1000).toISOString().slice(0, 16).replace('T', ' ');
    const offsets = instants.map((t) => offsetText(wall - t));
    out.dst.repeated.push({ local, rows, read_as: rows >= 2
      ? `first row ${offsets[0]}, second row ${offsets[1]}`
      : `the single row as the first occurrence (${offsets[0]}); the repeated hour (${offsets[1]}) has no row` });
  }
  return out;
}

/**
 * The instant of a local date-time (`2016-07-14T00:00`, no offset) in `timezone`, or of an ISO time with
 * an offset; the first occurrence of a repeated hour; null for a time the zone skips or that does not parse.
 */
export function localInstant(text: string, timezone: string): number | null {
  const wall = naiveWallSeconds(text.trim());
  if (wall === null) return isoSeconds(text.trim());
  return wallToInstants(zoneSegments(timezone, wall - 2 * 86_400, wall + 2 * 86_400), wall)[0] ?? null;
}

/** The readings as an hourly series (the mean of each hour; NaN where none) from the hour of the first one. */
export function hourlySeries(file: Pick<SeriesFile, 'ts' | 'values'>): { startS: number; values: Float64Array } | null {
  if (file.ts.length === 0) return null;
  let lo = Infinity;
  let hi = -Infinity;
  for (const t of file.ts) { lo = Math.min(lo, t); hi = Math.max(hi, t); }
  const startS = Math.floor(lo / 3600) * 3600;
  return { startS, values: resampleHourly(file.ts, file.values, startS, Math.floor(hi / 3600) - startS / 3600 + 1) };
}
