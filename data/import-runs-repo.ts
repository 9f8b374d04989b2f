/**
 * Importer runs (`import_runs`, migration 11): one row per `bdds import`, written by the command once the
 * run has ended (api/commands/import-run.ts), read by the operator dashboard. Counts per dataset:
 *
 *   rows_read   every row of the files (bus networks: the routes read)
 *   imported    observations and bus crossings added; places and road reports added or updated; bus
 *               routes placed at a held checkpoint
 *   duplicates  what the store held already: observations and crossings of the same key, places and
 *               reports unchanged
 *   rejected    rows rejected (listed by the command with file and line)
 *
 * `status`: `failed` when the run stopped on an error (nothing imported; `error` says why), `rejected-rows`
 * when any row was rejected (the other rows were imported, with or without --allow-rejects), else `ok`.
 */
import type { Db } from './store.js';

export type ImportRunStatus = 'ok' | 'failed' | 'rejected-rows';
export type ImportDataset = 'observations' | 'places' | 'bus' | 'road';

export interface ImportRun {
  id: number;
  format: string;
  dataset: ImportDataset;
  /** The source named with --source, or null (the format's own). */
  source: string | null;
  /** The files read (a folder expanded), or the paths given when the run failed before expanding them. */
  files: string[];
  started_at: string;
  finished_at: string;
  status: ImportRunStatus;
  rows_read: number;
  imported: number;
  duplicates: number;
  rejected: number;
  /** Why a failed run failed (short); null otherwise. */
  error: string | null;
}

export type NewImportRun = Omit<ImportRun, 'id'>;

/** Error texts are kept short: the command printed the whole message. */
export const ERROR_MAX_CHARS = 500;

interface Row extends Omit<ImportRun, 'files'> {
  files: string;
}

const COLUMNS = 'id, format, dataset, source, files, started_at, finished_at, status, rows_read, imported, duplicates, rejected, error';

const toRun = (row: Row): ImportRun => ({ ...row, files: parseFiles(row.files) });

function parseFiles(text: string): string[] {
  try {
    const files: unknown = JSON.parse(text);
    return Array.isArray(files) ? files.map(String) : [text];
  } catch {
    return [text];
  }
}

export function createImportRunsRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO import_runs (format, dataset, source, files, started_at, finished_at, status, rows_read, imported, duplicates, rejected, error)
    VALUES (@format, @dataset, @source, @files, @started_at, @finished_at, @status, @rows_read, @imported, @duplicates, @rejected, @error)`);
  const selectLatest = db.prepare(`SELECT ${COLUMNS} FROM import_runs ORDER BY finished_at DESC, id DESC LIMIT ?`);
  return {
    /** Stores one run; its id. */
    record(run: NewImportRun): number {
      const error = run.error === null ? null : run.error.length > ERROR_MAX_CHARS ? `${run.error.slice(0, ERROR_MAX_CHARS - 1)}…` : run.error;
      return Number(insert.run({ ...run, files: JSON.stringify(run.files), error }).lastInsertRowid);
    },
    /** The latest `limit` runs, the newest first. */
    latest: (limit = 20): ImportRun[] => (selectLatest.all(Math.max(0, Math.floor(limit))) as Row[]).map(toRun),
  };
}

export type ImportRunsRepo = ReturnType<typeof createImportRunsRepo>;
