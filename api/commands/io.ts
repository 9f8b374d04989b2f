/**
 * What a command may touch of its process: the environment, standard output and error. The `bdds`
 * entry passes the real ones; tests run commands in process with their own.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { openStore, type Db } from '../../data/store.js';
import { echoed } from '../../models/errors.js';
import { ConfigError } from '../config.js';

export interface CliIo {
  env: Record<string, string | undefined>;
  /** Writes a line to standard output. */
  out(line: string): void;
  /** Writes text (not a line) to standard error. */
  err(text: string): void;
  /** Standard error is a terminal (progress bars only then). */
  errIsTty: boolean;
}

export const processIo: CliIo = {
  env: process.env,
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (text) => void process.stderr.write(text),
  errIsTty: process.stderr.isTTY === true,
};

/** A command used wrongly: reported with the usage text and exit code 2, like node:util's own parseArgs errors. */
export class UsageError extends Error {
  code = 'ERR_PARSE_ARGS_USAGE';
}

/**
 * Stored text as a cell of a command's output: every control, invisible or bidi character written as a
 * visible `\uXXXX` (`echoed`, as the API writes echoed values), so a value from a client or a feed can
 * neither start a terminal escape sequence (colours, a forged prompt, an OSC 52 clipboard write) nor
 * break the line into forged rows.
 */
export const shown = (text: string): string => echoed(text, Infinity);

/**
 * The same for a whole line a command writes, keeping its tabs and line breaks (a list's separators, a usage
 * text), so nothing a command prints can carry an escape sequence to the terminal: `main` wraps every
 * command's output in it. Cells still go through `shown`, which escapes their line breaks too.
 */
export const terminalSafe = (line: string): string => line.replace(/[^\t\n]+/g, (run) => echoed(run, Infinity));

/** Rows under a header, each column as wide as its widest cell; every cell `shown`. */
export function printColumns(io: CliIo, header: string[], cells: string[][]): void {
  const rows = cells.map((r) => r.map(shown));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const cells of [header, ...rows]) io.out(cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd());
}

/**
 * Refuses a store that is not there (exit 2, as bad configuration): opening it would create a new, empty
 * store (and its folders), and a key, account or report written there is in no store the service uses.
 * Only `serve` and `import` create a store; every other command that opens one calls this first. The
 * path is named as given and, when relative (the default ./var/bdds.sqlite), as this folder makes it.
 */
export function requireStore(path: string): void {
  if (path === ':memory:') return;
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOENT' && (err as { code?: string }).code !== 'ENOTDIR') throw err;
    const absolute = resolve(path);
    throw new ConfigError(`no store at ${path}${absolute === path ? '' : ` (${absolute})`}: BDDS_DB names the store (default ./var/bdds.sqlite, ` +
      'from the folder the command runs in); `bdds serve` or `bdds import` creates one. Nothing was changed.');
  }
  if (!isFile) throw new ConfigError(`BDDS_DB=${path} is not a file: BDDS_DB names the store (an SQLite file)`);
}

/**
 * The store for a short operator command (`keys`, `accounts`, `reports`), opened without the quick check,
 * which reads the whole file (seconds on a store of years of readings) for a command that touches a few
 * rows; `serve`, `jobs`, `mcp` and `import` check. A damaged page still fails the statement that reads it.
 * A store that does not exist is refused (`requireStore`), never created.
 */
export function openForCommand(path: string): Db {
  requireStore(path);
  return openStore(path, { integrityCheck: false });
}
