/**
 * What a command may touch of its process: the environment, standard output and error. The `bdds`
 * entry passes the real ones; tests run commands in process with their own.
 */
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
