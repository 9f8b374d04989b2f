import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { describe, it, type TestContext } from 'node:test';
import { issueKey } from '../../../api/access/issue-key.js';
import { createKeysRepo } from '../../../data/keys-repo.js';
import { createRedisLink, isRedisUnavailable, type RedisLink } from '../../../data/redis/link.js';
import { COUNTER_MARGIN_S, createRedisQuotaStore } from '../../../data/redis/quota-store.js';
import { createRedisRateLimiter } from '../../../data/redis/rate-limiter.js';
import type { RateLimiter } from '../../../models/access.js';
import { createCounterReader } from '../../../data/usage-repo.js';
import { createUsageWriteback } from '../../../data/redis/usage-writeback.js';
import { closeStore, openStore } from '../../../data/store.js';
import { tempDir } from '../../helpers/deps.js';
import { seededStore } from '../../helpers/store-templates.js';
import { startRedis, type TestRedis } from './redis-server.js';

/**
 * A link for tests of the scripts (not of time-outs: a loaded machine must not fail them), up once the
 * scripts registered meanwhile are loaded.
 */
function linkTo(t: TestContext, redis: TestRedis): RedisLink {
  const link = createRedisLink(redis.url, { commandTimeoutMs: 2_000 });
  t.after(() => link.close());
  return link;
}
const connected = async (...links: RedisLink[]) => {
  for (const link of links) assert.ok(await link.whenUp(3_000), 'connected');
};

/** Today's UTC day by the real clock (Redis's TIME): the counter's expiry is checked against it. */
const realDay = () => new Date().toISOString().slice(0, 10);

describe('Redis daily counters (one Lua script per consume)', () => {
  it('admits exactly the limit across two connections, each admitted call with its own total; all or nothing for a cost', async (t) => {
    const redis = await startRedis(t);
    const [a, b] = [linkTo(t, redis), linkTo(t, redis)];
    const stores = [createRedisQuotaStore(a), createRedisQuotaStore(b)];
    await connected(a, b);
    const day = realDay();
    const results = await Promise.all(Array.from({ length: 1_000 }, (_, i) => stores[i % 2]!.consume(7, day, 'standard', 1, 500)));
    const admitted = results.filter((r) => r.admitted);
    assert.equal(admitted.length, 500);
    assert.deepEqual(admitted.map((r) => r.used).sort((x, y) => x - y), Array.from({ length: 500 }, (_, i) => i + 1));
    assert.ok(results.filter((r) => !r.admitted).every((r) => r.used === 500));
    assert.equal(await stores[1]!.used(7, day, 'standard'), 500);

    // A multi call costing more than what is left is refused whole, and the counter does not move.
    const s = stores[0]!;
    assert.deepEqual(await s.consume(8, day, 'standard', 8, 10), { admitted: true, used: 8 });
    assert.deepEqual(await s.consume(8, day, 'standard', 3, 10), { admitted: false, used: 8 });
    assert.deepEqual(await s.consume(8, day, 'standard', 2, 10), { admitted: true, used: 10 });
    assert.deepEqual(await s.consume(9, day, 'cheap', 11, 10), { admitted: false, used: 0 }, 'a first call over the whole limit');
    // Classes are separate counters.
    assert.deepEqual(await s.consume(8, day, 'forecast_stats', 1, 10), { admitted: true, used: 1 });

    // Refund: never below zero; a counter that does not exist stays absent (it would have no expiry).
    await s.refund(8, day, 'standard', 2);
    assert.equal(await s.used(8, day, 'standard'), 8);
    await s.refund(8, day, 'forecast_stats', 5);
    assert.equal(await s.used(8, day, 'forecast_stats'), 0);
    await s.refund(99, day, 'standard', 1);
    assert.equal(await a.client.hexists(`bdds:q:${day}`, '99:standard'), 0);
  });

  it('raises a counter to the stored floor (a Redis that lost data), never lowers it', async (t) => {
    const redis = await startRedis(t);
    const link = linkTo(t, redis);
    const floors = new Map<string, number>([['1:standard', 40]]);
    const store = createRedisQuotaStore(link, { floor: (id, _day, cls) => floors.get(`${id}:${cls}`) ?? 0 });
    await connected(link);
    const day = realDay();
    assert.deepEqual(await store.consume(1, day, 'standard', 1, 50), { admitted: true, used: 41 });
    assert.equal(await store.used(1, day, 'standard'), 41);
    floors.set('1:standard', 10);
    assert.deepEqual(await store.consume(1, day, 'standard', 1, 50), { admitted: true, used: 42 });
    // A refused call still records the raise.
    floors.set('2:standard', 60);
    assert.deepEqual(await store.consume(2, day, 'standard', 1, 50), { admitted: false, used: 60 });
  });

  it('expires a day\'s counters at its UTC midnight plus the margin, and never before the margin from now', async (t) => {
    const redis = await startRedis(t);
    const link = linkTo(t, redis);
    const store = createRedisQuotaStore(link);
    await connected(link);
    const today = realDay();
    await store.consume(1, today, 'standard', 1, 10);
    await store.consume(1, '2020-01-01', 'standard', 1, 10);
    const midnight = Date.parse(`${today}T00:00:00Z`) / 1000 + 86_400;
    const ttl = await link.client.ttl(`bdds:q:${today}`);
    const expected = midnight + COUNTER_MARGIN_S - Math.floor(Date.now() / 1000);
    assert.ok(Math.abs(ttl - expected) <= 2, `ttl ${ttl}, expected ${expected}`);
    assert.equal(await link.client.ttl(`bdds:qd:${today}`), ttl, 'the changed set expires with its counters');
    const past = await link.client.ttl('bdds:q:2020-01-01');
    assert.ok(past > COUNTER_MARGIN_S - 5 && past <= COUNTER_MARGIN_S, `a day already over lives the margin (${past})`);
  });
});

