import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createCounterWriter } from '../../../services/counter-writer/client.js';
import { closeStore, openStore, type Db } from '../../../data/store.js';
import { tempDir } from '../../helpers/deps.js';

const DAY = '2026-11-23';

function storeWithKey(t: import('node:test').TestContext): { db: Db; path: string; keyId: number } {
  const path = join(tempDir(t), 'store.sqlite');
  const db = openStore(path);
  t.after(() => closeStore(db));
  const keyId = Number(db.prepare(
    `INSERT INTO api_keys (digest, prefix, email, plan, status, created_at) VALUES ('d', 'bdds_x', 'e@x', 'explorer', 'active', '2026-01-01T00:00:00Z')`,
  ).run().lastInsertRowid);
  return { db, path, keyId };
}

describe('counter writer thread', () => {
  it('admits exactly the limit of concurrent consumes and reads the total on the service connection', async (t) => {
    const { db, keyId } = storeWithKey(t);
    const writer = createCounterWriter(db);
    t.after(() => writer.close());
    const results = await Promise.all(Array.from({ length: 60 }, () => writer.consume(keyId, DAY, 'standard', 1, 25)));
    assert.equal(results.filter((r) => r.admitted).length, 25);
    assert.deepEqual(results.filter((r) => r.admitted).map((r) => r.used).sort((a, b) => a - b), Array.from({ length: 25 }, (_, i) => i + 1));
    assert.equal(await writer.used(keyId, DAY, 'standard'), 25);
    await writer.refund(keyId, DAY, 'standard', 3);
    assert.equal(await writer.used(keyId, DAY, 'standard'), 22);
  });

  it('under a lock held by another connection fails the consume with SQLITE_BUSY without blocking the event loop, and counts again once it is released', async (t) => {
    const { db, path, keyId } = storeWithKey(t);
    const writer = createCounterWriter(db, { busyTimeoutMs: 300 });
    t.after(() => writer.close());
    await writer.consume(keyId, DAY, 'standard', 1, 100); // the thread is up
    const holder = openStore(path, { integrityCheck: false });
    holder.exec('BEGIN IMMEDIATE');
    // The loop stays free: a timer fires while the writer waits out the busy timeout. (Had the wait been on
    // this thread, the refusal would settle, in microtasks, before any timer could run.)
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await assert.rejects(writer.consume(keyId, DAY, 'standard', 1, 100), (err: { code?: string }) => err.code === 'SQLITE_BUSY');
    clearInterval(timer);
    assert.ok(ticks >= 1, `timers ran while the writer waited (${ticks})`);
    assert.equal(await writer.used(keyId, DAY, 'standard'), 1, 'the refused consume counted nothing');
    holder.exec('ROLLBACK');
    closeStore(holder);
    assert.deepEqual(await writer.consume(keyId, DAY, 'standard', 1, 100), { admitted: true, used: 2 });
  });

  it('starts a new thread after the writer dies, failing only the calls in flight, and refuses calls once closed', async (t) => {
    const { db, keyId } = storeWithKey(t);
    const writer = createCounterWriter(db);
    t.after(() => writer.close());
    await writer.consume(keyId, DAY, 'standard', 1, 100);
    const inFlight = writer.consume(keyId, DAY, 'standard', 1, 100);
    await new Promise((r) => setImmediate(r)); // posted to the thread
    await writer.kill();
    // Answered as committed, or failed as store_unavailable: a failed call may still have been committed
    // (the thread died between its commit and its reply), an over-count of at most the calls in flight,
    // never an under-count.
    const outcome = await inFlight.then((r) => r, (err: { code?: string }) => err.code);
    const before = await writer.used(keyId, DAY, 'standard');
    if (typeof outcome === 'object') assert.deepEqual(outcome, { admitted: true, used: 2 });
    else assert.equal(outcome, 'SQLITE_IOERR');
    assert.ok(before === 2 || (before === 1 && typeof outcome !== 'object'), `stored ${before}`);
    assert.deepEqual(await writer.consume(keyId, DAY, 'standard', 1, 100), { admitted: true, used: before + 1 }, 'a new thread counts on');
    await writer.close();
    await assert.rejects(writer.consume(keyId, DAY, 'standard', 1, 100), (err: { code?: string }) => err.code === 'SQLITE_CANTOPEN');
    assert.equal(await writer.used(keyId, DAY, 'standard'), before + 1);
  });
});
