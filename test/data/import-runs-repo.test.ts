import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createImportRunsRepo, ERROR_MAX_CHARS, type NewImportRun } from '../../data/import-runs-repo.js';
import { closeStore, openStore } from '../../data/store.js';
import { tempDir } from '../helpers/deps.js';

const run = (over: Partial<NewImportRun>): NewImportRun => ({
  format: 'csv', dataset: 'observations', source: null, files: ['a.csv'], started_at: '2026-11-22T08:00:00.000Z', finished_at: '2026-11-22T08:00:01.000Z',
  status: 'ok', rows_read: 3, imported: 2, duplicates: 1, rejected: 0, error: null, ...over,
});

describe('import runs repository', () => {
  it('records runs, lists the latest first, the latest per format, and keeps error texts short', (t) => {
    const db = openStore(join(tempDir(t), 'bdds.sqlite'));
    t.after(() => closeStore(db));
    const repo = createImportRunsRepo(db);
    assert.deepEqual(repo.latest(), []);
    const first = repo.record(run({ files: ['x/a.csv', 'x/b.csv'] }));
    repo.record(run({ format: 'fuel-csv', dataset: 'places', source: 'acme', finished_at: '2026-11-22T09:00:00.000Z', status: 'rejected-rows', rejected: 4 }));
    const failed = repo.record(run({ finished_at: '2026-11-22T10:00:00.000Z', status: 'failed', rows_read: 0, imported: 0, duplicates: 0, error: 'x'.repeat(2_000) }));
    assert.deepEqual(repo.latest(10).map((r) => r.id), [failed, first + 1, first]);
    assert.deepEqual(repo.latest(1).map((r) => r.id), [failed]);
    const [newest] = repo.latest(1);
    assert.equal(newest!.error!.length, ERROR_MAX_CHARS);
    assert.deepEqual(repo.latest(10).at(-1), { id: first, ...run({ files: ['x/a.csv', 'x/b.csv'] }) }, 'every field back as recorded');
    assert.throws(() => repo.record(run({ status: 'maybe' as 'ok' })), /CHECK/);
  });
});
