import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { closeStore, openStore } from '../../../data/store.js';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/deps.js';
import { fixturePath } from '../../helpers/fixtures.js';

const bdds = (db: string, ...args: string[]) => runCli(['import', ...args], { BDDS_DB: db });

const rows = (db: string) => {
  const store = openStore(db);
  const n = store.prepare('SELECT count(*) FROM observations').pluck().get() as number;
  closeStore(store);
  return n;
};

describe('bdds import', () => {
  it('imports a real file once, reports progress and a summary, and adds nothing the second time', async (t) => {
    const db = join(tempDir(t), 'bdds.sqlite');
    const first = await bdds(db, 'dpsu', fixturePath('pl-ua/dpsu_2026-07-01.csv'));
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /files 1, rows read 41, readings \d+, imported (\d+), duplicates 0/);
    assert.match(first.stderr, /imported \d+ of \d+ readings/, 'progress lines when not on a terminal');
    const imported = Number(/imported (\d+)/.exec(first.stdout)![1]);
    assert.equal(rows(db), imported);
    const again = await bdds(db, 'dpsu', fixturePath('pl-ua/dpsu_2026-07-01.csv'), '--json');
    const summary = JSON.parse(again.stdout);
    assert.deepEqual([summary.imported, summary.duplicates], [0, imported]);
    assert.equal(rows(db), imported);
  });

  it('lists rejected rows with file and line', async (t) => {
    const dir = tempDir(t);
    const file = join(dir, 'obs.csv');
    writeFileSync(file, 'ppid,time,queue\nid_114,2026-11-22T08:00:00Z,4\nid_114,later,5\n');
    const out = await bdds(join(dir, 'bdds.sqlite'), 'csv', file);
    assert.equal(out.status, 0);
    assert.match(out.stdout, /imported 1,.*rejected 1/);
    assert.ok(out.stdout.includes(`rejected ${file}:3: time 'later'`));
  });

  it('imports nothing when one of the files cannot be read, and refuses bad usage', async (t) => {
    const dir = tempDir(t);
    const db = join(dir, 'bdds.sqlite');
    const broken = join(dir, 'broken.csv');
    writeFileSync(broken, 'id,scraped_at\n1,"never closed\n');
    const out = await bdds(db, 'granica', fixturePath('pl-ua/granica_2026-07-01.csv'), broken);
    assert.equal(out.status, 1);
    assert.match(out.stderr, /nothing was imported/);
    assert.equal(rows(db), 0);
    assert.equal((await bdds(db, 'granica', fixturePath('pl-ua/granica_2026-07-01.csv'))).status, 0);
    assert.equal((await bdds(db, 'weather', broken)).status, 2);
    assert.equal((await bdds(db, 'csv')).status, 2);
  });
});
