/**
 * The embedded store: one better-sqlite3 file in WAL mode, integrity-checked and migrated on open.
 */
import Database from 'better-sqlite3';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations.js';

export type Db = Database.Database;

/** Raised when the file is not a healthy SQLite database; the store refuses to serve it. */
export class StoreCorruptError extends Error {
  constructor(readonly path: string, detail: string) {
    super(`The store at ${path} failed its integrity check (${detail}). ` +
      'It was left untouched: restore it from a backup or move it aside to start with a fresh store.');
    this.name = 'StoreCorruptError';
  }
}

export interface StoreOptions {
  readonly?: boolean;
  /** How long a statement waits for a lock before failing (ms); short, because the main thread blocks. */
  busyTimeoutMs?: number;
  /** Run `PRAGMA quick_check` first (default). Worker connections skip it: the server checked at start. */
  integrityCheck?: boolean;
  /**
   * How long opening waits for another process that holds the store (ms): instances started together on
   * a new store take turns to switch it to WAL and migrate it (default 60 s; then busyTimeoutMs applies).
   */
  startupWaitMs?: number;
}

/** How long a process waits at start for another that is creating, migrating or seeding the same store. */
export const STARTUP_WAIT_MS = 60_000;

/** Opens (creating if needed) and migrates the store; throws StoreCorruptError on a damaged file. */
export function openStore(path: string, options: StoreOptions = {}): Db {
  if (path !== ':memory:' && !options.readonly) {
    // The store holds e-mail addresses and key digests: its folder (when made here) and file are the owner's
    // alone. SQLite gives the -wal and -shm files the database file's permissions.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  }
  const db = new Database(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  try {
    db.pragma(`busy_timeout = ${options.startupWaitMs ?? STARTUP_WAIT_MS}`);
    if (options.integrityCheck !== false) checkIntegrity(db, path);
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      migrate(db);
    }
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 200}`);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function checkIntegrity(db: Db, path: string): void {
  let result: unknown;
  try {
    result = db.pragma('quick_check', { simple: true });
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'error';
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') throw new StoreCorruptError(path, code);
    throw err;
  }
  if (result !== 'ok') throw new StoreCorruptError(path, String(result));
}

/**
 * Runs every migration past `user_version`, each in its own write transaction that reads the version
 * again once it holds the lock: another process migrating the same store at the same moment has then
 * either applied that step (it is skipped) or not begun it. Returns the new version.
 */
export function migrate(db: Db): number {
  const step = db.transaction((): number => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > MIGRATIONS.length) {
      throw new Error(`The store is at schema version ${version}, newer than this build (${MIGRATIONS.length}).`);
    }
    if (version === MIGRATIONS.length) return version;
    db.exec(MIGRATIONS[version]!);
    db.pragma(`user_version = ${version + 1}`);
    return version + 1;
  });
  let version = -1;
  for (let next = step.immediate(); next !== version; next = step.immediate()) version = next;
  return version;
}

/**
 * Runs `work` in one write transaction taken at once (BEGIN IMMEDIATE), waiting up to `waitMs` for another
 * process that holds the store: first-start seeding, so that instances started together on a new store
 * seed it once (the second finds it seeded) instead of one failing with "database is locked".
 */
export function withStoreLock<T>(db: Db, work: () => T, waitMs = STARTUP_WAIT_MS): T {
  const normal = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${waitMs}`);
  try {
    return db.transaction(work).immediate();
  } finally {
    db.pragma(`busy_timeout = ${normal}`);
  }
}

/**
 * True for failures of the store itself (locked, busy, disk full, I/O, read-only, damaged), which the
 * service answers with 503 rather than as a bug; the statement may well succeed later.
 */
export function isStoreUnavailableError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|PROTOCOL)/.test(code);
}

/** Checkpoints the WAL into the main file and closes; safe to call twice. */
export function closeStore(db: Db): void {
  if (!db.open) return;
  if (!db.readonly) db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
