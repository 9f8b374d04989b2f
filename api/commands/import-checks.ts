/**
 * What `bdds import` checks before it imports: the paths given (each there; a folder holding files), the
 * options a format takes (`--source`), and that each file of a CSV observation format is one: its header
 * holds the columns the format reads. A file of another format would otherwise have every row rejected
 * with a reason about a cell (`bad scraped_at or echerha_id`), as if the file were damaged.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { COLUMNS as GRANICA_COLUMNS } from '../../data/importers/granica.js';
import { UsageError } from './io.js';

/**
 * The formats whose rows take their source from `--source` (their parsers' `source` option); every other
 * format names its own source, and `--source` is refused for it rather than ignored.
 */
export const SOURCE_FORMATS: readonly string[] = ['csv', 'ndjson', 'fuel-csv', 'road-csv', 'datex2-situation', 'bus-crossings', 'gtfs', 'flixbus-network'];

/** Refuses `--source` for a format that does not take one (exit 2), naming those that do. */
export function checkSourceOption(format: string, source: string | undefined): void {
  if (source === undefined || SOURCE_FORMATS.includes(format)) return;
  throw new UsageError(`--source is not taken by ${format}, whose rows name their own source; it names the source of ${SOURCE_FORMATS.join(', ')}`);
}

/**
 * Each path given is a file, or a folder holding at least one file; else bad usage (exit 2), before the
 * store is opened: nothing is imported and no run is recorded. Without this a missing path surfaced as the
 * system's `ENOENT: no such file or directory, stat ...` (exit 1), and an empty folder as `files 0` (exit 0).
 */
export function checkPaths(paths: readonly string[]): void {
  for (const path of paths) {
    let folder: boolean;
    try {
      folder = statSync(path).isDirectory();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') throw new UsageError(`no file or folder ${path}: nothing was imported`);
      throw err;
    }
    if (folder && !readdirSync(path).some((name) => isFile(join(path, name)))) {
      throw new UsageError(`nothing found to import: the folder ${path} holds no files`);
    }
  }
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The columns a CSV observation format reads: all of `all`, and at least one of each `oneOf` group. */
interface Header {
  all: readonly string[];
  oneOf?: readonly (readonly string[])[];
}

/** From the parsers (data/importers/granica.ts, echerha.ts, dpsu.ts, generic.ts) and docs/import-formats.md. */
const OBSERVATION_HEADERS: Readonly<Record<string, Header>> = {
  granica: { all: ['scraped_at', 'crossing_id'], oneOf: [GRANICA_COLUMNS.map(([column]) => column)] },
  echerha: { all: ['scraped_at', 'echerha_id', 'virtual_wait_s', 'vehicles_waiting'] },
  dpsu: { all: ['crossing_id'], oneOf: [['source_updated_utc', 'scraped_at'], ['cars_waiting', 'trucks_waiting']] },
  csv: { all: ['ppid', 'time'], oneOf: [['queue', 'wait_min', 'rate_per_h']] },
};

/** The first record of a CSV text, read as the parsers read it (BOM, empty lines); null when it cannot be read. */
function headerOf(text: string): string[] | null {
  try {
    const [first] = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, to: 1, record_delimiter: ['\r\n', '\n'] }) as string[][];
    return first ?? null;
  } catch {
    return null; // the parser says what is wrong with the file
  }
}

/** What of `format`'s columns the header lacks: each missing column, and each group none of which is there. */
export function missingColumns(format: string, header: readonly string[]): string[] {
  const wanted = OBSERVATION_HEADERS[format];
  if (!wanted) return [];
  const have = new Set(header.map((name) => name.trim()));
  return [
    ...wanted.all.filter((column) => !have.has(column)),
    ...(wanted.oneOf ?? []).filter((group) => !group.some((column) => have.has(column))).map((group) => `one of ${group.join('/')}`),
  ];
}

/**
 * Refuses the import (before anything is written; the run is recorded as failed, exit 1) when a file of a
 * CSV observation format has a header without the columns the format reads, naming them, as the place
 * formats refuse a file whose header lacks theirs. A blank file is left to the caller (nothing to import).
 */
export function checkHeaders(format: string, docs: readonly { text: string; file: string }[]): void {
  if (!Object.hasOwn(OBSERVATION_HEADERS, format)) return;
  for (const { text, file } of docs) {
    if (text.trim() === '') continue;
    const header = headerOf(text);
    if (header === null) continue;
    const missing = missingColumns(format, header);
    if (missing.length === 0) continue;
    const has = header.slice(0, 8).map((name) => name.slice(0, 40)).join(', ') + (header.length > 8 ? ', …' : '');
    throw new Error(`${file}: not a file of the ${format} format: its header lacks ${missing.join(', ')} (it has ${has}); nothing was imported`);
  }
}

/** Refuses (exit 1) files read whole that are every one blank: nothing to import. */
export function refuseBlank(files: readonly string[], texts: readonly { text: string }[]): void {
  if (texts.every((t) => t.text.trim() === '')) throw nothingFound(files, true);
}

/** The error (exit 1) for files that hold nothing to import: blank, or without a row. */
export function nothingFound(files: readonly string[], blank: boolean): Error {
  const which = files.length === 1 ? `${files[0]} is` : `the ${files.length} files are`;
  return new Error(`nothing found to import: ${which} ${blank ? 'empty' : 'without rows'}; nothing was imported`);
}
