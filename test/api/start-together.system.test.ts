import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { closeStore, openStore } from '../../data/store.js';
import { tempDir } from '../helpers/deps.js';
import { serveProcess } from '../helpers/serve-process.js';

describe('instances started together on a new store', () => {
  it('both serve; the store is migrated and seeded once, with one demo key', async (t) => {
    const db = join(tempDir(t), 'new.sqlite');
    const starting = [serveProcess({ BDDS_DB: db }), serveProcess({ BDDS_DB: db })];
    // Both killed at the end whatever happens, the one that started too when the other did not.
    t.after(async () => { for (const s of await Promise.allSettled(starting)) if (s.status === 'fulfilled') s.value.child.kill('SIGKILL'); });
    const servers = await Promise.all(starting);
    for (const server of servers) {
      const res = await fetch(`${server.url}/api/v1/data/status`);
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as { ok: boolean }).ok, true);
    }
    await Promise.all(servers.map((s) => new Promise((r) => { s.child.once('exit', r); s.child.kill('SIGTERM'); })));
    const store = openStore(db);
    t.after(() => closeStore(store));
    // Seeded once: the directory's checkpoints are there, each once.
    const [rows, distinct] = store.prepare('SELECT count(*), count(DISTINCT ppid) FROM checkpoints').raw().get() as [number, number];
    assert.ok(rows > 100, `${rows} checkpoints`);
    assert.equal(rows, distinct);
    assert.equal(store.prepare('SELECT count(*) FROM api_keys').pluck().get(), 1, 'one demo key, created by one of them');
  });
});
