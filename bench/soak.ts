/**
 * Load and soak (npm run bench:soak): SOAK_MINUTES (10) of mixed keyed traffic against the service in
 * a process of its own (bench/soak-server.ts: startServer on a temporary store, the real clock), pinned to
 * core 0 when taskset exists, autocannon on core 1. Every request is drawn from a weighted mix:
 *
 * - cached: queue (snapshot, hourly+daily), update-info, checkpoints, search, border, multi, day-stats, on a
 *   few ppids, with ample-quota keys (answers from the operation cache, recomputed when a TTL runs out);
 * - uncached: travel-matrix from random origins, alternatives with random ppid/limit/lang/type, stats on
 *   random dates, and forecast over every ppid with a typical week (a cache miss each time for the first
 *   three; forecast recomputes only when its 10-minute TTL or the data version moves);
 * - bad input (400 and 404 with a valid key), bad keys (401: none, malformed, unknown; after 20 failures
 *   a minute from one address the service answers 429 too_many_failed_authentications), over-quota keys
 *   (payg keys with a daily quota of 10/3: 429 quota_exceeded), and an Explorer key at 2 req/s shared by
 *   every connection (429 qps_exceeded).
 *
 * Each interval (60 s for runs of 5 minutes or more) prints req/s, p50/p99 (all, cached, uncached), the
 * status mix, the server's RSS (/proc/<pid>/status VmRSS), live heap, GC pauses, event-loop delay, the operation
 * cache's entries and misses; then least-squares slopes per minute after the warm-up (and over its second
 * half, which tells a cache filling to its bound from a leak), with a verdict, the
 * error mix, and the 5xx count (must be 0). Environment: SOAK_MINUTES, SOAK_CONNECTIONS (32),
 * SOAK_INTERVAL_S, SOAK_WARMUP_S, SOAK_RATE (overall req/s; unset: as fast as the service answers),
 * SOAK_THREADS (the service's worker threads, 1), SOAK_DB (soak a copy of this store instead of a fresh
 * one), SOAK_FROM (src: the sources through tsx; by default dist/, refused when older than a source, as
 * the HTTP benches do), SOAK_GC=1 (a full collection in the server before each sample, so that every
 * sample has a live-heap figure; its pause shows in the figures), SOAK_RSS_SLOPE_MB (1: the leak threshold, MB per minute), SOAK_KEEP=1 (keep
 * the temporary store and the server's log).
 */
import autocannonUntyped from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { linearRegression, linearRegressionLine, rSquared } from 'simple-statistics';

const num = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}=${raw}: a positive number, please`);
  return n;
};
const MINUTES = num('SOAK_MINUTES', 10);
const DURATION_S = Math.round(MINUTES * 60);
const CONNECTIONS = Math.round(num('SOAK_CONNECTIONS', 32));
const INTERVAL_S = num('SOAK_INTERVAL_S', MINUTES >= 5 ? 60 : Math.max(10, Math.round(DURATION_S / 8)));
const WARMUP_INTERVALS = Math.max(1, Math.ceil(num('SOAK_WARMUP_S', Math.max(INTERVAL_S, Math.min(60, DURATION_S * 0.2))) / INTERVAL_S));
const RATE = process.env.SOAK_RATE ? num('SOAK_RATE', 0) : null;
const RSS_SLOPE_MB = num('SOAK_RSS_SLOPE_MB', 1);
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------
// The service, in its own process

const pin = spawnSync('taskset', ['--version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'bdds-soak-'));
const logPath = join(dir, 'server.log');

interface Ready {
  type: 'ready'; url: string; dbPath: string; built: boolean; why: string; startMs: number; readyMs: number; liveAtStart: number;
  keys: { normal: string[]; tiny: string[]; explorer: string; unknown: string };
}
interface ServerSample {
  type: 'sample'; rss: number; heapUsed: number; heapTotal: number; heapFloor: number; external: number; arrayBuffers: number;
  eld: { p50: number; p99: number; max: number; mean: number } | null;
  cache: { entries: number; computations: number };
  connections: { open: number } | null;
  resources: Record<string, number>;
  gc: { totalMs: number; maxMs: number; major: number; count: number; heapAfterMajor: number | null };
}

function launch(): Promise<{ child: ChildProcess; ready: Ready }> {
  const log = openSync(logPath, 'a');
  const args = [...(process.env.SOAK_GC === '1' ? ['--expose-gc'] : []), '--import', 'tsx', 'bench/soak-server.ts'];
  const env = { ...process.env, SOAK_DIR: dir, ...(CONNECTIONS > 56 ? { SOAK_MAX_PER_ADDRESS: String(CONNECTIONS + 8) } : {}) };
  const stdio: ['ignore', number, number, 'ipc'] = ['ignore', log, log, 'ipc'];
  const child = pin ? spawn('taskset', ['-c', '0', process.execPath, ...args], { env, stdio })
    : spawn(process.execPath, args, { env, stdio });
  closeSync(log);
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the soak server exited with ${code} before it was ready:\n${readFileSync(logPath, 'utf8').slice(-2000)}`));
    child.once('exit', onExit);
    child.on('message', function first(message: { type?: string }) {
      if (message?.type !== 'ready') return;
      child.off('message', first);
      child.off('exit', onExit);
      resolve({ child, ready: message as Ready });
    });
  });
}

