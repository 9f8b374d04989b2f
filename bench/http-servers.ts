/**
 * The servers the HTTP bench loads, one per process: `hello` (bare Fastify, the ceiling) or `service`
 * (the real service on a temporary store with the shipped history and a bench key). Prints one JSON
 * line with its URL (and key) on stdout, then serves until killed.
 */
import Fastify from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { existsSync } from 'node:fs';

// Load the service the way `npm start` runs it: the tsc build in dist/ when present (tsx adds helpers
// to every function that show in profiles), else the sources.
// BENCH_FROM=src: the sources through tsx even when a build exists.
const built = process.env.BENCH_FROM !== 'src' && existsSync(new URL('../dist/api/server.js', import.meta.url));
if (built) {
  // A build older than a source file would measure old code: refuse rather than mislead.
  const { readdirSync, statSync } = await import('node:fs');
  const builtAt = statSync(new URL('../dist/api/server.js', import.meta.url)).mtimeMs;
  const newer = ['api', 'services', 'data', 'engine', 'models'].flatMap((dir) =>
    (readdirSync(new URL(`../${dir}`, import.meta.url), { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && statSync(new URL(`../${dir}/${f}`, import.meta.url)).mtimeMs > builtAt)
      .map((f) => `${dir}/${f}`));
  if (newer.length > 0) {
    console.error(`dist/ is older than ${newer.slice(0, 3).join(', ')}${newer.length > 3 ? ' and more' : ''}: run npm run build first (or BENCH_FROM=src)`);
    process.exit(2);
  }
}
const from = (path: string) => (built ? `../dist/${path}.js` : `../${path}.js`);
const { issueKey } = (await import(from('api/access/issue-key'))) as typeof import('../api/access/issue-key.js');
const { loadConfig } = (await import(from('api/config'))) as typeof import('../api/config.js');
const { createLogger } = (await import(from('api/logger'))) as typeof import('../api/logger.js');
const { startServer } = (await import(from('api/server'))) as typeof import('../api/server.js');

const kind = process.argv[2];
if (kind === 'hello' || kind === 'same-bytes') {
  // `same-bytes`: bare Fastify sending a fixed body with fixed headers (BENCH_BODY_FILE: {headers, body}),
  // the ceiling for an answer of that size, since loopback delivery of the bytes is charged to the server's core.
  const app = Fastify({ logger: false });
  if (kind === 'hello') app.get('/', async () => ({ hello: 'world' }));
  else {
    const { headers, body } = JSON.parse((await import('node:fs')).readFileSync(process.env.BENCH_BODY_FILE!, 'utf8')) as { headers: Record<string, string>; body: string };
    app.get('/', (_request, reply) => reply.headers(headers).send(body));
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
} else {
  const started = performance.now();
  const dbPath = process.env.BENCH_DB ?? join(mkdtempSync(join(tmpdir(), 'bdds-http-')), 'bench.sqlite');
  // The load generator is one client address with more connections than one address may hold (64): lifted,
  // unless a bench measures the limits themselves (BENCH_REAL_LIMITS=1).
  const server = await startServer(loadConfig({ BDDS_PORT: '0', BDDS_DB: dbPath, BDDS_THREADS: '1', BDDS_NOW: '2026-11-22T10:00:00Z',
    ...(process.env.BENCH_REAL_LIMITS === '1' ? {} : { BDDS_MAX_CONNECTIONS_PER_ADDRESS: '2048' }),
    ...(process.env.BENCH_INTERNAL_TOKEN ? { BDDS_INTERNAL_TOKEN: process.env.BENCH_INTERNAL_TOKEN } : {}) }),
    { log: createLogger('silent') });
  const coldStartMs = performance.now() - started;
  // Load the service in its steady state, after the background day-stats and forecast runs of a start.
  await server.modelsReady;
  const big = 100_000_000;
  const key = issueKey(server.deps.repos.keys, { email: 'bench@localhost', plan: 'payg', limits: { standard: big, forecast_stats: big, cheap: big, qps: big } }, server.deps.now()).key;
  console.log(JSON.stringify({ url: server.url, key, coldStartMs, dbPath, built }));
}

// BENCH_PROFILE=<file>: a CPU profile of the steady state only (from here, after start-up and the first
// background jobs, to the signal that stops the server), for chrome://inspect or a script.
const profileTo = process.env.BENCH_PROFILE;
const session = profileTo ? new (await import('node:inspector/promises')).Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (session && profileTo) {
      const { profile } = await session.post('Profiler.stop');
      (await import('node:fs')).writeFileSync(profileTo, JSON.stringify(profile));
    }
    process.exit(0);
  });
}
