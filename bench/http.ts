/**
 * HTTP throughput (npm run bench:http): the service and a bare Fastify hello-world each in their own
 * process pinned to core 0 (taskset, when present), autocannon here (core 1), 100 connections. Prints
 * req/s, p50 and p99 per route with ratios to hello measured in the same run (targets H1-H3), and the
 * cold start to listening of a second start on the built store (C1).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';

const pin = spawnSync('taskset', ['--version']).status === 0;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

async function launch(kind: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; info: Record<string, string | number> }> {
  const args = ['--import', 'tsx', 'bench/http-servers.ts', kind];
  const child = pin ? spawn('taskset', ['-c', '0', process.execPath, ...args], { env: { ...process.env, ...env } })
    : spawn(process.execPath, args, { env: { ...process.env, ...env } });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}

async function load(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, connections: 100, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: 100, duration: DURATION_S, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

const hello = await launch('hello');
const ceiling = await load(`${hello.info.url}/`);
hello.child.kill();

const svc = await launch('service');
const base = String(svc.info.url);
const auth = { authorization: `Bearer ${svc.info.key}` };
const routes: [string, string, Record<string, string>][] = [
  ['public status (cached)', `${base}/api/v1/data/status`, {}],
  ['keyed, counted, cached queue', `${base}/api/v1/data/queue?ppid=id_119&section=snapshot`, auth],
  ['keyed, counted, cached queue (hourly+daily)', `${base}/api/v1/data/queue?ppid=id_119`, auth],
  ['keyed checkpoints directory (cached)', `${base}/api/v1/data/checkpoints?country=2`, auth],
];
const rows: string[][] = [['bare Fastify hello (ceiling)', ceiling.rps.toFixed(0), '1.00', String(ceiling.p50), String(ceiling.p99), '']];
for (const [label, url, headers] of routes) {
  const r = await load(url, headers);
  rows.push([label, r.rps.toFixed(0), (r.rps / ceiling.rps).toFixed(2), String(r.p50), String(r.p99), `${r.non2xx} non-2xx, ${r.errors} errors`]);
}
svc.child.kill();
await new Promise((r) => svc.child.once('exit', r));

// C1: cold start to listening on the already built store.
const t0 = performance.now();
const again = await launch('service', { BENCH_DB: String(svc.info.dbPath) });
const c1 = performance.now() - t0;
again.child.kill();

const header = ['route', 'req/s', 'x hello', 'p50 ms', 'p99 ms', ''];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`${pin ? 'server pinned to core 0, load on the others' : 'taskset missing: server and load share cores'}; 100 connections, ${DURATION_S} s per route\n`);
console.log(fmt(header));
for (const r of rows) console.log(fmt(r));
const ratio = (i: number) => Number(rows[i]![2]);
console.log(`\nH1 keyed cached queue >= 0.5 x hello: ${ratio(2) >= 0.5 ? 'met' : 'NOT met'} (${ratio(2)}); public status >= 0.75 x: ${ratio(1) >= 0.75 ? 'met' : 'NOT met'} (${ratio(1)})`);
console.log(`H3 p99 of cached routes <= 2 x hello p99 (${ceiling.p99} ms): ${rows.slice(1).every((r) => Number(r[4]) <= 2 * ceiling.p99) ? 'met' : 'NOT met'}`);
console.log(`C1 process start to listening, store already built (includes tsx start-up): ${c1.toFixed(0)} ms (the service's own start: ${Number(again.info.coldStartMs).toFixed(0)} ms; target <= 2000)`);
