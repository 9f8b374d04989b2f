/** What every feed parser returns: readings with their line, and the rows it could not use and why. */
import { parse } from 'csv-parse/sync';
import type { SourceReading } from '../../models/observation.js';

export interface Rejected {
  file: string;
  line: number;
  reason: string;
}

export interface ParsedFeed {
  source: string;
  file: string;
  rowsRead: number;
  readings: { line: number; reading: SourceReading }[];
  rejected: Rejected[];
  /** Rows that carry no value at all (empty cells are missing values, not zeros). */
  empty: number;
}

export function emptyFeed(source: string, file: string): ParsedFeed {
  return { source, file, rowsRead: 0, readings: [], rejected: [], empty: 0 };
}

/** Rows of a CSV file with their 1-based line numbers; a malformed file throws (the import is fatal). */
export function csvRows(text: string | Buffer): { line: number; row: Record<string, string> }[] {
  const records = parse(text, { columns: true, info: true, skip_empty_lines: true, bom: true, relax_column_count: false }) as
    { record: Record<string, string>; info: { lines: number } }[];
  return records.map(({ record, info }) => ({ line: info.lines, row: record }));
}

/** A non-negative number from a cell; null for an empty cell; undefined when the cell is not a number. */
export function cellNumber(cell: string | undefined): number | null | undefined {
  if (cell === undefined || cell.trim() === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(cell.trim())) return undefined;
  const value = Number(cell);
  return value >= 0 ? value : undefined;
}

/** Unix seconds of an ISO-8601 instant that states its offset; null when it does not parse. */
export function isoSeconds(cell: string | undefined): number | null {
  if (!cell || !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(cell.trim())) return null;
  const ms = Date.parse(cell.trim().replace(' ', 'T'));
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}
