/**
 * `bdds serve` in a process of its own (signal and crash tests): resolves with the child and its URL once it
 * listens. A first start seeds a new store (~13 s alone here; two instances on one store take turns, and the
 * system lane runs a browser beside them): a generous time-out, after which the child is killed, never left
 * holding the test process open.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServedProcess {
  child: ChildProcess;
  url: string;
}

const LISTEN_WITHIN_MS = 120_000;

export function serveProcess(env: Record<string, string>): Promise<ServedProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/cli.ts', 'serve'], {
    env: { ...process.env, BDDS_PORT: '0', BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'off', BDDS_THREADS: '1', BDDS_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no listening line within ${LISTEN_WITHIN_MS / 1000} s: ${out}`));
    }, LISTEN_WITHIN_MS);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /bdds listening on (http:\/\/[^"\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bdds serve exited (${code}): ${out}`));
    });
  });
}
