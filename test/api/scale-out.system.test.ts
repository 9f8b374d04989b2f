/**
 * Several instances on one Redis (issue 21, docs/scale-out.md), on one store file: `a` in process with the
 * `closed` failure policy, `c` in process with `open`, and `s`, a spawned `bdds serve` (closed) that is
 * killed with -9. Keys and calls go over real listeners.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { issueKey } from '../../api/access/issue-key.js';
import { loadConfig } from '../../api/config.js';
import { startServer, type RunningServer } from '../../api/server.js';
import { createKeysRepo } from '../../data/keys-repo.js';
import { closeStore, openStore } from '../../data/store.js';
import { startRedis, type TestRedis } from '../data/redis/redis-server.js';
import { captureLogger } from '../helpers/deps.js';
import { seededStore } from '../helpers/store-templates.js';
import { serveProcess } from '../helpers/serve-process.js';

const NOW = '2026-11-22T10:00:00Z';
const DAY = '2026-11-22';
const SEARCH = '/api/v1/data/search?name=Hrebenne';

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** At most 40 sockets per instance (below the per-address limit of 64); further calls wait for one. */
const agent = new Agent({ keepAlive: true, maxSockets: 40 });

function call(base: string, key: string, path = SEARCH): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = get(`${base}${path}`, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started, retryAfter: res.headers['retry-after'] as string | undefined, body: JSON.parse(text) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, check: () => boolean | Promise<boolean>, withinMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms: ${what}`);
    await sleep(20);
  }
  return performance.now() - started;
}

const serve = (db: string, redisUrl: string) => serveProcess({ BDDS_DB: db, BDDS_NOW: NOW, BDDS_REDIS_URL: redisUrl });

describe('several instances on one Redis', () => {
  const cleanups: (() => unknown)[] = [];
  const scope = { after: (fn: () => unknown) => void cleanups.push(fn) };
  let redis: TestRedis;
  let dbPath: string;
  /** a: BDDS_REDIS_FAILURE=closed; c: open. */
  let a: RunningServer, c: RunningServer;
  /** Spawned, closed. */
  let s: { child: ChildProcess; url: string };
  const keys: Record<string, { key: string; id: number }> = {};

  /** A plain client, to read the shared counters. */
  let inspect: Redis;
  const stored = (keyId: number) => a.db.prepare('SELECT coalesce(sum(used), 0) FROM usage_counters WHERE key_id = ? AND day = ?').pluck().get(keyId, DAY) as number;
  const inRedis = async (keyId: number) => Number(await inspect.hget(`bdds:q:${DAY}`, `${keyId}:standard`));

  before(async () => {
    redis = await startRedis(scope);
    inspect = new Redis(redis.url);
    inspect.on('error', () => undefined); // it reconnects after the restart below
    cleanups.push(() => inspect.disconnect());
    const dir = mkdtempSync(join(tmpdir(), 'bdds-scale-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    dbPath = seededStore(dir);
    const store = openStore(dbPath);
    const repo = createKeysRepo(store);
    const make = (name: string, standard: number) => {
      const { key, record } = issueKey(repo, { email: `${name}@example.com`, plan: 'payg', limits: { standard, qps: 1_000_000 } }, new Date(NOW));
      keys[name] = { key, id: record.id };
    };
    make('exact', 500);
    make('revoke', 1_000);
    make('crash', 500);
    make('outage', 100_000);
    make('open', 100_000);
    make('hang', 100_000);
    closeStore(store);
    const env = { BDDS_PORT: '0', BDDS_DB: dbPath, BDDS_NOW: NOW, BDDS_THREADS: '1', BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'off', BDDS_REDIS_URL: redis.url };
    const start = async (failure: 'closed' | 'open') => {
      const server = await startServer(loadConfig({ ...env, BDDS_REDIS_FAILURE: failure }), { log: captureLogger('silent').log, engine: { lazy: true }, dataVersionsPollMs: 3_600_000 });
      cleanups.push(() => server.close());
      return server;
    };
    // The spawned one compiles through tsx meanwhile.
    const spawning = serve(dbPath, redis.url);
    a = await start('closed');
    c = await start('open');
    s = await spawning;
    cleanups.push(() => s.child.kill('SIGKILL'));
  });

  after(async () => {
    agent.destroy();
    for (const fn of cleanups.reverse()) await fn();
  });

  // Exact, unless a Redis command outlived its 200 ms time-out (a loaded machine: CI once saw one in 2,000).
  // Then the documented guarantee holds instead: that call was refused (503 store_unavailable, `closed`),
  // and it may still have been counted: over-counted by at most the calls refused so, never under-counted.
  it('admits exactly the quota of 2,000 concurrent calls over two instances, each call with its own count, and both report it', async (t) => {
    const { key, id } = keys.exact!;
    const answers = await Promise.all(Array.from({ length: 2_000 }, (_, i) => call(i % 2 ? a.url : s.url, key)));
    const outcomes = answers.reduce<Record<string, number>>((n, r) => {
      const k = `${r.status} ${r.body.error?.reason ?? r.body.error?.code ?? ''}`.trim();
      n[k] = (n[k] ?? 0) + 1;
      return n;
    }, {});
    t.diagnostic(`outcomes: ${JSON.stringify(outcomes)}`);
    const admitted = answers.filter((r) => r.status === 200);
    const timedOut = answers.filter((r) => r.status === 503 && r.body.error.reason === 'store_unavailable').length;
    const refused = answers.filter((r) => r.status === 429 && r.body.error.code === 'quota_exceeded').length;
    assert.equal(admitted.length + timedOut + refused, 2_000, `only 200, 429 quota_exceeded or 503 store_unavailable: ${JSON.stringify(outcomes)}`);
    const counted = await inRedis(id);
    assert.ok(counted >= 500 && counted <= 500 + timedOut, `Redis counted ${counted}: the quota, plus at most the ${timedOut} timed out`);
    // Every admitted call got its own count, each within the quota; with no time-out, exactly 1 to 500.
    const counts = admitted.map((r) => r.body.usage.requests_today as number).sort((x, y) => x - y);
    assert.equal(new Set(counts).size, counts.length, 'no two admitted calls share a count');
    assert.ok(counts.every((n) => n >= 1 && n <= 500), 'no call admitted past the quota');
    assert.ok(admitted.length >= 500 - timedOut, `${admitted.length} admitted: a unit is lost only to a timed-out call`);
    if (timedOut === 0) assert.deepEqual(counts, Array.from({ length: 500 }, (_, i) => i + 1));
    for (const url of [a.url, s.url]) {
      const again = await call(url, key);
      assert.equal(again.status, 429);
      assert.equal(again.body.usage.requests_today, counted, 'every instance reports the shared count');
    }
    await until('written back to usage_counters', () => stored(id) === counted, 3_000);
  });

  // How soon (well under a second, docs/scale-out.md) is measured by npm run bench:scale; here, that it happens.
  it('refuses a key revoked on one instance on the others', async () => {
    const { key, id } = keys.revoke!;
    for (const url of [a.url, c.url, s.url]) assert.equal((await call(url, key)).status, 200);
    // The clock is pinned: without the notice the others' cached lookups would never expire.
    assert.equal(a.deps.repos.keys.revoke(id, NOW), true);
    assert.equal((await call(a.url, key)).status, 403, 'at once where it was revoked');
    for (const url of [c.url, s.url]) {
      await until('revoked on the other instance', async () => {
        const r = await call(url, key);
        return r.status === 403 && r.body.error.reason === 'revoked';
      }, 10_000);
    }
  });

  it('moves the other instances\' data versions on a change on one', async () => {
    const before = c.deps.versions.dataset('road');
    a.db.prepare("UPDATE dataset_versions SET version = version + 1 WHERE dataset = 'road'").run();
    a.deps.versions.refresh();
    // c does not poll the store by itself here (dataVersionsPollMs): only the notice can move it.
    await until('versions moved on c', () => c.deps.versions.dataset('road') !== before, 10_000);
  });

  it('keeps the count exact across a kill -9 of one instance: over-counted at most by its calls in flight', async () => {
    const { key, id } = keys.crash!;
    const [victim, survivor] = [s, a];
    const seen: number[] = [];
    const statuses = new Map<string, number>();
    let victimDead = false;
    let stopped = false;
    const client = (base: string, isVictim: boolean) => async () => {
      while (!stopped && !(isVictim && victimDead)) {
        try {
          const r = await call(base, key);
          statuses.set(`${r.status}`, (statuses.get(`${r.status}`) ?? 0) + 1);
          if (r.status === 200) seen.push(r.body.usage.requests_today);
          else if (r.status === 429) return; // spent
        } catch {
          if (isVictim) return; // the instance is gone
          throw new Error('the surviving instance failed a call');
        }
      }
    };
    const CLIENTS = 15;
    const load = Promise.all([...Array.from({ length: CLIENTS }, client(victim!.url, true)), ...Array.from({ length: CLIENTS }, client(survivor!.url, false))]);
    await until('150 admitted', () => seen.length >= 150, 10_000);
    victim!.child.kill('SIGKILL');
    victimDead = true;
    await load;
    stopped = true;
    assert.equal(new Set(seen).size, seen.length, 'no two admitted calls saw the same count');
    const counted = await inRedis(id);
    assert.equal(counted, 500, 'the quota was used up');
    const overCount = counted - seen.length;
    assert.ok(overCount >= 0 && overCount <= CLIENTS, `over-count ${overCount} (bound: ${CLIENTS} calls in flight on the killed instance)`);
    assert.ok(Math.max(...seen) <= 500);
    assert.deepEqual([...statuses.keys()].sort(), ['200', '429']);
    await until('written back by the survivor', () => stored(id) === 500, 3_000);
  });

  it('Redis hung: no call waits past the time-out; closed refuses with 503 and Retry-After, open admits; both recover', async () => {
    const { key } = keys.hang!;
    redis.pause();
    try {
      // Redis stays paused until these are answered: without the command time-out they would never be.
      const answers = await Promise.all([...Array.from({ length: 10 }, () => call(a.url, key)), ...Array.from({ length: 10 }, () => call(c.url, key))]);
      for (const r of answers.slice(0, 10)) {
        assert.equal(r.status, 503);
        assert.equal(r.body.error.code, 'service_unavailable');
        assert.equal(r.body.error.reason, 'store_unavailable');
        assert.equal(r.retryAfter, '2');
      }
      assert.deepEqual(answers.slice(10).map((r) => r.status), Array(10).fill(200), 'open: counted by the instance');
    } finally {
      redis.resume();
    }
    await until('a answers again', async () => (await call(a.url, key)).status === 200, 2_000);
  });

  it('Redis killed and restarted under load: closed refuses, open counts locally, /status says so, counts resume where they were', async () => {
    const { key, id } = keys.outage!;
    const open = keys.open!;
    // The open instance's counter, written back before the outage: the floor it counts on from.
    for (let i = 0; i < 10; i++) assert.equal((await call(c.url, open.key)).status, 200);
    await until('open counter written back', () => stored(open.id) === 10, 3_000);

    const answers: (Answer & { phase: string })[] = [];
    let phase = 'before';
    let stopped = false;
    const client = (base: string) => async () => {
      while (!stopped) {
        const r = await call(base, key);
        answers.push({ ...r, phase });
        if (r.status !== 200) await sleep(10);
      }
    };
    const load = Promise.all(Array.from({ length: 20 }, client(a.url)));
    await until('admitted before the outage', () => answers.filter((r) => r.status === 200).length >= 100, 5_000);
    await redis.kill();
    phase = 'down';
    await until('refused while down', () => answers.filter((r) => r.phase === 'down' && r.status === 503).length >= 20, 3_000);

    // /status: the keyed products offline on a closed instance, degraded on the open one.
    const status = async (server: RunningServer) => ((await (await fetch(`${server.url}/api/v1/data/status`)).json()) as { data: { overall: string; products: Record<string, { status: string; detail: string | null }> } }).data;
    const onA = await status(a);
    assert.equal(onA.products.search?.status, 'offline');
    assert.match(onA.products.search?.detail ?? '', /Redis/);
    assert.equal(onA.products.status?.status, 'online');
    assert.equal(onA.overall, 'degraded');
    assert.equal((await status(c)).products.search?.status, 'degraded');
    // Open: counted in the store from the written-back total.
    const openDown = await Promise.all(Array.from({ length: 5 }, () => call(c.url, open.key)));
    assert.deepEqual(openDown.map((r) => r.status), Array(5).fill(200));
    assert.deepEqual(openDown.map((r) => r.body.usage.requests_today).sort((x, y) => x - y), [11, 12, 13, 14, 15]);

    await redis.restart();
    phase = 'restarted';
    await until('admitted again after the restart', () => answers.filter((r) => r.phase === 'restarted' && r.status === 200).length >= 50, 5_000);
    stopped = true;
    await load;
    assert.equal((await status(a)).products.search?.status, 'online', '/status recovers');

    assert.deepEqual([...new Set(answers.map((r) => r.status))].sort(), [200, 503], 'never a 500');
    for (const r of answers.filter((x) => x.status === 503)) {
      assert.equal(r.body.error.reason, 'store_unavailable');
      assert.equal(r.retryAfter, '2');
    }
    // No call hung: the load above ended (a hung call would have held it until the test's time-out).
    const admitted = answers.filter((r) => r.status === 200).map((r) => r.body.usage.requests_today as number);
    assert.equal(new Set(admitted).size, admitted.length, 'no count seen twice');
    const lastBefore = Math.max(...answers.filter((r) => r.phase === 'before' && r.status === 200).map((r) => r.body.usage.requests_today as number));
    const firstAfter = Math.min(...answers.filter((r) => r.phase === 'restarted' && r.status === 200).map((r) => r.body.usage.requests_today as number));
    assert.ok(firstAfter > lastBefore, `counts resume where they were (${lastBefore} -> ${firstAfter}): the append-only file kept them`);
    const counted = await inRedis(id);
    assert.ok(counted >= admitted.length && counted - admitted.length <= 20, `Redis ${counted}, admitted ${admitted.length}: over-counted at most the calls in flight`);

    // Open: Redis is raised to what the instance counted meanwhile.
    const openAfter = await call(c.url, open.key);
    assert.equal(openAfter.body.usage.requests_today, 16);
  });
});
