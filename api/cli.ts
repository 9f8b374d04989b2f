#!/usr/bin/env node
/**
 * The `bdds` command line. Each subcommand is one entry in COMMANDS with its own --help.
 * Exit codes: 0 done, 1 failed, 2 bad usage or bad configuration.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { backtestCommand, BACKTEST_USAGE } from './commands/backtest.js';
import { importCommand, IMPORT_USAGE } from './commands/import.js';
import { JOB_NAMES, jobsCommand, JOBS_USAGE } from './commands/jobs.js';
import { keysCommand, KEYS_USAGE } from './commands/keys.js';
import { accountsCommand, ACCOUNTS_USAGE } from './commands/accounts.js';
import { reportsCommand, REPORTS_USAGE } from './commands/reports.js';
import { serveCommand, SERVE_USAGE } from './commands/serve.js';
import { callCommand, CALL_USAGE } from './commands/call.js';
import { processIo, terminalSafe, type CliIo } from './commands/io.js';
import { mcpCommand, MCP_USAGE } from './commands/mcp.js';
import { feedsCommand, FEEDS_USAGE } from './commands/feeds.js';
import { ConfigError } from './config.js';

interface Command {
  summary: string;
  usage: string;
  run: (args: string[], io: CliIo) => Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  serve: { summary: 'start the HTTP service', usage: SERVE_USAGE, run: serveCommand },
  call: { summary: 'call a product in process, through the same pipeline as HTTP', usage: CALL_USAGE, run: callCommand },
  mcp: { summary: 'serve every product as MCP tools over stdio', usage: MCP_USAGE, run: mcpCommand },
  keys: { summary: 'create, list, revoke and verify API keys', usage: KEYS_USAGE, run: keysCommand },
  accounts: { summary: 'list developer-portal accounts and approve Pay As You Grow', usage: ACCOUNTS_USAGE, run: accountsCommand },
  reports: { summary: 'list, add, approve and reject road-condition reports', usage: REPORTS_USAGE, run: reportsCommand },
  backtest: { summary: 'run the forecast back-test on an external series (CSV)', usage: BACKTEST_USAGE, run: backtestCommand },
  jobs: { summary: `run a background job once (${JOB_NAMES.join(', ')})`, usage: JOBS_USAGE, run: jobsCommand },
  feeds: { summary: 'list the live feeds and how they stand, or poll one now', usage: FEEDS_USAGE, run: feedsCommand },
  import: { summary: 'import observation files (granica, echerha, dpsu, csv, ...) or place files (fuel-csv, mimit-prices, osm-overpass, ...)', usage: IMPORT_USAGE, run: importCommand },
};

function mainHelp(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `Usage: bdds <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'bdds <command> --help' for a command's options.`;
}

export async function main(argv: string[], given: CliIo = processIo): Promise<number> {
  // Whatever a command prints, no escape sequence reaches the operator's terminal (stored text is a client's).
  const io: CliIo = { ...given, out: (line) => given.out(terminalSafe(line)), err: (text) => given.err(terminalSafe(text)) };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(mainHelp());
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`bdds: unknown command '${name}'\n\n${mainHelp()}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    io.err(`bdds ${name}: ${(err as Error).message}\n`);
    const usage = err instanceof ConfigError || String((err as { code?: string }).code).startsWith('ERR_PARSE_ARGS');
    return usage ? 2 : 1;
  }
}

function invokedDirectly(): boolean {
  if (process.argv[1] === undefined) return false;
  try {
    // Through the npm bin link, argv[1] is the link: compare real paths.
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  // Exit once standard output and error are written: to a pipe they are written asynchronously, and an exit
  // before then cut a large answer at 64 KB (the exit is explicit: a command may leave a pool or timer open).
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  });
}
