/**
 * The service while another process holds the store's write lock (npm run bench:locked): req/s of the
 * public status and of a cached queue read with the operator token (not counted), each while counted
 * keyed calls load the service too, first normally and then with a second process holding `BEGIN
 * IMMEDIATE` on the store; the table prints both and their ratio (target: >= 50 %), and what the counted
 * calls answered under the lock (503 store_unavailable after the busy timeout; the counter does not move).
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const TOKEN = 'bench-operator-token-0123456789abcdef';

async function launch(): Promise<{ child: ChildProcess; info: { url: string; key: string; dbPath: string } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/http-servers.ts', 'service'], { env: { ...process.env, BENCH_INTERNAL_TOKEN: TOKEN } });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`service exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}

async function load(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: 32, duration: SECONDS, headers });
  return { rps: r.requests.average, p99: r.latency.p99, ok: (r as unknown as Record<string, number>)['2xx']!, non2xx: r.non2xx, errors: r.errors };
}

/** A second process holding the write lock until told to let go. */
function holdLock(dbPath: string): Promise<ChildProcess> {
  const code = `const D=require('better-sqlite3');const d=new D(${JSON.stringify(dbPath)});d.exec('BEGIN IMMEDIATE');console.log('locked');setInterval(()=>{},1000);`;
  const child = spawn(process.execPath, ['-e', code], { cwd: process.cwd() });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', () => resolve(child));
    child.once('exit', (c) => reject(new Error(`lock holder exited with ${c}`)));
  });
}

const { child, info } = await launch();
const routes: [string, string, Record<string, string>][] = [
  ['public status', `${info.url}/api/v1/data/status`, {}],
  ['cached queue, operator token (not counted)', `${info.url}/api/v1/data/queue?ppid=id_119&section=snapshot`, { authorization: `Bearer ${TOKEN}` }],
  ['cached queue, API key (counted)', `${info.url}/api/v1/data/queue?ppid=id_119&section=snapshot`, { authorization: `Bearer ${info.key}` }],
];
const counter = () => {
  const db = new Database(info.dbPath, { readonly: true });
  const n = db.prepare("SELECT coalesce(sum(used), 0) FROM usage_counters").pluck().get() as number;
  db.close();
  return n;
};

const [status, operator, keyed] = routes;
/** Measures `probe` while counted keyed calls load the service too (16 connections), with or without the lock held. */
async function mixed(probe: (typeof routes)[number], lockHeld: boolean) {
  const holder = lockHeld ? await holdLock(info.dbPath) : null;
  const before = counter();
  const [p, k] = await Promise.all([load(probe[1], probe[2]),
    autocannon({ url: keyed![1], connections: 16, duration: SECONDS, headers: keyed![2] })]);
  holder?.kill();
  if (holder) await new Promise((r) => holder.once('exit', r));
  const keyedOk = (k as unknown as Record<string, number>)['2xx']!;
  return { p, keyedOk, keyedOther: k.non2xx, counted: counter() - before };
}

const rows: string[] = [];
for (const probe of [status!, operator!]) {
  await autocannon({ url: probe[1], connections: 8, duration: 1, headers: probe[2] }); // warm-up
  const normal = await mixed(probe, false);
  const locked = await mixed(probe, true);
  rows.push(`| ${probe[0]} | ${normal.p.rps.toFixed(0)} | ${locked.p.rps.toFixed(0)} | ${(locked.p.rps / normal.p.rps).toFixed(2)} | ` +
    `${normal.p.p99} / ${locked.p.p99} ms | ${locked.keyedOk} ok, ${locked.keyedOther} non-2xx (503 store_unavailable); counter +${locked.counted} |`);
}
child.kill('SIGTERM');
console.log(`\nWhile counted keyed calls also load the service (16 connections), a route's req/s (32 connections, ${SECONDS} s),\n` +
  'normally and with a second process holding the store\'s write lock:\n');
console.log('| route | req/s | req/s, lock held | ratio (target >= 0.5) | p99 normal / locked | the counted calls under the lock |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
