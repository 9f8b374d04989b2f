import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { describe, it } from 'node:test';
import { issueKey } from '../../api/access/issue-key.js';
import { createKeysRepo } from '../../data/keys-repo.js';
import { closeStore, openStore } from '../../data/store.js';
import { tempDir } from '../helpers/deps.js';
import { seededStore } from '../helpers/store-templates.js';

const LIMIT = 150;

function serve(db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/cli.ts', 'serve'], {
    env: { ...process.env, BDDS_PORT: '0', BDDS_DB: db, BDDS_DEMO_REPLAY: '0', BDDS_THREADS: '1', BDDS_LOG_LEVEL: 'info' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /bdds listening on (http:\/\/[^"\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    });
  });
}

const storedUse = (db: string, keyId: number) => {
  const store = openStore(db);
  const used = store.prepare('SELECT coalesce(sum(used), 0) FROM usage_counters WHERE key_id = ?').pluck().get(keyId) as number;
  closeStore(store);
  return used;
};

describe('a crash under load (kill -9)', () => {
  it('loses no answered call and admits nothing over the limit, across the restart', async (t) => {
    const db = seededStore(tempDir(t));
    const store = openStore(db);
    const { key, record } = issueKey(createKeysRepo(store), { email: 'load@example.com', plan: 'payg', limits: { standard: LIMIT, qps: 100_000 } }, new Date());
    closeStore(store);
    const headers = { authorization: `Bearer ${key}` };

    const first = await serve(db);
    const answered: number[] = [];
    let killed = false;
    const worker = async () => {
      while (!killed) {
        try {
          const res = await fetch(`${first.url}/api/v1/data/search?name=Hrebenne`, { headers });
          if (res.status === 200) answered.push(((await res.json()) as { usage: { requests_today: number } }).usage.requests_today);
        } catch {
          return; // the server is gone
        }
      }
    };
    const load = Promise.all(Array.from({ length: 20 }, worker));
    while (answered.length < 40) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    killed = true;
    await load;
    if (first.child.exitCode === null && first.child.signalCode === null) await new Promise((r) => first.child.once('exit', r));

    const afterCrash = storedUse(db, record.id);
    assert.ok(afterCrash >= answered.length, `stored ${afterCrash} < ${answered.length} answered`);
    assert.ok(afterCrash >= Math.max(...answered), 'every usage number a client saw is stored');
    assert.equal(new Set(answered).size, answered.length, 'no two answered calls saw the same count');

    const second = await serve(db);
    t.after(() => second.child.kill('SIGKILL'));
    let admitted = 0;
    let refused = 0;
    for (let i = 0; i < LIMIT; i++) {
      const res = await fetch(`${second.url}/api/v1/data/search?name=Hrebenne`, { headers });
      if (res.status === 200) admitted++;
      else if (res.status === 429) refused++;
      await res.arrayBuffer();
    }
    assert.equal(afterCrash + admitted, LIMIT, 'after the restart exactly the rest of the quota is admitted');
    assert.ok(refused > 0);
    assert.equal(storedUse(db, record.id), LIMIT);
  });
});
