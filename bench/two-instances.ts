/**
 * Admitted (counted, 2xx) keyed calls per second with one and with two instances on one Redis, in the same
 * run (issue 21, docs/scale-out.md). A Redis (Debian's redis-server, append-only file on) and the
 * instances (`bdds serve` from the sources, one engine thread each) run on this machine beside the load
 * (wrk, the Debian package, when installed: autocannon is JavaScript and takes a core of its own; else
 * autocannon in this process), one store file shared by the instances. Scenarios, each with its own key
 * and the same total of connections:
 *
 *   one instance, embedded counters (no Redis)   the baseline
 *   one instance, Redis counters
 *   two instances, Redis counters                half the connections on each
 *
 * Each row also checks the shared counter: what Redis counted is the 2xx the load generator saw, plus at most
 * the calls in flight when it stopped (answered after it stopped listening: at most one per connection).
 * BENCH_SECONDS (5), BENCH_CONNECTIONS (40 in all).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { issueKey } from '../api/access/issue-key.js';
import { createKeysRepo } from '../data/keys-repo.js';
import { closeStore, openStore } from '../data/store.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 40);
const NOW = '2026-11-22T10:00:00Z';
const PATH = '/api/v1/data/search?name=Hrebenne';

const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'bdds-two-'));
const cleanUp = () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const freePort = () => new Promise<number>((resolve, reject) => {
  const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

/** Spawns and resolves when `ready` matches its standard output. */
function launch(command: string, args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${command} did not start: ${out.slice(-500)}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        out = '';
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve({ child, match });
      }
    });
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}): ${out.slice(-500)}`)));
  });
}

if (spawnSync('sh', ['-c', 'command -v redis-server']).status !== 0) {
  console.error('redis-server is not installed (apt-get install -y redis-server)');
  process.exit(2);
}
const redisPort = await freePort();
await launch('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--daemonize', 'no'], {}, /Ready to accept connections/);
const redisUrl = `redis://127.0.0.1:${redisPort}`;
const inspect = new Redis(redisUrl);

const dbPath = join(dir, 'bdds.sqlite');
const serve = async (redis: boolean) => {
  const { match } = await launch(process.execPath, ['--import', 'tsx', 'api/cli.ts', 'serve'], {
    BDDS_PORT: '0', BDDS_DB: dbPath, BDDS_NOW: NOW, BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'off', BDDS_THREADS: '1', BDDS_LOG_LEVEL: 'info',
    ...(redis ? { BDDS_REDIS_URL: redisUrl } : {}),
  }, /bdds listening on (http:\/\/[^"\s]+)/);
  return { url: match[1]!, child: children.at(-1)! };
};

const newKey = () => {
  const store = openStore(dbPath);
  const big = 100_000_000;
  const { key, record } = issueKey(createKeysRepo(store), { email: 'bench@localhost', plan: 'payg', limits: { standard: big, qps: big } }, new Date(NOW));
  closeStore(store);
  return { key, id: record.id };
};

interface Row { scenario: string; rps: number; p50: number; p99: number; ok: number; other: number; counted: number | null }
interface Load { ok: number; other: number; p50: number; p99: number }

const useWrk = spawnSync('wrk', ['--version']).error === undefined;

function toMs(text: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) throw new Error(`unreadable wrk latency: '${text}'`);
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
}

/** One load generator against one instance; several run at once (wrk as child processes). */
function loadOne(url: string, connections: number, seconds: number, headers: Record<string, string>): Promise<Load> {
  if (!useWrk) {
    return autocannon({ url, connections, duration: seconds, headers }).then((r) => ({
      ok: (r as unknown as Record<string, number>)['2xx'] ?? 0, other: r.non2xx + r.errors, p50: r.latency.p50, p99: r.latency.p99,
    }));
  }
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d));
    child.once('error', reject);
    child.once('exit', () => {
      const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)?.slice(1).reduce((n, v) => n + Number(v), 0) ?? 0;
      if (Number.isNaN(total)) return reject(new Error(`unreadable wrk output: ${out.slice(0, 300)}`));
      const percentile = (p: number) => toMs(new RegExp(`\\s${p}%\\s+(\\S+)`).exec(out)?.[1] ?? `(missing in: ${out.slice(0, 300)})`);
      resolve({ ok: total - non2xx, other: non2xx + errors, p50: percentile(50), p99: percentile(99) });
    });
  });
}

async function measure(scenario: string, urls: string[], redis: boolean): Promise<Row> {
  const { key, id } = newKey();
  const headers = { authorization: `Bearer ${key}` };
  const per = Math.floor(CONNECTIONS / urls.length);
  // Warm-up: the key's lookup, the cached answer, the connections.
  await Promise.all(urls.map((url) => loadOne(url + PATH, per, 1, headers)));
  await new Promise((r) => setTimeout(r, 300)); // the warm-up's last calls are counted before the reading
  const before = redis ? Number(await inspect.hget('bdds:q:2026-11-22', `${id}:standard`)) : 0;
  const results = await Promise.all(urls.map((url) => loadOne(url + PATH, per, SECONDS, headers)));
  await new Promise((r) => setTimeout(r, 300)); // the last answers' counts
  const after = redis ? Number(await inspect.hget('bdds:q:2026-11-22', `${id}:standard`)) : 0;
  const ok = results.reduce((n, r) => n + r.ok, 0);
  return {
    scenario,
    rps: ok / SECONDS,
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    ok,
    other: results.reduce((n, r) => n + r.other, 0),
    counted: redis ? after - before : null,
  };
}

console.error(`starting: Redis on ${redisPort}, instances from the sources (tsx); ${cpus().length} cores; ${useWrk ? 'wrk' : 'autocannon (install wrk for a lighter load generator)'}, ${SECONDS} s per scenario, ${CONNECTIONS} connections in all`);
// The first start seeds the store; the other instances open it as it is.
const embedded = await serve(false);
const rows: Row[] = [await measure('one instance, embedded counters', [embedded.url], false)];
embedded.child.kill('SIGTERM');
await new Promise((r) => embedded.child.once('exit', r));
const [first, second] = await Promise.all([serve(true), serve(true)]);
rows.push(await measure('one instance, Redis counters', [first!.url], true));
rows.push(await measure('two instances, Redis counters', [first!.url, second!.url], true));

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log('| scenario | admitted req/s | x one (Redis) | p50 ms | p99 ms | 2xx | other | Redis counted (- 2xx) |');
console.log('|---|---|---|---|---|---|---|---|');
const oneRedis = rows[1]!.rps;
for (const r of rows) {
  console.log(`| ${r.scenario} | ${fmt(r.rps)} | ${fmt(r.rps / oneRedis, 2)} | ${r.p50} | ${r.p99} | ${fmt(r.ok)} | ${r.other} | ${r.counted === null ? '-' : `${fmt(r.counted)} (${r.counted - r.ok >= 0 ? '+' : ''}${r.counted - r.ok})`} |`);
}
inspect.disconnect();
const exact = rows.slice(1).every((r) => r.counted !== null && r.counted >= r.ok && r.counted - r.ok <= CONNECTIONS);
if (!exact) console.error('the shared counter differs from the 2xx by more than the calls that can be in flight');
process.exit(exact ? 0 : 1);