/** Asks the server for its figures of the interval just ended (and resets its delay histogram and heap floor). */
function askServer(child: ChildProcess): Promise<ServerSample | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { child.off('message', on); resolve(null); }, 5_000);
    const on = (message: { type?: string }) => {
      if (message?.type !== 'sample') return;
      clearTimeout(timer);
      child.off('message', on);
      resolve(message as ServerSample);
    };
    child.on('message', on);
    child.send({ type: 'sample' });
  });
}

/** VmRSS of the server process, from outside (the worker threads and the counter writer are in it). */
function vmRss(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

const t0 = performance.now();
const { child, ready } = await launch().catch((err: Error) => {
  console.error(err.message);
  rmSync(dir, { recursive: true, force: true });
  process.exit(2);
});
process.on('exit', () => { if (child.exitCode === null) child.kill('SIGKILL'); });
const base = ready.url;
const keys = ready.keys;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

// The directory, to pick real ppids: with readings (the replayed sample's too: `has_live_data` is false for
// those), with a typical week, and all of them.
const directory = await fetch(`${base}/api/v1/data/checkpoints`, { headers: bearer(keys.normal[0]!) }).then((r) => r.json()) as
  { data: { checkpoints: { ppid: string; last_observation: string | null; has_day_stats: boolean; redirect_to?: string }[] } };
const all = directory.data.checkpoints.filter((c) => !c.redirect_to).map((c) => c.ppid);
const live = directory.data.checkpoints.filter((c) => c.last_observation !== null && !c.redirect_to).map((c) => c.ppid);
const typical = directory.data.checkpoints.filter((c) => c.has_day_stats && !c.redirect_to).map((c) => c.ppid);
const some = (live.length > 0 ? live : all);
const withWeek = typical.length > 0 ? typical : some;

// ---------------------------------------------------------------------------------------------------------
// The mix

type Category = 'cached' | 'uncached' | 'bad input' | 'bad key' | 'over quota' | 'over qps';
const CATEGORIES: Category[] = ['cached', 'uncached', 'bad input', 'bad key', 'over quota', 'over qps'];
interface Draw { path: string; headers: Record<string, string> }

const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)]!;
const between = (lo: number, hi: number, decimals: number) => (lo + Math.random() * (hi - lo)).toFixed(decimals);
const p = (i: number) => some[i % some.length]!;
const w = (i: number) => withWeek[i % withWeek.length]!;
const normalKey = () => bearer(pick(keys.normal));
const api = '/api/v1/data';
const DAY_MS = 86_400_000;

