import assert from 'node:assert/strict';
import { copyFileSync, openSync, writeSync, closeSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MIGRATIONS } from '../../data/migrations.js';
import { createStatusRepo } from '../../data/status-repo.js';
import { closeStore, openStore, StoreCorruptError } from '../../data/store.js';
import { tempDir } from '../helpers/deps.js';

describe('store', () => {
  it('creates the file in WAL mode and runs every migration once', (t) => {
    const path = join(tempDir(t), 'nested', 'bdds.sqlite');
    const db = openStore(path);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
    createStatusRepo(db).saveAll([{ product: 'x', status: 'online', latency_ms: 3, detail: null, checked_at: '2026-01-01T00:00:00Z' }]);
    closeStore(db);
    const again = openStore(path);
    assert.equal(again.pragma('user_version', { simple: true }), MIGRATIONS.length);
    assert.equal(createStatusRepo(again).all().length, 1, 'data survives reopen; migrations do not re-run');
    closeStore(again);
  });

  it('keeps the store to its owner: the folder it makes 0700, the file and its WAL 0600', (t) => {
    const dir = join(tempDir(t), 'var');
    const path = join(dir, 'bdds.sqlite');
    const db = openStore(path);
    createStatusRepo(db).saveAll([{ product: 'x', status: 'online', latency_ms: 3, detail: null, checked_at: '2026-01-01T00:00:00Z' }]);
    const mode = (p: string) => statSync(p).mode & 0o777;
    assert.deepEqual([mode(dir), mode(path), mode(`${path}-wal`)], [0o700, 0o600, 0o600]);
    closeStore(db);
  });

  it('refuses a corrupt file with a clear message and leaves it in place', (t) => {
    const dir = tempDir(t);
    const good = join(dir, 'good.sqlite');
    closeStore(openStore(good));
    const bad = join(dir, 'bad.sqlite');
    copyFileSync(good, bad);
    const fd = openSync(bad, 'r+');
    writeSync(fd, Buffer.alloc(100, 0x41), 0, 100, 0); // overwrite the SQLite header
    closeSync(fd);
    assert.throws(() => openStore(bad), (err: unknown) => {
      assert.ok(err instanceof StoreCorruptError);
      assert.match(err.message, /integrity check/);
      assert.match(err.message, /left untouched/);
      return true;
    });
    assert.ok(existsSync(bad), 'the corrupt file is neither deleted nor renamed');
  });

  it('refuses a store newer than the build', (t) => {
    const path = join(tempDir(t), 'future.sqlite');
    const db = openStore(path);
    db.pragma(`user_version = ${MIGRATIONS.length + 5}`);
    closeStore(db);
    assert.throws(() => openStore(path), /newer than this build/);
  });
});
