import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/deps.js';
import { seededStore } from '../../helpers/store-templates.js';

describe('bdds commands and the store they open', () => {
  it('keys, accounts, reports, jobs, feeds and call refuse a store that does not exist (exit 2), and create nothing', async (t) => {
    const dir = tempDir(t);
    const db = join(dir, 'nodir', 'bdds.sqlite');
    const commands = [
      ['keys', 'create', '--email', 'z@example.com', '--plan', 'explorer'],
      ['keys', 'list'],
      ['keys', 'revoke', '1'],
      ['accounts', 'list'],
      ['accounts', 'approve-payg', 'z@example.com'],
      ['reports', 'list'],
      ['reports', 'approve', '1'],
      ['jobs', 'run', 'status'],
      ['feeds', 'list'],
      ['feeds', 'run', 'ecb-rates'],
      ['call', 'checkpoints', '--country', 'PL'],
    ];
    for (const args of commands) {
      const out = await runCli(args, { BDDS_DB: db, BDDS_INTERNAL_TOKEN: 'an-operator-token-for-tests' });
      const name = args.join(' ');
      assert.equal(out.status, 2, `${name}: ${out.stderr}`);
      assert.equal(out.stdout, '', `${name}: no key, no list, no envelope`);
      assert.ok(out.stderr.includes(`no store at ${db}:`), `${name}: names the path: ${out.stderr}`);
      assert.match(out.stderr, /BDDS_DB names the store .*`bdds serve` or `bdds import` creates one/, name);
      assert.ok(!existsSync(join(dir, 'nodir')), `${name}: neither the folder nor a store is created`);
    }
  });

  it('names a relative BDDS_DB (the default ./var/bdds.sqlite is one) as given and as this folder makes it', async (t) => {
    const absolute = join(tempDir(t), 'var', 'bdds.sqlite');
    const given = relative(process.cwd(), absolute);
    const out = await runCli(['keys', 'list'], { BDDS_DB: given });
    assert.equal(out.status, 2);
    assert.ok(out.stderr.includes(`no store at ${given} (${resolve(given)}):`), out.stderr);
    assert.ok(!existsSync(absolute));
  });

  it('import still creates the store it is named', async (t) => {
    const dir = tempDir(t);
    const db = join(dir, 'new', 'bdds.sqlite');
    // A file without rows: the run is recorded (in the store it creates) before anything is seeded.
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '');
    const out = await runCli(['import', 'dpsu', empty], { BDDS_DB: db });
    assert.equal(out.status, 1, out.stderr);
    assert.ok(existsSync(db));
    const keys = await runCli(['keys', 'list'], { BDDS_DB: db });
    assert.equal(keys.status, 0, 'and the other commands use it');
  });

  it('not found is exit 1 for keys revoke and verify, reports approve and reject, and accounts approve-payg', async (t) => {
    const env = { BDDS_DB: seededStore(tempDir(t)) };
    for (const args of [['keys', 'revoke', '4242'], ['keys', 'verify', 'bdds_nothing'], ['reports', 'approve', '424242'], ['reports', 'reject', '424242'],
      ['accounts', 'approve-payg', 'nobody@example.org']]) {
      const out = await runCli(args, env);
      assert.equal(out.status, 1, `${args.join(' ')}: ${out.stderr}`);
      assert.match(out.stderr, /^bdds \w+: no (key|road report|account) /i, args.join(' '));
    }
    for (const command of ['keys', 'reports', 'accounts']) {
      assert.match((await runCli([command, '--help'])).stdout, /^Exit 0 .*; 1 when no (key|report|account) /m, `${command} --help says so`);
    }
  });
});