const cachedPaths = [
  ...[0, 1, 2, 3].map((i) => `${api}/queue?ppid=${p(i)}&section=snapshot`),
  ...[0, 1].map((i) => `${api}/queue?ppid=${p(i)}`),
  ...[0, 1].map((i) => `${api}/update-info?ppid=${p(i)}`),
  `${api}/checkpoints?country=2`, `${api}/checkpoints?country=UA&lang=pl`,
  `${api}/search?name=medyka`, `${api}/search?name=${encodeURIComponent('Шегині')}`, `${api}/search?name=Shehyni,Jagodzin`,
  `${api}/border/1/2/4`, `${api}/border/1/all/9`,
  `${api}/multi?ppids=${p(0)},${p(1)}&include=queue,update-info`,
  ...[0, 1].map((i) => `${api}/day-stats?ppid=${w(i)}`),
];

const uncached: (() => string)[] = [
  () => `${api}/travel-matrix?origin_lat=${between(48.5, 52, 4)}&origin_lon=${between(20, 31.5, 4)}&type=${pick([4, 9, 6])}` +
    `&dest=${pick(['all', '1', '2'])}${Math.random() < 0.5 ? `&limit=${1 + rand(8)}` : ''}`,
  () => `${api}/alternatives?ppid=${pick(all)}&limit=${1 + rand(10)}&lang=${pick(['en', 'pl', 'uk', 'de', 'ro', 'hu'])}` +
    `${Math.random() < 0.3 ? `&crossing_type=${pick([4, 9])}` : ''}`,
  () => `${api}/stats?ppid=${pick(some)}&date=${new Date(Date.now() - (2 + rand(50)) * DAY_MS).toISOString().slice(0, 10)}` +
    `${Math.random() < 0.5 ? '&compare=1' : ''}`,
  () => `${api}/forecast?ppid=${pick(withWeek)}&prediction_steps=${pick([24, 168])}`,
];

const badInput: (() => string)[] = [
  () => `${api}/queue?ppid=nope`,
  () => `${api}/queue?ppid=id_999999`,
  () => `${api}/forecast?ppid=${p(0)}&prediction_steps=25`,
  () => `${api}/travel-matrix?origin_lat=${between(90.001, 200, 3)}&origin_lon=${between(20, 30, 3)}`,
  () => `${api}/queue?ppid=${p(0)}&ppid=${p(1)}`,
  () => `${api}/checkpoints?country=XX`,
  () => `${api}/search?name=abc%E2%80%AEdef`,
  () => `${api}/alternatives?ppid=${p(0)}&limit=0`,
  () => `${api}/stats?ppid=${p(0)}&date=2026-02-30`,
  () => `${api}/queue?ppid=%zz`,
  () => `${api}/assistant`,
];

const base32 = 'abcdefghijklmnopqrstuvwxyz234567';
const badKey: (() => Record<string, string>)[] = [
  () => ({}),
  () => ({ authorization: 'Bearer nope' }),
  () => bearer(keys.unknown),
  () => bearer(`bdds_${Array.from({ length: 32 }, () => base32[rand(32)]).join('')}`),
];

const WEIGHTS: [Category, number, () => Draw][] = [
  ['cached', 55, () => ({ path: pick(cachedPaths), headers: normalKey() })],
  ['uncached', 20, () => ({ path: pick(uncached)(), headers: normalKey() })],
  ['bad input', 10, () => ({ path: pick(badInput)(), headers: normalKey() })],
  ['bad key', 5, () => ({ path: `${api}/queue?ppid=${p(0)}&section=snapshot`, headers: pick(badKey)() })],
  ['over quota', 7, () => ({ path: pick([`${api}/queue?ppid=${p(0)}&section=snapshot`, `${api}/forecast?ppid=${w(0)}`]), headers: bearer(pick(keys.tiny)) })],
  ['over qps', 3, () => ({ path: `${api}/queue?ppid=${p(1)}&section=snapshot`, headers: bearer(keys.explorer) })],
];
const totalWeight = WEIGHTS.reduce((s, [, wt]) => s + wt, 0);
function draw(): [Category, Draw] {
  let r = Math.random() * totalWeight;
  for (const [cat, wt, make] of WEIGHTS) if ((r -= wt) < 0) return [cat, make()];
  const [cat, , make] = WEIGHTS[0]!;
  return [cat, make()];
}

