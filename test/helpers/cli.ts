/**
 * The `bdds` command line in this process: `main(args, io)` with an environment of the test's own (not
 * process.env, so a developer's BDDS_* variables cannot leak in) and captured output, shaped like a
 * finished process's: exit status, standard output (one '\n'-terminated line per `io.out`) and error.
 */
import { main } from '../../api/cli.js';
import type { CliIo } from '../../api/commands/io.js';

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const lines: string[] = [];
  let stderr = '';
  const io: CliIo = {
    env: { BDDS_LOG_LEVEL: 'silent', ...env },
    out: (line) => void lines.push(line),
    err: (text) => void (stderr += text),
    errIsTty: false,
  };
  const status = await main(args, io);
  return { status, stdout: lines.map((line) => `${line}\n`).join(''), stderr };
}
