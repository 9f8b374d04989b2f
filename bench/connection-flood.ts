/**
 * One client opening 2,100 idle sockets (npm run bench:flood): the service at its real limits (2,048
 * connections, 64 per address) keeps answering other clients. Prints how many of the flood's sockets
 * were accepted and refused, and the status and latency of requests from two other loopback addresses
 * during the flood (Linux routes all of 127.0.0.0/8 to loopback).
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const FLOOD = Number(process.env.FLOOD_SOCKETS ?? 2_100);

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/http-servers.ts', 'service'], {
  stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_REAL_LIMITS: '1' },
});
const info = JSON.parse(await new Promise<string>((resolve, reject) => {
  createInterface({ input: child.stdout! }).once('line', resolve);
  child.once('exit', (code) => reject(new Error(`service exited with ${code}`)));
})) as { url: string };
const { port } = new URL(info.url);

function get(localAddress: string): Promise<{ status: number | string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(`${info.url}/api/v1/data/status`, { localAddress, agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: err.code ?? err.message, ms: performance.now() - started }));
    req.end();
  });
}

const sockets: Socket[] = [];
let open = 0;
let closedByServer = 0;
await Promise.all(Array.from({ length: FLOOD }, () => new Promise<void>((resolve) => {
  const s = connect({ port: Number(port), host: '127.0.0.1', localAddress: '127.0.0.1' });
  sockets.push(s);
  s.on('connect', () => {
    open++;
    resolve();
  });
  s.on('error', () => resolve());
  s.on('close', () => closedByServer++);
})));
await new Promise((r) => setTimeout(r, 500));
const during = await Promise.all([...Array.from({ length: 10 }, () => get('127.0.0.2')), ...Array.from({ length: 10 }, () => get('127.0.0.3'))]);
const stillOpen = sockets.filter((s) => !s.destroyed && s.readyState === 'open').length;
console.log(`\n${FLOOD} idle sockets from 127.0.0.1: ${open} connected, ${closedByServer} closed by the service, ${stillOpen} still open`);
console.log('| client | requests | 200 | other | max ms |');
console.log('|---|---|---|---|---|');
for (const address of ['127.0.0.2', '127.0.0.3']) {
  const rows = during.slice(address === '127.0.0.2' ? 0 : 10, address === '127.0.0.2' ? 10 : 20);
  const ok = rows.filter((r) => r.status === 200).length;
  console.log(`| ${address} | ${rows.length} | ${ok} | ${rows.filter((r) => r.status !== 200).map((r) => r.status).join(' ') || '-'} | ${Math.max(...rows.map((r) => r.ms)).toFixed(0)} |`);
}
const served = during.every((r) => r.status === 200);
console.log(served ? '\nother clients served during the flood: target met' : '\nother clients refused during the flood: target NOT met');
sockets.forEach((s) => s.destroy());
child.kill('SIGTERM');
process.exitCode = served ? 0 : 1;