// ---------------------------------------------------------------------------------------------------------
// Accounting

/** A growable array of latencies (ms) with percentiles. */
class Latencies {
  private data = new Float64Array(1024);
  n = 0;
  push(v: number) {
    if (this.n === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.n++] = v;
  }
  percentiles(...qs: number[]): number[] {
    if (this.n === 0) return qs.map(() => NaN);
    const sorted = this.data.slice(0, this.n).sort();
    return qs.map((q) => sorted[Math.min(this.n - 1, Math.floor(q * this.n))]!);
  }
}

class Tally {
  responses = 0;
  byClass = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  all = new Latencies();
  byCategory = new Map<Category, Latencies>(CATEGORIES.map((c) => [c, new Latencies()]));
  /** `status code[/reason]` per category. */
  mix = new Map<string, Map<Category, number>>();
  errors = 0;
  errorKinds = new Map<string, number>();
  add(cat: Category, status: number, code: string, ms: number) {
    this.responses++;
    const cls = `${Math.floor(status / 100)}xx` as keyof Tally['byClass'];
    if (cls in this.byClass) this.byClass[cls]++;
    this.all.push(ms);
    this.byCategory.get(cat)!.push(ms);
    const key = code ? `${status} ${code}` : String(status);
    let row = this.mix.get(key);
    if (!row) this.mix.set(key, (row = new Map()));
    row.set(cat, (row.get(cat) ?? 0) + 1);
  }
  error(message: string) {
    this.errors++;
    this.errorKinds.set(message, (this.errorKinds.get(message) ?? 0) + 1);
  }
}

const total = new Tally();
let current = new Tally();
const serverErrors: { path: string; status: number; body: string }[] = [];

interface Context { cat?: Category; path?: string; code?: string }
interface Request { method: string; path: string; headers: Record<string, string> }
type Tracker = EventEmitter & PromiseLike<unknown>;
const autocannon = autocannonUntyped as unknown as (options: {
  url: string; connections: number; duration: number; timeout: number; overallRate?: number;
  requests: { method: string; setupRequest: (req: Request, context: Context) => Request; onResponse: (status: number, body: string, context: Context) => void }[];
}) => Tracker;

// ---------------------------------------------------------------------------------------------------------
// The run

interface Row {
  tEndS: number; seconds: number; warm: boolean; tally: Tally; server: ServerSample | null; rss: number | null;
  misses: number | null;
}
const rows: Row[] = [];
let lastAt = performance.now();
let startedAt = lastAt;
let lastComputations: number | null = null;

const f = (v: number | null | undefined, d = 1) => (v === null || v === undefined || Number.isNaN(v) ? '-' : v.toFixed(d));
const HEADER = ['t min', 'req/s', 'p50 ms', 'p99 ms', 'p99 cached', 'p99 uncached', '2xx', '4xx', '5xx', 'sock err',
  'RSS MB', 'heap live MB', 'heap total MB', 'major GCs', 'GC %', 'GC max ms', 'ELD p99 ms', 'ELD max ms', 'cache entries', 'misses/s', 'conns', 'handles'];
const WIDTHS = HEADER.map((h) => Math.max(h.length, 7));
const line = (cells: string[]) => cells.map((c, i) => c.padStart(WIDTHS[i]!)).join(' ');

