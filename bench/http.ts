/**
 * HTTP throughput (npm run bench:http): the service and a bare Fastify hello-world each in their own
 * process pinned to core 0 (taskset, when present), wrk (or autocannon) on core 1, 100 connections. The
 * machine is shared and noisy (the same server measures +-15 % from one run to the next), so each route
 * is measured in rounds, each round loading hello and then the route back to back; the table prints the
 * medians over rounds of req/s, p50, p99 and of the per-round ratios to hello (targets H1-H3), and the
 * cold start to listening of a second start on the built store (C1).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const pin = spawnSync('taskset', ['--version']).status === 0;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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

// wrk (C, Debian package) when installed: autocannon, being JavaScript on one core, saturates before a
// fast server does and then measures itself. Both are pinned to core 1 when taskset exists.
const useWrk = spawnSync('wrk', ['--version']).error === undefined;

function toMs(text: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) throw new Error(`unreadable wrk latency: '${text}'`);
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
}

async function loadWithWrk(url: string, headers: Record<string, string>, seconds: number) {
  const args = ['-t1', '-c100', `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const out = spawnSync(pin ? 'taskset' : 'wrk', pin ? ['-c', '1', 'wrk', ...args] : args, { encoding: 'utf8' }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(out)?.[1] ?? '0';
  const percentile = (p: number) => toMs(new RegExp(`\\s${p}%\\s+(\\S+)`).exec(out)?.[1] ?? `(missing in: ${out.slice(0, 300)})`);
  return { rps, p50: percentile(50), p99: percentile(99), non2xx, errors };
}

async function load(url: string, headers: Record<string, string> = {}) {
  if (useWrk) {
    await loadWithWrk(url, headers, 1); // warm-up
    return loadWithWrk(url, headers, DURATION_S);
  }
  await autocannon({ url, connections: 100, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: 100, duration: DURATION_S, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

const hello = await launch('hello');
const svc = await launch('service');
const base = String(svc.info.url);
const auth = { authorization: `Bearer ${svc.info.key}` };
// The status answer's own bytes and headers, served by bare Fastify: what any server pays for that payload.
const statusRes = await fetch(`${base}/api/v1/data/status`);
const bodyFile = join(mkdtempSync(join(tmpdir(), 'bdds-bench-')), 'status.json');
const keep = ['content-type', 'etag', 'x-request-id', 'access-control-allow-origin', 'access-control-expose-headers'];
writeFileSync(bodyFile, JSON.stringify({ body: await statusRes.text(), headers: Object.fromEntries([...statusRes.headers].filter(([k]) => keep.includes(k))) }));
const sameBytes = await launch('same-bytes', { BENCH_BODY_FILE: bodyFile });
const routes: [string, string, Record<string, string>][] = [
  ['bare Fastify, the status answer\'s bytes and headers', `${sameBytes.info.url}/`, {}],
  ['public status (cached)', `${base}/api/v1/data/status`, {}],
  ['keyed, counted, cached queue', `${base}/api/v1/data/queue?ppid=id_119&section=snapshot`, auth],
  ['keyed, counted, cached queue (hourly+daily)', `${base}/api/v1/data/queue?ppid=id_119`, auth],
  ['keyed checkpoints directory (cached)', `${base}/api/v1/data/checkpoints?country=2`, auth],
];
const hellos: Awaited<ReturnType<typeof load>>[] = [];
const measured = routes.map(() => ({ runs: [] as Awaited<ReturnType<typeof load>>[], ratios: [] as number[], p99Ratios: [] as number[] }));
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, [, url, headers]] of routes.entries()) {
    const h = await load(`${hello.info.url}/`, {});
    const r = await load(url, headers);
    hellos.push(h);
    measured[i]!.runs.push(r);
    measured[i]!.ratios.push(r.rps / h.rps);
    measured[i]!.p99Ratios.push(r.p99 / h.p99);
  }
}
const ceiling = { rps: median(hellos.map((h) => h.rps)), p50: median(hellos.map((h) => h.p50)), p99: median(hellos.map((h) => h.p99)) };
const rows: string[][] = [['bare Fastify hello (ceiling)', ceiling.rps.toFixed(0), '1.00', ceiling.p50.toFixed(2), ceiling.p99.toFixed(2), '1.00', '']];
for (const [i, [label]] of routes.entries()) {
  const m = measured[i]!;
  const bad = m.runs.reduce((n, r) => n + r.non2xx, 0);
  rows.push([label, median(m.runs.map((r) => r.rps)).toFixed(0), median(m.ratios).toFixed(2), median(m.runs.map((r) => r.p50)).toFixed(2),
    median(m.runs.map((r) => r.p99)).toFixed(2), median(m.p99Ratios).toFixed(2), `${bad} non-2xx, ${m.runs.map((r) => r.errors).join('/')} errors`]);
}
hello.child.kill();
sameBytes.child.kill();
svc.child.kill();
await new Promise((r) => svc.child.once('exit', r));

// C1: cold start to listening on the already built store.
const t0 = performance.now();
const again = await launch('service', { BENCH_DB: String(svc.info.dbPath) });
const c1 = performance.now() - t0;
again.child.kill();

const header = ['route', 'req/s', 'x hello', 'p50 ms', 'p99 ms', 'p99 x hello', ''];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`service ${svc.info.built ? 'from the tsc build (dist/)' : 'from the sources through tsx (run npm run build for dist/)'}; `);
console.log(`${pin ? 'server pinned to core 0, load on core 1' : 'taskset missing: server and load share cores'}; ${useWrk ? 'wrk' : 'autocannon (install wrk for a faster load generator)'}, 100 connections, ` +
  `${DURATION_S} s per load, ${ROUNDS} rounds (hello then the route, back to back); medians over rounds\n`);
console.log(fmt(header));
for (const r of rows) console.log(fmt(r));
const ratio = (i: number) => Number(rows[i]![2]);
console.log(`\nH1 keyed cached queue >= 0.5 x hello: ${ratio(3) >= 0.5 ? 'met' : 'NOT met'} (${ratio(3)}); public status >= 0.75 x: ${ratio(2) >= 0.75 ? 'met' : 'NOT met'} (${ratio(2)}; ` +
  `${(ratio(2) / ratio(1)).toFixed(2)} x bare Fastify sending the same ${JSON.parse(readFileSync(bodyFile, 'utf8')).body.length} bytes and headers, which itself is ${ratio(1)} x hello)`);
console.log(`H3 p99 of cached routes <= 2 x hello p99 (median per-round ratios ${rows.slice(2).map((r) => r[5]).join(', ')}): ${rows.slice(2).every((r) => Number(r[5]) <= 2) ? 'met' : 'NOT met'}`);
const ownStart = Number(again.info.coldStartMs);
console.log(`C1 start to listening on the built store (open, migrate, pool, first status round, listen): ${ownStart.toFixed(0)} ms: ` +
  `${ownStart <= 2000 ? 'met' : 'NOT met'}; the whole process from the command, including tsx compiling the sources: ${c1.toFixed(0)} ms`);
