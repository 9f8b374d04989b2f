/**
 * The service under the soak (bench/soak.ts), in a process of its own so that the load generator never
 * shares its event loop. It starts the service the way the command line does (`startServer` on a config
 * from `loadConfig`, the real clock), on a temporary store (a fresh seeded one, or a copy of SOAK_DB),
 * issues the soak's keys, and adds only what the service does not expose, read from outside its API:
 * event-loop delay (perf_hooks.monitorEventLoopDelay), garbage-collection pauses, the heap live after the
 * last major collection (and its floor between samples), the operation cache's size and computations,
 * open connections and active handles. The parent talks to it
 * over IPC: `ready` once (URL, keys, store), then a `sample` answer each time it asks, which also resets
 * the interval's figures. Nothing in api/ is changed or patched.
 *
 * The clock is the system clock (no BDDS_NOW): the per-second token buckets, the failed-authentication
 * window, the positive key cache and the answer cache's TTLs all move with it, as in production.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { constants as perfConstants, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The tsc build, as `npm start` runs it, when there is one; like the HTTP benches, a dist/ older than a
 * source is refused (it would soak old code). SOAK_FROM=src soaks the sources through tsx instead;
 * SOAK_FROM=dist takes the build as it is.
 */
function useBuild(): { built: boolean; why: string } {
  const entry = join(root, 'dist/api/server.js');
  if (process.env.SOAK_FROM === 'src') return { built: false, why: 'SOAK_FROM=src' };
  if (!existsSync(entry)) return { built: false, why: 'no dist/ (npm run build makes one)' };
  if (process.env.SOAK_FROM === 'dist') return { built: true, why: 'SOAK_FROM=dist' };
  const builtAt = statSync(entry).mtimeMs;
  const newer: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.ts') && statSync(join(root, rel)).mtimeMs > builtAt) newer.push(rel);
    }
  };
  for (const dir of ['models', 'engine', 'data', 'api']) walk(dir);
  if (newer.length > 0) {
    console.error(`dist/ is older than ${newer.slice(0, 3).join(', ')}${newer.length > 3 ? ` and ${newer.length - 3} more` : ''}: ` +
      'run npm run build first, or SOAK_FROM=src to soak the sources through tsx');
    process.exit(2);
  }
  return { built: true, why: 'dist/ is newer than every source' };
}

const { built, why } = useBuild();
const from = (path: string) => (built ? `../dist/${path}.js` : `../${path}.js`);
const { issueKey } = (await import(from('api/access/issue-key'))) as typeof import('../api/access/issue-key.js');
const { generateKey } = (await import(from('api/access/key-format'))) as typeof import('../api/access/key-format.js');
const { loadConfig } = (await import(from('api/config'))) as typeof import('../api/config.js');
const { createLogger } = (await import(from('api/logger'))) as typeof import('../api/logger.js');
const { startServer } = (await import(from('api/server'))) as typeof import('../api/server.js');

if (!process.send) throw new Error('bench/soak-server.ts is started by bench/soak.ts, with an IPC channel');
const send = (message: unknown) => process.send!(message);

const dir = process.env.SOAK_DIR ?? mkdtempSync(join(tmpdir(), 'bdds-soak-'));
const dbPath = join(dir, 'soak.sqlite');
if (process.env.SOAK_DB) {
  // A consistent copy of the given store (WAL included), so that the soak never writes to it.
  const source = new Database(process.env.SOAK_DB, { readonly: true, fileMustExist: true });
  await source.backup(dbPath);
  source.close();
}

const started = performance.now();
const server = await startServer(loadConfig({
  BDDS_PORT: '0', BDDS_DB: dbPath, BDDS_THREADS: process.env.SOAK_THREADS ?? '1', BDDS_LOG_LEVEL: 'warn',
  ...(process.env.SOAK_MAX_PER_ADDRESS ? { BDDS_MAX_CONNECTIONS_PER_ADDRESS: process.env.SOAK_MAX_PER_ADDRESS } : {}),
}), { log: createLogger('warn') }); // warnings and errors to stdout, which the parent keeps in a file
const startMs = performance.now() - started;
await server.modelsReady; // soak the steady state, after a start's background day-stats and forecast runs
const readyMs = performance.now() - started;
// What a started service holds before any load: the live heap after one full collection (forced here, once,
// before the load starts; --expose-gc is not needed for it).
setFlagsFromString('--expose-gc');
(runInNewContext('gc') as () => void)();
const liveAtStart = process.memoryUsage().heapUsed;