function rowCells(r: Row): string[] {
  const [p50, p99] = r.tally.all.percentiles(0.5, 0.99);
  const s = r.server;
  const handles = s ? Object.values(s.resources).reduce((a, b) => a + b, 0) : null;
  return [`${f(r.tEndS / 60, 2)}${r.warm ? '*' : ''}`, f(r.tally.responses / r.seconds, 0), f(p50, 2), f(p99, 2),
    f(r.tally.byCategory.get('cached')!.percentiles(0.99)[0], 2), f(r.tally.byCategory.get('uncached')!.percentiles(0.99)[0], 2),
    String(r.tally.byClass['2xx']), String(r.tally.byClass['4xx']), String(r.tally.byClass['5xx']), String(r.tally.errors),
    f(r.rss !== null ? r.rss / MB : null), f(s?.gc.heapAfterMajor != null ? s.gc.heapAfterMajor / MB : null), f(s ? s.heapTotal / MB : null),
    s ? String(s.gc.major) : '-', f(s ? (s.gc.totalMs / (r.seconds * 1000)) * 100 : null, 1), f(s?.gc.maxMs, 1), f(s?.eld?.p99, 2), f(s?.eld?.max, 1),
    s ? String(s.cache.entries) : '-', f(r.misses !== null ? r.misses / r.seconds : null, 0),
    s?.connections ? String(s.connections.open) : '-', handles === null ? '-' : String(handles)];
}

async function sample(final = false) {
  const at = performance.now();
  const tally = current;
  current = new Tally();
  const seconds = (at - lastAt) / 1000;
  lastAt = at;
  if (final && seconds < INTERVAL_S / 2) return; // a sliver after the last tick: kept in the totals only
  const server = await askServer(child);
  const rss = vmRss(child.pid!) ?? server?.rss ?? null;
  const misses = server && lastComputations !== null ? server.cache.computations - lastComputations : null;
  if (server) lastComputations = server.cache.computations;
  const row: Row = { tEndS: (at - startedAt) / 1000, seconds, warm: rows.length < WARMUP_INTERVALS, tally, server, rss, misses };
  rows.push(row);
  console.log(line(rowCells(row)));
}

console.log(`service ${ready.built ? 'from the tsc build (dist/)' : 'from the sources through tsx'} (${ready.why}); ` +
  `start ${ready.startMs.toFixed(0)} ms, models ready ${ready.readyMs.toFixed(0)} ms, live heap before the load ${(ready.liveAtStart / 1e6).toFixed(0)} MB; ${ready.dbPath}`);
console.log(`${pin ? 'server pinned to core 0, load on core 1' : 'taskset missing: server and load share cores'}; ` +
  `autocannon, ${CONNECTIONS} connections, ${RATE ? `${RATE} req/s overall` : 'as fast as answered'}, ${MINUTES} min, ` +
  `samples every ${INTERVAL_S} s, warm-up ${WARMUP_INTERVALS} sample(s) (*), real clock`);
console.log(`mix: ${WEIGHTS.map(([c, wt]) => `${c} ${Math.round((wt / totalWeight) * 100)} %`).join(', ')}; ` +
  `ppids: ${some.length} with live data, ${withWeek.length} with a typical week, ${all.length} in all\n`);

const baseline = await askServer(child); // resets the server's histogram and floor; the cache's computations so far
if (baseline) lastComputations = baseline.cache.computations;
console.log(line(HEADER));

startedAt = lastAt = performance.now();
const tracker = autocannon({
  url: base, connections: CONNECTIONS, duration: DURATION_S, timeout: 10, ...(RATE ? { overallRate: RATE } : {}),
  requests: [{
    method: 'GET',
    setupRequest(req, context) {
      const [cat, d] = draw();
      context.cat = cat;
      context.path = d.path;
      context.code = '';
      return { ...req, method: 'GET', path: d.path, headers: d.headers };
    },
    onResponse(status, body, context) {
      if (status < 400) return;
      try {
        const error = (JSON.parse(body) as { error?: { code?: string; reason?: string } }).error;
        context.code = error?.code ? `${error.code}${error.reason ? `/${error.reason}` : ''}` : 'no error code';
      } catch {
        context.code = 'not JSON';
      }
      if (status >= 500 && serverErrors.length < 20) serverErrors.push({ path: context.path ?? '?', status, body: body.slice(0, 300) });
    },
  }],
});
tracker.on('response', (client: { requestIterator: { context: Context } }, status: number, _bytes: number, ms: number) => {
  const ctx = client.requestIterator.context;
  const cat = ctx.cat ?? 'cached';
  current.add(cat, status, ctx.code ?? '', ms);
  total.add(cat, status, ctx.code ?? '', ms);
});
tracker.on('reqError', (err: Error) => {
  current.error(err.message);
  total.error(err.message);
});
let sampling = Promise.resolve();
const ticker = setInterval(() => { sampling = sampling.then(() => sample()); }, INTERVAL_S * 1000);
await tracker;
clearInterval(ticker);
await sampling;
await sample(true);

