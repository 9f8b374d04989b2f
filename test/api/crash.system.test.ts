import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { describe, it } from 'node:test';
import { issueKey } from '../../api/access/issue-key.js';
import { createKeysRepo } from '../../data/keys-repo.js';
import { closeStore, openStore } from '../../data/store.js';
import { tempDir } from '../helpers/deps.js';
import { seededStore } from '../helpers/store-templates.js';
import { serveProcess } from '../helpers/serve-process.js';

const LIMIT = 150;

const serve = (db: string) => serveProcess({ BDDS_DB: db });

const storedUse = (db: string, keyId: number) => {
  const store = openStore(db);
  const used = store.prepare('SELECT coalesce(sum(used), 0) FROM usage_counters WHERE key_id = ?').pluck().get(keyId) as number;
  closeStore(store);
  return used;
};

type Server = Awaited<ReturnType<typeof serve>>;

/** `n` clients calling in a loop until stopped or the server is gone; the usage each 200 reported. */
function load(server: Server, headers: Record<string, string>, n: number) {
  const answered: number[] = [];
  const statuses = new Map<number, number>();
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      try {
        const res = await fetch(`${server.url}/api/v1/data/search?name=Hrebenne`, { headers });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) answered.push(((await res.json()) as { usage: { requests_today: number } }).usage.requests_today);
        else await res.arrayBuffer();
      } catch {
        return; // the server is gone
      }
    }
  };
  const done = Promise.all(Array.from({ length: n }, client));
  return {
    answered,
    statuses,
    until: async (count: number) => {
      while (answered.length < count) await new Promise((r) => setTimeout(r, 5));
    },
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

describe('quota exactness on a real listener, across kill -9 and SIGTERM', () => {
  it('never under-counts after kill -9 (over-counts at most the calls in flight), loses nothing on SIGTERM, and admits exactly the rest of the quota', async (t) => {
    const db = seededStore(tempDir(t));
    const store = openStore(db);
    const { key, record } = issueKey(createKeysRepo(store), { email: 'load@example.com', plan: 'payg', limits: { standard: LIMIT, qps: 100_000 } }, new Date());
    closeStore(store);
    const headers = { authorization: `Bearer ${key}` };
    const CLIENTS = 20;

    // 1. kill -9 mid-load.
    const first = await serve(db);
    const crashLoad = load(first, headers, CLIENTS);
    await crashLoad.until(40);
    first.child.kill('SIGKILL');
    await crashLoad.stop();
    await exited(first.child);
    const { answered } = crashLoad;
    const afterCrash = storedUse(db, record.id);
    assert.ok(afterCrash >= answered.length, `stored ${afterCrash} < ${answered.length} answered`);
    assert.ok(afterCrash >= Math.max(...answered), 'every usage number a client saw is stored');
    assert.equal(new Set(answered).size, answered.length, 'no two answered calls saw the same count');
    // Committed but never answered: only calls that were in flight when the process died.
    const overCount = afterCrash - answered.length;
    assert.ok(overCount <= CLIENTS, `over-count ${overCount} exceeds the ${CLIENTS} calls that could be in flight`);
    t.diagnostic(`kill -9: ${answered.length} answered, ${afterCrash} stored, over-count ${overCount} (bound ${CLIENTS})`);

    // 2. SIGTERM mid-load: in-flight calls finish, later ones are refused, every answered call is stored, nothing more.
    const second = await serve(db);
    const termLoad = load(second, headers, CLIENTS);
    await termLoad.until(30);
    second.child.kill('SIGTERM');
    const code = await exited(second.child);
    await termLoad.stop();
    assert.equal(code, 0, 'a clean exit');
    const afterTerm = storedUse(db, record.id);
    assert.equal(afterTerm, afterCrash + termLoad.answered.length, 'SIGTERM: stored = before + answered, nothing lost or over-counted');
    assert.equal(Math.max(...termLoad.answered), afterTerm, 'the last usage a client saw is the stored one');
    assert.deepEqual([...termLoad.statuses.keys()].filter((s) => s !== 200 && s !== 503), [], 'only 200 and the closing 503');

    // 3. Concurrent calls on what is left of the quota: exactly the rest admitted.
    const third = await serve(db);
    t.after(() => third.child.kill('SIGKILL'));
    const rest = LIMIT - afterTerm;
    assert.ok(rest > 0, `quota left (${rest})`);
    // 30 clients at once (below the per-address connection limit), rest + 40 calls in all.
    const results: { status: number; used: number | undefined; code: string | undefined }[] = [];
    let left = rest + 40;
    await Promise.all(Array.from({ length: 30 }, async () => {
      while (left-- > 0) {
        const res = await fetch(`${third.url}/api/v1/data/search?name=Hrebenne`, { headers });
        const body = (await res.json()) as { usage?: { requests_today: number }; error?: { code: string } };
        results.push({ status: res.status, used: body.usage?.requests_today, code: body.error?.code });
      }
    }));
    const admitted = results.filter((r) => r.status === 200);
    assert.equal(admitted.length, rest, 'after the restarts exactly the rest of the quota is admitted');
    assert.deepEqual(admitted.map((r) => r.used).sort((a, b) => a! - b!), Array.from({ length: rest }, (_, i) => afterTerm + i + 1));
    assert.deepEqual([...new Set(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.code}`))], ['429 quota_exceeded']);
    assert.equal(storedUse(db, record.id), LIMIT);
  });
});
