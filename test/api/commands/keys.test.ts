import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../api/config.js';
import { startServer } from '../../../api/server.js';
import { runCli } from '../../helpers/cli.js';
import { bearer, buildTestApp, captureLogger, tempDir } from '../../helpers/deps.js';
import { keyedOperations } from '../../helpers/test-operations.js';
import { closeStore, openStore } from '../../../data/store.js';
import { createKeysRepo } from '../../../data/keys-repo.js';
import { seededStore } from '../../helpers/store-templates.js';
import { generateKey } from '../../../api/access/key-format.js';

const bdds = (db: string, ...args: string[]) => runCli(['keys', ...args], { BDDS_DB: db });
/** Reads of what a command stored, on a store copied from a template: without the integrity check each `bdds keys` runs itself. */
const peek = (db: string) => openStore(db, { integrityCheck: false });

describe('bdds keys', () => {
  it('creates a key shown once, lists prefixes only, revokes by prefix', async (t) => {
    // A service on the store the commands write to (its own connection, as a server beside `bdds keys` has).
    const { app, dir } = await buildTestApp(t, { operations: keyedOperations });
    const db = join(dir, 'bdds.sqlite');
    const created = await bdds(db, 'create', '--email', 'dev@example.com', '--plan', 'explorer');
    assert.equal(created.status, 0, created.stderr);
    const key = created.stdout.trim();
    assert.match(key, /^bdds_[a-z2-7]{32}$/, 'the key alone on standard output');

    const json = await bdds(db, 'create', '--email', 'ops@example.com', '--plan', 'payg', '--standard', '5000', '--qps', '10', '--json');
    assert.equal(json.status, 0, json.stderr);
    const payg = JSON.parse(json.stdout);
    assert.equal(payg.plan, 'payg');
    assert.equal(payg.limits.standard, 5000);
    assert.equal(payg.limits.forecast_stats, 2000, 'unset payg limits take the defaults');

    const list = await bdds(db, 'list');
    assert.equal(list.status, 0);
    assert.ok(list.stdout.includes(key.slice(0, 12)));
    assert.ok(!list.stdout.includes(key) && !list.stdout.includes(payg.key), 'keys are never listed');

    const store = peek(db);
    const keys = createKeysRepo(store);
    assert.equal(keys.list().length, 2);
    assert.ok(!JSON.stringify(store.prepare('SELECT * FROM api_keys').all()).includes(key.slice(12)), 'only digests are stored');
    closeStore(store);

    // The key created by the command works against the service on the same store.
    assert.equal((await app.inject({ url: '/api/v1/data/counted', headers: bearer(key) })).statusCode, 200);

    const revoke = await bdds(db, 'revoke', key.slice(0, 12));
    assert.equal(revoke.status, 0, revoke.stderr);
    assert.match(revoke.stdout, /revoked/);
    const after = peek(db);
    assert.equal(createKeysRepo(after).findByRef(key.slice(0, 12))[0]!.status, 'revoked');
    closeStore(after);
  });

  it('lists keys under a header with their expiry, an expired key as expired (by the configured clock), the stored status kept', async (t) => {
    const db = seededStore(tempDir(t));
    const at = (now: string, ...args: string[]) => runCli(['keys', ...args], { BDDS_DB: db, BDDS_NOW: now });
    const may = '2026-05-01T00:00:00Z';
    for (const args of [['--expires', '2026-06-01T00:00:00Z'], [], ['--expires', '2026-06-01']]) {
      const created = await at(may, 'create', '--email', 'dev@example.com', '--plan', 'explorer', ...args);
      assert.equal(created.status, 0, created.stderr);
    }
    assert.equal((await at(may, 'revoke', '3')).status, 0);

    const before = await at(may, 'list');
    assert.equal(before.status, 0, before.stderr);
    const [header, ...lines] = before.stdout.trimEnd().split('\n').map((l) => l.split(/\s{2,}/));
    assert.deepEqual(header, ['id', 'prefix', 'plan', 'status', 'email', 'expires', 'last used']);
    assert.deepEqual(lines.map((l) => [l[0], l[3], l[5], l[6]]), [
      ['1', 'active', '2026-06-01T00:00:00.000Z', 'never'],
      ['2', 'active', 'never', 'never'],
      ['3', 'revoked', '2026-06-01T00:00:00.000Z', 'never'],
    ]);

    const july = '2026-07-01T00:00:00Z';
    const after = await at(july, 'list');
    assert.deepEqual(after.stdout.trimEnd().split('\n').slice(1).map((l) => l.split(/\s{2,}/)[3]), ['expired', 'active', 'revoked'],
      'past its expiry a key shows expired; revoked says more');
    const json = JSON.parse((await at(july, 'list', '--json')).stdout) as { status: string; effective_status: string }[];
    assert.deepEqual(json.map((k) => [k.status, k.effective_status]), [['active', 'expired'], ['active', 'active'], ['revoked', 'revoked']]);
    const store = peek(db);
    assert.equal(createKeysRepo(store).findByRef('1')[0]!.status, 'active', 'listing changes nothing stored');
    closeStore(store);
  });

  it('refuses to create a key that expires in the past or now (exit 2)', async (t) => {
    const db = seededStore(tempDir(t));
    const now = '2026-05-01T12:00:00Z';
    for (const expires of ['2026-04-30', now]) {
      const out = await runCli(['keys', 'create', '--email', 'dev@example.com', '--plan', 'explorer', '--expires', expires], { BDDS_DB: db, BDDS_NOW: now });
      assert.equal(out.status, 2, expires);
      assert.match(out.stderr, /--expires .* is not in the future \(now 2026-05-01T12:00:00.000Z\)/);
      assert.equal(out.stdout, '');
    }
    for (const expires of ['March 7', '2027-3-7', '2027-03-07 12:00', '2027-02-30']) {
      const out = await runCli(['keys', 'create', '--email', 'dev@example.com', '--plan', 'explorer', '--expires', expires], { BDDS_DB: db, BDDS_NOW: now });
      assert.equal(out.status, 2, expires);
      assert.match(out.stderr, /--expires must be an ISO date/, expires);
    }
    const store = peek(db);
    assert.equal(createKeysRepo(store).count(), 0);
    closeStore(store);
  });

  it('refuses bad usage with exit code 2', async (t) => {
    const db = seededStore(tempDir(t));
    assert.equal((await bdds(db, 'create', '--email', 'dev@example.com', '--plan', 'gold')).status, 2);
    assert.equal((await bdds(db, 'create', '--plan', 'explorer')).status, 2);
    assert.equal((await bdds(db, 'create', '--email', 'x@y', '--plan', 'explorer', '--standard', '5')).status, 2, 'explorer limits are fixed');
    assert.equal((await bdds(db, 'create', '--email', 'x@y', '--plan', 'payg', '--qps', '0')).status, 2);
    assert.equal((await bdds(db, 'frob')).status, 2);
    assert.equal((await bdds(db, 'revoke', 'bdds_nothing')).status, 1);
  });

  it('revokes and verifies a key pasted whole, found by its digest, never printing it', async (t) => {
    const db = seededStore(tempDir(t));
    const created = await bdds(db, 'create', '--email', 'dev@example.com', '--plan', 'explorer', '--unverified', '--json');
    const { key, id, prefix } = JSON.parse(created.stdout) as { key: string; id: number; prefix: string };
    const secret = key.slice(prefix.length);
    const verified = await bdds(db, 'verify', key);
    assert.equal(verified.status, 0, verified.stderr);
    assert.equal(verified.stdout, `verified ${prefix} (id ${id})\n`);
    const revoked = await bdds(db, 'revoke', key);
    assert.equal(revoked.status, 0, revoked.stderr);
    assert.equal(revoked.stdout, `revoked ${prefix} (id ${id})\n`);
    const store = peek(db);
    assert.equal(createKeysRepo(store).findByRef(String(id))[0]!.status, 'revoked');
    closeStore(store);

    // A whole key of no key here: not its display prefix's key (the prefix alone could name another).
    const other = generateKey();
    const stranger = await bdds(db, 'revoke', other);
    assert.equal(stranger.status, 1);
    assert.match(stranger.stderr, /no key in this store is the key given \(bdds_[a-z2-7]{7}…\)/);
    // A mistyped whole key fails its checksum: a bad argument.
    const typo = `${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`;
    const mistyped = await bdds(db, 'revoke', typo);
    assert.equal(mistyped.status, 2);
    assert.match(mistyped.stderr, /checksum does not match/);
    // Pasted with its header: the reference is echoed, the key in it only by its display prefix.
    const pasted = await bdds(db, 'revoke', `Bearer ${other}`);
    assert.equal(pasted.status, 1);
    assert.match(pasted.stderr, /no key matches 'Bearer bdds_[a-z2-7]{7}…'/);
    for (const out of [verified, revoked, stranger, mistyped, pasted]) {
      const text = `${out.stdout}${out.stderr}`;
      assert.ok(!text.includes(secret) && !text.includes(other.slice(prefix.length)) && !text.includes(typo.slice(prefix.length)), `no key printed: ${text}`);
    }
  });

  it('refuses to verify a revoked key (exit 1); verifying an active key or revoking a revoked one is done already (exit 0)', async (t) => {
    const db = seededStore(tempDir(t));
    const prefix = JSON.parse((await bdds(db, 'create', '--email', 'dev@example.com', '--plan', 'explorer', '--json')).stdout).prefix as string;
    const active = await bdds(db, 'verify', prefix);
    assert.deepEqual([active.status, active.stdout], [0, `${prefix} was already active\n`]);
    assert.equal((await bdds(db, 'revoke', prefix)).status, 0);
    const again = await bdds(db, 'revoke', prefix);
    assert.deepEqual([again.status, again.stdout], [0, `${prefix} was already revoked\n`]);
    const verify = await bdds(db, 'verify', prefix);
    assert.equal(verify.status, 1);
    assert.equal(verify.stdout, '');
    assert.match(verify.stderr, new RegExp(`${prefix} \\(id 1\\) is revoked: it cannot be verified`));
    const store = peek(db);
    assert.equal(createKeysRepo(store).findByRef(prefix)[0]!.status, 'revoked', 'still revoked');
    closeStore(store);
  });

  it('serve creates one demo Explorer key on the first start of an empty store, which keeps working on a pinned clock', async (t) => {
    const dir = tempDir(t);
    // The clock pinned, as a demo pins it: the key's per-second limit still lets a second pass.
    const config = loadConfig({ BDDS_PORT: '0', BDDS_DB: seededStore(dir), BDDS_THREADS: '1', BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'off', BDDS_NOW: '2026-11-22T10:00:00Z' });
    const first = await startServer(config, { log: captureLogger().log, engine: { lazy: true } });
    // Closed below before the second start; closed here too should an assertion fail first (an open listener keeps the run alive).
    let firstOpen = true;
    t.after(() => (firstOpen ? first.close() : undefined));
    const demo = first.demoKey;
    assert.ok(demo);
    const call = () => fetch(`${first.url}/api/v1/data/checkpoints?country=2`, { headers: bearer(demo) });
    const res = await call();
    assert.equal(res.status, 200, 'the demo key opens a keyed product');
    assert.equal(((await res.json()) as { usage: { limit_today: number } }).usage.limit_today, 200, 'on the Explorer plan');
    const burst = await Promise.all([call(), call(), call()]);
    assert.ok(burst.some((r) => r.status === 429), 'over the Explorer plan\'s per-second limit at once');
    await new Promise((r) => setTimeout(r, 1_100));
    assert.equal((await call()).status, 200, 'a second later by the real clock: admitted again (it stayed 429 on the pinned clock)');
    assert.equal(first.deps.repos.keys.list()[0]!.plan, 'explorer');
    firstOpen = false;
    await first.close();
    const second = await startServer(config, { log: captureLogger().log, engine: { lazy: true } });
    t.after(() => second.close());
    assert.equal(second.demoKey, null, 'shown once: not created again');
  });
});