// Stop the service the way the CLI does (drain, jobs, pool, store) and time it.
const closed = new Promise<number | null>((resolve) => {
  child.on('message', (m: { type?: string; ms?: number | null }) => { if (m?.type === 'closed') resolve(m.ms ?? null); });
  child.once('exit', () => resolve(null));
});
child.kill('SIGTERM');
const closeMs = await closed;
await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));

// ---------------------------------------------------------------------------------------------------------
// The report

const steady = rows.filter((r) => !r.warm);
console.log(`\n* warm-up, left out of the slopes. RSS: the server process's VmRSS (the service, its worker threads and the counter writer); ` +
  `heap live: the main thread's heapUsed just after the interval's last major collection (- without one); heap total: V8's ` +
  `main-thread heap at the sample; GC: the main thread's collection pauses (share of the interval, longest); ELD: event-loop delay beyond the ` +
  `10 ms timer (perf_hooks.monitorEventLoopDelay); misses/s: computations started by the operation cache.`);

type Metric = [string, string, (r: Row) => number | null | undefined, 'up-bad' | 'down-bad'];
const metrics: Metric[] = [
  ['req/s', 'req/s', (r) => r.tally.responses / r.seconds, 'down-bad'],
  ['p99 latency', 'ms', (r) => r.tally.all.percentiles(0.99)[0], 'up-bad'],
  ['p99 cached', 'ms', (r) => r.tally.byCategory.get('cached')!.percentiles(0.99)[0], 'up-bad'],
  ['RSS', 'MB', (r) => (r.rss !== null ? r.rss / MB : null), 'up-bad'],
  ['heap live (after major GC)', 'MB', (r) => (r.server?.gc.heapAfterMajor != null ? r.server.gc.heapAfterMajor / MB : null), 'up-bad'],
  ['event-loop delay p99', 'ms', (r) => r.server?.eld?.p99, 'up-bad'],
  ['operation cache entries', '', (r) => r.server?.cache.entries, 'up-bad'],
  ['active handles', '', (r) => (r.server ? Object.values(r.server.resources).reduce((a, b) => a + b, 0) : null), 'up-bad'],
];
const slopes = new Map<string, { m: number; mean: number; r2: number; n: number; lastHalf: number | null }>();
console.log(`\nSlopes per minute after the warm-up (least squares over ${steady.length} samples, ${f(steady[0] ? steady[0].tEndS / 60 : null, 2)}-` +
  `${f(steady.at(-1) ? steady.at(-1)!.tEndS / 60 : null, 2)} min):\n`);
