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
import { issueKey } from '../api/access/issue-key.js';
import { loadConfig } from '../api/config.js';
import { createLogger } from '../api/logger.js';
import { startServer } from '../api/server.js';

const kind = process.argv[2];
if (kind === 'hello') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
} else {
  const started = performance.now();
  const dbPath = process.env.BENCH_DB ?? join(mkdtempSync(join(tmpdir(), 'bdds-http-')), 'bench.sqlite');
  const server = await startServer(loadConfig({ BDDS_PORT: '0', BDDS_DB: dbPath, BDDS_THREADS: '1', BDDS_NOW: '2026-11-22T10:00:00Z' }),
    { log: createLogger('silent') });
  const coldStartMs = performance.now() - started;
  const big = 100_000_000;
  const key = issueKey(server.deps.repos.keys, { email: 'bench@localhost', plan: 'payg', limits: { standard: big, forecast_stats: big, cheap: big, qps: big } }, server.deps.now()).key;
  console.log(JSON.stringify({ url: server.url, key, coldStartMs, dbPath }));
}