const now = server.deps.now();
const big = 100_000_000;
const keys = server.deps.repos.keys;
const normal = Array.from({ length: 4 }, (_, i) => issueKey(keys, { email: `soak-${i}@localhost`, plan: 'payg',
  limits: { standard: big, forecast_stats: big, cheap: big, qps: big } }, now).key);
// Tiny daily quotas, a high per-second rate: after the first few calls, 429 quota_exceeded.
const tiny = Array.from({ length: 2 }, (_, i) => issueKey(keys, { email: `soak-tiny-${i}@localhost`, plan: 'payg',
  limits: { standard: 10, forecast_stats: 3, cheap: 10, qps: big } }, now).key);
// Explorer: 2 requests per second for every connection sharing it: mostly 429 qps_exceeded.
const explorer = issueKey(keys, { email: 'soak-explorer@localhost', plan: 'explorer' }, now).key;

// Event-loop delay: the histogram records each 10 ms timer's lateness plus the 10 ms itself.
const RESOLUTION_MS = 10;
const eld = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
eld.enable();
let heapFloor = Infinity;
const heapPoll = setInterval(() => { heapFloor = Math.min(heapFloor, process.memoryUsage().heapUsed); }, 1_000);
heapPoll.unref();

// Garbage collection of the main thread: pauses per interval (share, longest), major collections, and the
// heap in use just after the last major one (what is live, without forcing a collection that would stall
// the service being measured).
const emptyGc = () => ({ totalMs: 0, maxMs: 0, major: 0, count: 0, heapAfterMajor: null as number | null });
let gc = emptyGc();
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count++;
    gc.totalMs += entry.duration;
    gc.maxMs = Math.max(gc.maxMs, entry.duration);
    if ((entry as { detail?: { kind?: number } }).detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) {
      gc.major++;
      gc.heapAfterMajor = process.memoryUsage().heapUsed;
    }
  }
});
gcObserver.observe({ entryTypes: ['gc'] });

const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
// SOAK_GC=1 (the parent then starts this process with --expose-gc): a full collection before each sample,
// so that every sample has a live heap; its pause lands in the next interval's GC and delay figures.
const forceGc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: { type?: string }) => {
  if (message?.type !== 'sample') return;
  if (forceGc) {
    forceGc();
    gc.heapAfterMajor = process.memoryUsage().heapUsed;
  }
  const mem = process.memoryUsage();
  const resources: Record<string, number> = {};
  for (const r of process.getActiveResourcesInfo()) resources[r] = (resources[r] ?? 0) + 1;
  const connections = typeof server.connections?.stats === 'function' ? server.connections.stats() : null;
  send({
    type: 'sample',
    rss: mem.rss, heapUsed: mem.heapUsed, heapTotal: mem.heapTotal, external: mem.external, arrayBuffers: mem.arrayBuffers,
    heapFloor: Math.min(heapFloor, mem.heapUsed),
    eld: eld.count > 0 ? { p50: ms(eld.percentile(50)), p99: ms(eld.percentile(99)), max: ms(eld.max), mean: ms(eld.mean) } : null,
    cache: { entries: server.deps.cache.size, computations: server.deps.cache.computations },
    connections, resources, gc,
  });
  gc = emptyGc();
  eld.reset();
  heapFloor = Infinity;
});

send({ type: 'ready', url: server.url, dbPath, dir, built, why, startMs, readyMs, liveAtStart, keys: { normal, tiny, explorer, unknown: generateKey() } });

// SIGTERM: the graceful close the CLI does (drain, jobs, pool, counters, store); its time goes to the parent.
process.once('SIGTERM', async () => {
  const t0 = performance.now();
  const timer = setTimeout(() => process.send!({ type: 'closed', ms: null }, undefined, {}, () => process.exit(1)), 15_000);
  await server.close();
  clearTimeout(timer);
  eld.disable();
  process.send!({ type: 'closed', ms: performance.now() - t0 }, undefined, {}, () => process.exit(0));
});
process.once('disconnect', () => { void server.close().finally(() => process.exit(0)); });