const sHeader = ['metric', 'mean', 'slope / min', '% of mean / min', 'r2', 'second half / min', 'first', 'last'];
const sRows: string[][] = [];
for (const [name, unit, get] of metrics) {
  const points = steady.map((r) => [r.tEndS / 60 - r.seconds / 120, get(r)] as [number, number | null | undefined])
    .filter((pt): pt is [number, number] => typeof pt[1] === 'number' && Number.isFinite(pt[1]));
  if (points.length < 2) {
    sRows.push([name, '-', 'too few samples', '-', '-', '-', '-', '-']);
    continue;
  }
  const fit = linearRegression(points);
  // The second half on its own: a cache or memo filling to its bound grows and then flattens; a leak keeps going.
  const half = points.slice(Math.floor(points.length / 2));
  const lastHalf = half.length >= 3 ? linearRegression(half).m : null;
  const mean = points.reduce((s, [, y]) => s + y, 0) / points.length;
  const r2 = rSquared(points, linearRegressionLine(fit));
  slopes.set(name, { m: fit.m, mean, r2, n: points.length, lastHalf });
  const u = unit ? ` ${unit}` : '';
  sRows.push([name, `${f(mean, 2)}${u}`, `${fit.m >= 0 ? '+' : ''}${f(fit.m, 3)}${u}`, mean !== 0 ? `${fit.m >= 0 ? '+' : ''}${f((fit.m / mean) * 100, 2)} %` : '-',
    f(Number.isFinite(r2) ? r2 : null, 2), lastHalf === null ? '-' : `${lastHalf >= 0 ? '+' : ''}${f(lastHalf, 3)}${u}`, f(points[0]![1], 2), f(points.at(-1)![1], 2)]);
}
const sWidths = sHeader.map((h, i) => Math.max(h.length, ...sRows.map((r) => r[i]!.length)));
const sLine = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(sWidths[i]!) : c.padStart(sWidths[i]!))).join('  ');
console.log(sLine(sHeader));
for (const r of sRows) console.log(sLine(r));