describe('Redis per-second limit (token bucket in Lua)', () => {
  it('allows the rate at once, refuses the next with the wait, refills, and is shared by every connection', async (t) => {
    const redis = await startRedis(t);
    const links = [linkTo(t, redis), linkTo(t, redis)];
    const [a, b] = links.map((link) => createRedisRateLimiter(link)) as [RateLimiter, RateLimiter];
    await connected(...links);
    const decisions = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).take('key:1', 5, 0)));
    assert.equal(decisions.filter((d) => d.allowed).length, 5);
    const refused = decisions.find((d) => !d.allowed)!;
    assert.ok(refused.retryAfterS > 0 && refused.retryAfterS <= 0.2, `retry after ${refused.retryAfterS}`);
    await new Promise((r) => setTimeout(r, 250));
    assert.equal((await a.take('key:1', 5, 0)).allowed, true, 'a token came back');
    assert.equal((await b.take('key:2', 5, 0)).remaining, 4, 'another id has its own bucket');
  });
});

describe('write-back to usage_counters', () => {
  it('writes the changed counters, only ever raising a stored total, and skips keys the store does not hold', async (t) => {
    const redis = await startRedis(t);
    const link = linkTo(t, redis);
    const db = openStore(seededStore(tempDir(t)));
    t.after(() => closeStore(db));
    const keyId = issueKey(createKeysRepo(db), { email: 'wb@example.com', plan: 'explorer' }, new Date()).record.id;
    const store = createRedisQuotaStore(link);
    const writeback = createUsageWriteback(db, store);
    const stored = createCounterReader(db);
    await connected(link);
    const day = realDay();
    for (let i = 0; i < 5; i++) await store.consume(keyId, day, 'standard', 1, 100);
    await store.consume(keyId, day, 'cheap', 3, 100);
    await store.consume(424_242, day, 'standard', 1, 100);
    assert.equal(await writeback.run([day]), 2);
    assert.equal(stored(keyId, day, 'standard'), 5);
    assert.equal(stored(keyId, day, 'cheap'), 3);
    assert.equal(stored(424_242, day, 'standard'), 0, 'unknown key skipped');
    assert.equal(await writeback.run([day]), 0, 'nothing changed since');
    // A refund lowers Redis; the stored total stays (only raised), and a full pass changes nothing.
    await store.refund(keyId, day, 'standard', 2);
    assert.equal(await writeback.run([day], true), 0);
    assert.equal(stored(keyId, day, 'standard'), 5);
    await store.consume(keyId, day, 'standard', 4, 100);
    await writeback.run([day]);
    assert.equal(stored(keyId, day, 'standard'), 7);
  });
});

describe('the link to Redis', () => {
  it('bounds a hung Redis by the time-out, then fails at once until it answers again; reconnects after a restart with its data', async (t) => {
    const redis = await startRedis(t);
    const link = createRedisLink(redis.url, { commandTimeoutMs: 200, probeMs: 50 });
    t.after(() => link.close());
    const store = createRedisQuotaStore(link);
    assert.ok(await link.whenUp(2_000));
    const day = realDay();
    assert.equal((await store.consume(1, day, 'standard', 1, 100)).used, 1);

    redis.pause();
    // Redis stays paused until after these: a refusal at all is the time-out's doing (not before it).
    const started = performance.now();
    await assert.rejects(store.consume(1, day, 'standard', 1, 100), isRedisUnavailable);
    assert.ok(performance.now() - started >= 190, 'refused by the command time-out, not before');
    assert.equal(link.up, false);
    // Down: refused without waiting for a time-out (before a timer of the time-out's length fires).
    let timedOut = false;
    const timer = setTimeout(() => (timedOut = true), 200);
    await assert.rejects(store.consume(1, day, 'standard', 1, 100), isRedisUnavailable);
    clearTimeout(timer);
    assert.equal(timedOut, false, 'down: refused at once');
    redis.resume();
    assert.ok(await link.whenUp(2_000), 'up again once it answers');
    // The consume that timed out ran when Redis resumed: over-counted, never under-counted.
    const afterHang = await store.used(1, day, 'standard');
    assert.ok(afterHang === 1 || afterHang === 2, `after the hang ${afterHang}`);

    await redis.kill();
    await assert.rejects(store.consume(1, day, 'standard', 1, 100), isRedisUnavailable);
    assert.equal(link.up, false);
    await redis.restart();
    assert.ok(await link.whenUp(3_000), 'reconnected without a restart of ours');
    // The link loaded the scripts into the restarted server, and the append-only file kept the counter.
    assert.deepEqual(await store.consume(1, day, 'standard', 1, 100), { admitted: true, used: afterHang + 1 });
    // Scripts flushed under it: EVALSHA -> NOSCRIPT -> EVAL, and the link stays up.
    await link.client.script('FLUSH');
    assert.deepEqual(await store.consume(1, day, 'standard', 1, 100), { admitted: true, used: afterHang + 2 });
    assert.equal(link.up, true);
  });
});
