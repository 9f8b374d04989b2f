/**
 * What every road-report parser returns, and the small helpers they share. Parsers are pure: text in,
 * normalised records (models/road-reports.ts) out, with the line each came from and the rows or records they
 * could not use and why; the runner (run.ts) writes them. No parser reads the clock: a time a source leaves
 * implicit comes from `options.at`.
 */
import { parse } from 'csv-parse/sync';
import type { RoadGeometry, RoadReportRecord, TruckLimits } from '../../../models/road-reports.js';
import { zonedToUtc } from '../../../models/zoned-time.js';
import type { Rejected } from '../feed.js';

export interface ParsedRoadReports {
  /** The source id every record is stored under (`lt-eismoinfo`, `gddkia`, `datex2-gb`, `reports`, ...). */
  source: string;
  file: string;
  /** Rows (CSV) or records (XML) read, used or not. */
  rowsRead: number;
  reports: { line: number; record: RoadReportRecord }[];
  rejected: Rejected[];
}

export interface RoadFormatOptions {
  /** When the file was fetched, for sources that state no time. */
  at: Date;
  /** The source the operator names (`bdds import ... --source NAME`), for formats that do not fix one. */
  source?: string;
}

export type RoadReportParser = (text: string, file: string, options: RoadFormatOptions) => ParsedRoadReports;

export function emptyReports(source: string, file: string): ParsedRoadReports {
  return { source, file, rowsRead: 0, reports: [], rejected: [] };
}

/** Whitespace (tabs, newlines, runs of spaces) collapsed to one space and trimmed; null when nothing is left. */
export function cleanText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/**
 * A number from a cell or an XML text (`3.5`, `3,5`, ` 50 `); null for an empty one, undefined when it is
 * something else (the caller rejects it, naming the value).
 */
export function numberOf(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const text = String(value).trim();
  if (text === '') return null;
  if (!/^[-+]?\d+([.,]\d+)?$/.test(text)) return undefined;
  return Number(text.replace(',', '.'));
}

/** A WGS84 position as [lon, lat] (GeoJSON order), or null when it is not one (0,0 is never a position). */
export function lonLat(lat: number, lon: number): [number, number] | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180 || (lat === 0 && lon === 0)) return null;
  return [lon, lat];
}

/**
 * The geometry of a list of [lon, lat] positions: a LineString, with repeated consecutive positions dropped,
 * or a Point when only one distinct position is left. Null for an empty list.
 */
export function geometryOf(points: readonly [number, number][]): RoadGeometry | null {
  const line: [number, number][] = [];
  for (const p of points) {
    const last = line[line.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) line.push([p[0], p[1]]);
  }
  if (line.length === 0) return null;
  return line.length === 1 ? { type: 'Point', coordinates: line[0]! } : { type: 'LineString', coordinates: line };
}

/** Truck limits from the values a source states; null when it states none. */
export function truckLimits(limits: Partial<TruckLimits>): TruckLimits | null {
  const full: TruckLimits = {
    max_weight_t: limits.max_weight_t ?? null, max_axle_load_t: limits.max_axle_load_t ?? null, max_height_m: limits.max_height_m ?? null,
    max_width_m: limits.max_width_m ?? null, max_length_m: limits.max_length_m ?? null, speed_limit_kmh: limits.speed_limit_kmh ?? null,
  };
  return Object.values(full).some((v) => v !== null) ? full : null;
}

/**
 * Adds a report, or rejects it: when `report` is a reason, or when its source id repeats one already read in
 * this file (naming the first one's line).
 */
export function keepReport(parsed: ParsedRoadReports, seen: Map<string, number>, line: number, report: RoadReportRecord | string): void {
  if (typeof report === 'string') return void parsed.rejected.push({ file: parsed.file, line, reason: report });
  const first = seen.get(report.source_id);
  if (first !== undefined) return void parsed.rejected.push({ file: parsed.file, line, reason: `id '${report.source_id}' repeats the report of line ${first}` });
  seen.set(report.source_id, line);
  parsed.reports.push({ line, record: report });
}

/** Keeps the report of each CSV row (`csvTable`), rejecting rows whose width is not the header's and repeated ids. */
export function keepCsvRows(parsed: ParsedRoadReports, table: ReturnType<typeof csvTable>,
  reportOf: (cells: Record<string, string>) => RoadReportRecord | string): ParsedRoadReports {
  const seen = new Map<string, number>();
  for (const { line, width, cells } of table.rows) {
    parsed.rowsRead++;
    if (width !== table.header.length) {
      parsed.rejected.push({ file: parsed.file, line, reason: `${width} fields where the header has ${table.header.length}` });
      continue;
    }
    keepReport(parsed, seen, line, reportOf(cells));
  }
  return parsed;
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The UTC instant (ISO-8601) of a date-time: `2015-10-19T13:00:00+0200`, `...+02:00`, `...Z`. One without an
 * offset is wall-clock time in `zone` when given (models/zoned-time.ts: DST-correct), else not an instant: null.
 * Null too for anything that is not a date-time of the calendar.
 */
export function instantOf(text: string, zone?: string): string | null {
  const m = INSTANT.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', offset] = m;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.toISOString().slice(0, 10) !== `${y}-${mo}-${d}` || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const ms = Math.round(Number(`0${frac || '.0'}`) * 1000);
  if (offset === undefined) {
    if (zone === undefined) return null;
    return new Date(zonedToUtc(`${y}-${mo}-${d}`, `${h}:${mi}`, zone).getTime() + Number(s) * 1000 + ms).toISOString();
  }
  const o = offset === 'Z' ? 0 : (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(-2)));
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) + ms - o * 60_000).toISOString();
}

/** An XML element as fast-xml-parser returns it: its children (or {} for text or nothing). */
export const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A repeated (or single, or absent) XML element as a list. */
export const asList = (value: unknown): unknown[] => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]);

/** The trimmed text of an XML element (a string, or an object with `#text`); '' when it has none. */
export function xmlText(node: unknown): string {
  if (typeof node === 'string') return node.trim();
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  const inner = asObject(node)['#text'];
  return inner === undefined ? '' : String(inner).trim();
}

export { lineIndex } from '../source-lines.js';

/**
 * The header and data rows of a CSV file, each row with the line it starts on (a quoted cell may span lines:
 * csv-parse counts the line a record ends on) and its cells by column name. `width` is the row's number of
 * fields, to reject rows that do not match the header. Throws when the text is not CSV at all.
 */
export function csvTable(text: string): { header: string[]; rows: { line: number; width: number; cells: Record<string, string> }[] } {
  // One record delimiter: csv-parse counts lines unevenly when CRLF and LF mix (and inside quoted cells).
  const records = parse(text.replace(/\r\n/g, '\n'), {
    info: true, raw: true, skip_empty_lines: true, bom: true, relax_column_count: true, record_delimiter: '\n',
  }) as unknown as { record: string[]; info: { lines: number }; raw: string }[];
  const header = (records[0]?.record ?? []).map((name) => name.trim());
  const rows = records.slice(1).map(({ record, info, raw }) => {
    // `raw` holds the empty lines skipped before the record and ends with its delimiter; the newlines in between
    // are inside quoted cells.
    const inner = raw.replace(/^\n+/, '').replace(/\n$/, '').split('\n').length - 1;
    const cells: Record<string, string> = Object.create(null);
    header.forEach((name, i) => (cells[name] = record[i] ?? ''));
    return { line: info.lines - inner, width: record.length, cells };
  });
  return { header, rows };
}
