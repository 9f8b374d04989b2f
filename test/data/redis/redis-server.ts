/**
 * A real Redis for the scale-out tests: Debian's `redis-server` on a free loopback port, in a temporary
 * folder, with the append-only file on (as docs/scale-out.md asks of production) so that a kill -9 and a
 * restart keep every acknowledged write. Killed after the test. No redis-server is a failure, never a skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A test context, or anything else that runs clean-ups at the end (a suite's `after`). */
export interface Scope {
  after(fn: () => unknown): void;
}

export interface TestRedis {
  port: number;
  url: string;
  /** kill -9 (waits for the exit). */
  kill(): Promise<void>;
  /** Starts it again on the same port and folder (the append-only file restores the data). */
  restart(): Promise<void>;
  /** SIGSTOP: the connection stays open and nothing answers (a hung Redis). */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
}

export function requireRedisServer(): string {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  if (found.status !== 0 || path === '') {
    throw new Error('redis-server is not installed: the scale-out tests need it (apt-get install -y redis-server; .ci/run installs it)');
  }
  return path;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startRedis(t: Scope): Promise<TestRedis> {
  const binary = requireRedisServer();
  const dir = mkdtempSync(join(tmpdir(), 'bdds-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;

  const launch = () => new Promise<void>((resolve, reject) => {
    const c = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes',
      '--appendfsync', 'always', '--daemonize', 'no', '--loglevel', 'notice'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 5_000);
    c.stdout!.on('data', (d: Buffer) => {
      out += d;
      if (/Ready to accept connections/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    c.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${out}`));
    });
  });

  const kill = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGCONT');
    c.kill('SIGKILL');
    await exited;
  };
  t.after(async () => {
    await kill();
    rmSync(dir, { recursive: true, force: true });
  });
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    restart: launch,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
  };
}
