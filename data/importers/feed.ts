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

/**
 * Rows of a CSV file (header first) with their 1-based line numbers. A row with the wrong number of
 * fields is returned as `bad` (the caller rejects it); a file that cannot be parsed at all throws.
 */
export function csvRows(text: string | Buffer, file = ''): { line: number; row: Record<string, string>; bad?: Rejected }[] {
  const records = parse(text, { info: true, skip_empty_lines: true, bom: true, relax_column_count: true, record_delimiter: ["\r\n", "\n"] }) as unknown as
    { record: string[]; info: { lines: number } }[];
  const header = records[0]?.record ?? [];
  return records.slice(1).map(({ record, info }) => {
    const row: Record<string, string> = Object.create(null);
    header.forEach((name, i) => (row[name] = record[i] ?? ''));
    return record.length === header.length
      ? { line: info.lines, row }
      : { line: info.lines, row, bad: { file, line: info.lines, reason: `${record.length} fields where the header has ${header.length}` } };
  });
}

/** Calls `read` for each well-formed CSV row, counting rows and rejecting malformed ones with their line. */
export function forEachRow(feed: ParsedFeed, text: string | Buffer, read: (line: number, row: Record<string, string>) => void): void {
  for (const { line, row, bad } of csvRows(text, feed.file)) {
    feed.rowsRead++;
    if (bad) feed.rejected.push(bad);
    else read(line, row);
  }
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
