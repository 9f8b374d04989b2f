#!/usr/bin/env node
/**
 * The `bdds` command line. Each subcommand is one entry in COMMANDS with its own --help.
 * Exit codes: 0 done, 1 failed, 2 bad usage or bad configuration.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

interface Command {
  summary: string;
  usage: string;
  run: (args: string[]) => Promise<number>;
}

export const SHUTDOWN_DEADLINE_MS = 10_000;

const CONFIG_HELP = `Configuration (environment variables):
  BDDS_HOST            address to listen on (127.0.0.1)
  BDDS_PORT            port; 0 picks a free one (8080)
  BDDS_DB              SQLite file (./var/bdds.sqlite)
  BDDS_SERVICE_NAME    name in the attribution ("Border and Driver Data Service")
  BDDS_LOG_LEVEL       fatal|error|warn|info|debug|trace|silent (info)
  BDDS_NOW             pin the clock to an ISO instant (demos, tests)
  BDDS_INTERNAL_TOKEN  secret for /trpc (at least 16 characters; unset = tRPC refused)
  BDDS_THREADS         engine worker threads (cores - 1, at least 1)`;

const COMMANDS: Record<string, Command> = {
  serve: {
    summary: 'start the HTTP service',
    usage: `Usage: bdds serve\n\nStarts the service: opens (and migrates) the store, starts the engine pool and\nthe background jobs, and listens. SIGTERM or SIGINT drain in-flight requests and exit.\n\n${CONFIG_HELP}`,
    async run(args) {
      parseArgs({ args, options: {}, strict: true });
      const server = await startServer(loadConfig(process.env));
      await new Promise<void>((resolve) => {
        const stop = (signal: string) => {
          server.deps.log.info({ signal }, 'shutting down');
          setTimeout(() => {
            server.deps.log.error('shutdown took too long; exiting');
            process.exit(1);
          }, SHUTDOWN_DEADLINE_MS).unref();
          void server.close().then(resolve, (err: unknown) => {
            server.deps.log.error({ err }, 'shutdown failed');
            process.exit(1);
          });
        };
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
      });
      return 0;
    },
  },
};

function mainHelp(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `Usage: bdds <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'bdds <command> --help' for a command's options.`;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(mainHelp());
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(`bdds: unknown command '${name}'\n\n${mainHelp()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (err) {
    if (err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`bdds ${name}: ${(err as Error).message}`);
      return 2;
    }
    console.error(`bdds ${name}: ${(err as Error).message}`);
    return 1;
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
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
