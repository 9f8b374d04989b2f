/**
 * Every `bdds import` is recorded here, once, whatever its format: the run gets the store, does its work
 * and returns its counts and exit code; this records one `import_runs` row (data/import-runs-repo.ts) with
 * the start and end by the injected clock (BDDS_NOW or the system's), also when the run throws (status
 * `failed`, the error's text) or rejected rows (`rejected-rows`, with or without --allow-rejects: the usable
 * rows are imported either way). A run that fails is rethrown after it is recorded; a store that cannot be
 * opened records nothing.
 */
import { createImportRunsRepo, type ImportDataset, type ImportRunStatus } from '../../data/import-runs-repo.js';
import { closeStore, openStore, type Db } from '../../data/store.js';
import type { Rejected } from '../../data/importers/feed.js';
import type { CliIo } from './io.js';

export interface ImportRunCounts {
  rowsRead: number;
  imported: number;
  duplicates: number;
  rejected: number;
}

/** What an import did with its rejected rows listed (the bus and road importers' result). */
export type ImportResult = Omit<ImportRunCounts, 'rejected'> & { rejected: Rejected[] };

export interface ImportRunContext {
  /** The files the run reads: the paths given until the run expands its folders and sets them. */
  files: string[];
}

export interface ImportRunOptions {
  dbPath: string;
  format: string;
  dataset: ImportDataset;
  source: string | null;
  paths: string[];
  now: () => Date;
  io: CliIo;
}

export function recordedImportRun(options: ImportRunOptions, run: (db: Db, context: ImportRunContext) => ImportRunCounts & { exitCode: number }): number {
  const startedAt = options.now();
  const db = openStore(options.dbPath);
  const context: ImportRunContext = { files: [...options.paths] };
  let outcome: (ImportRunCounts & { exitCode: number }) | null = null;
  let failure: { error: unknown } | null = null;
  try {
    try {
      outcome = run(db, context);
    } catch (error) {
      failure = { error };
    }
    const status: ImportRunStatus = failure ? 'failed' : outcome!.rejected > 0 ? 'rejected-rows' : 'ok';
    try {
      createImportRunsRepo(db).record({
        format: options.format, dataset: options.dataset, source: options.source, files: context.files,
        started_at: startedAt.toISOString(), finished_at: options.now().toISOString(), status,
        rows_read: outcome?.rowsRead ?? 0, imported: outcome?.imported ?? 0, duplicates: outcome?.duplicates ?? 0, rejected: outcome?.rejected ?? 0,
        error: failure ? messageOf(failure.error) : null,
      });
    } catch (err) {
      // The import itself stands (or failed for its own reason): say so, and keep its exit code.
      options.io.err(`bdds import: the run was not recorded: ${messageOf(err)}\n`);
    }
  } finally {
    closeStore(db);
  }
  if (failure) throw failure.error;
  return outcome!.exitCode;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