// Totals: per category, and the status/error mix.
const runS = rows.reduce((s, r) => s + r.seconds, 0);
console.log(`\nTotals over ${f(runS / 60, 2)} min: ${total.responses} responses (${f(total.responses / Math.max(runS, 1), 0)} req/s), ` +
  `${total.errors} socket errors/time-outs${total.errors ? ` (${[...total.errorKinds].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}\n`);
const cHeader = ['category', 'responses', 'share', 'p50 ms', 'p99 ms', 'p99.9 ms', 'max ms'];
const cRows = CATEGORIES.map((c) => {
  const l = total.byCategory.get(c)!;
  const [p50, p99, p999, max] = l.percentiles(0.5, 0.99, 0.999, 1);
  return [c, String(l.n), `${f((l.n / Math.max(total.responses, 1)) * 100, 1)} %`, f(p50, 2), f(p99, 2), f(p999, 2), f(max, 1)];
});
const cWidths = cHeader.map((h, i) => Math.max(h.length, ...cRows.map((r) => r[i]!.length)));
const cLine = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(cWidths[i]!) : c.padStart(cWidths[i]!))).join('  ');
console.log(cLine(cHeader));
for (const r of cRows) console.log(cLine(r));

console.log('\nStatus and error mix (status code[/reason]: count per category):\n');
const mix = [...total.mix].map(([key, byCat]) => [key, [...byCat.values()].reduce((a, b) => a + b, 0), byCat] as const).sort((a, b) => b[1] - a[1]);
const mixKeyWidth = Math.max(...mix.map(([k]) => k.length), 10);
for (const [key, count, byCat] of mix) {
  console.log(`  ${key.padEnd(mixKeyWidth)}  ${String(count).padStart(9)}  ${f((count / Math.max(total.responses, 1)) * 100, 2).padStart(6)} %   ` +
    [...byCat].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', '));
}

// The server's own log (warn and above), grouped by message.
const logLines = readFileSync(logPath, 'utf8').split('\n').filter((l) => l.trim() !== '');
const logged = new Map<string, number>();
for (const l of logLines) {
  let key: string;
  try {
    const entry = JSON.parse(l) as { level?: number; msg?: string; err?: { message?: string } };
    const level = (entry.level ?? 0) >= 60 ? 'fatal' : (entry.level ?? 0) >= 50 ? 'error' : (entry.level ?? 0) >= 40 ? 'warn' : 'info';
    key = `${level}: ${entry.msg ?? ''}${entry.err?.message ? ` (${entry.err.message})` : ''}`;
  } catch {
    key = `not JSON: ${l.slice(0, 200)}`;
  }
  logged.set(key, (logged.get(key) ?? 0) + 1);
}
console.log(`\nServer log (warn and above): ${logged.size === 0 ? 'nothing' : ''}`);
for (const [key, n] of [...logged].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${n} x ${key}`);
console.log(`Graceful stop after the load (SIGTERM: drain, jobs, pool, counters, store): ${closeMs === null ? 'did not report' : `${f(closeMs, 0)} ms`}`);

// Verdicts.
const fiveXX = total.byClass['5xx'];
const fiveKinds = mix.filter(([key]) => key.startsWith('5')).map(([key, count]) => `${key} ${count}`);
const shed = mix.filter(([key]) => key.startsWith('503 service_unavailable/engine_busy')).reduce((s, [, c]) => s + c, 0);
console.log(`\n5xx: ${fiveXX} of ${total.responses} (target 0): ${fiveXX === 0 ? 'met' : `NOT met: ${fiveKinds.join(', ')}`}` +
  `${shed > 0 ? `\n  (${shed} of them are load shedding by design: the engine's queue is bounded (max(4, threads^2) tasks waiting) and a ` +
    'call finding it full answers 503 engine_busy with Retry-After: 1; SOAK_RATE below the saturation rate or more SOAK_THREADS avoid it)' : ''}`);
for (const e of serverErrors.slice(0, 5)) console.log(`  ${e.status} ${e.path}: ${e.body}`);
const rss = slopes.get('RSS');
const heap = slopes.get('heap live (after major GC)');
const rps = slopes.get('req/s');
const p99 = slopes.get('p99 latency');
const eldS = slopes.get('event-loop delay p99');
const few = steady.length < 3 ? ' (fewer than 3 samples after the warm-up: run longer for a slope worth reading)' : '';
if (rss) {
  const sign = (v: number) => `${v >= 0 ? '+' : ''}${f(v, 2)}`;
  const grows = rss.m > RSS_SLOPE_MB;
  const stillGrows = rss.lastHalf === null ? grows : rss.lastHalf > RSS_SLOPE_MB;
  const verdict = !grows && !stillGrows ? 'no leak seen'
    : !stillGrows ? `grew, then flattened (second half ${sign(rss.lastHalf!)} MB/min): something filling to a bound, no leak seen once full; ` +
      `the level it settles at is the figure to judge (${f(steady.at(-1)?.rss != null ? steady.at(-1)!.rss! / MB : null, 0)} MB)`
    : `RSS GROWS${rss.lastHalf !== null ? ` (second half ${sign(rss.lastHalf)} MB/min)` : ''}: a leak, or something still filling; ` +
      (!heap || heap.n < 3 ? `too few samples of the live heap (${heap?.n ?? 0} intervals with a major collection; SOAK_GC=1 gives one per sample) to tell JavaScript objects from the rest`
        : heap.m > RSS_SLOPE_MB ? 'the live heap grows too: JavaScript objects retained'
        : 'the live heap does not: the V8 heap growing between major collections (heap total), native memory, or freed pages kept');
  console.log(`Leak: RSS ${sign(rss.m)} MB/min after the warm-up (threshold ${RSS_SLOPE_MB} MB/min), live heap ` +
    `${heap ? `${sign(heap.m)} MB/min` : '-'}: ${verdict}${few}`);
}
if (rps && p99) {
  const rpsPct = (rps.m / rps.mean) * 100;
  const p99Pct = (p99.m / p99.mean) * 100;
  console.log(`Throughput ${rpsPct >= 0 ? '+' : ''}${f(rpsPct, 2)} %/min, p99 ${p99Pct >= 0 ? '+' : ''}${f(p99Pct, 2)} %/min, event-loop delay p99 ` +
    `${eldS ? `${eldS.m >= 0 ? '+' : ''}${f(eldS.m, 3)} ms/min` : '-'}: ${rpsPct < -2 || p99Pct > 5 ? 'DEGRADING over the run' : 'steady'} ` +
    `(degrading: req/s falling faster than 2 %/min or p99 rising faster than 5 %/min)`);
}
console.log(`Whole run: ${f((performance.now() - t0) / 1000, 0)} s`);

if (process.env.SOAK_KEEP === '1') console.log(`kept: ${dir} (store and server.log)`);
else rmSync(dir, { recursive: true, force: true });
