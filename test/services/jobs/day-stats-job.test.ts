import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hourlyHistory } from '../../../services/worker/history.js';
import { parseGenericCsv } from '../../../data/importers/generic.js';
import { importFeeds } from '../../../data/importers/run-import.js';
import { createResolver } from '../../../data/importers/resolve.js';
import { createTestDeps } from '../../helpers/deps.js';

describe('hourly history for the engine', () => {
  it('resamples irregular readings into local week cells across the autumn DST change, gaps missing', (t) => {
    const { deps, db } = createTestDeps(t, { now: '2026-10-25T06:00:00Z', replay: false });
    // Warsaw: at 01:00Z the clock goes back from 03:00 CEST to 02:00 CET.
    const rows = ['2026-10-24T23:10:00Z,10', '2026-10-24T23:50:00Z,20', '2026-10-25T00:30:00Z,30', '2026-10-25T01:30:00Z,40', '2026-10-25T04:15:00Z,0'];
    importFeeds(db, [parseGenericCsv(`ppid,time,queue\n${rows.map((r) => `id_124,${r}`).join('\n')}\n`, 'x.csv')], createResolver(deps.repos.directory));
    const h = hourlyHistory(deps.repos, 'id_124', 1, Math.floor(deps.now().getTime() / 1000))!;
    const at = (iso: string) => (Date.parse(iso) / 1000 - h.startS) / 3600;
    assert.equal(h.series[at('2026-10-24T23:00:00Z')], 15, 'two readings in one hour are averaged');
    assert.equal(h.series[at('2026-10-25T00:00:00Z')], 30);
    assert.equal(h.series[at('2026-10-25T01:00:00Z')], 40);
    assert.ok(Number.isNaN(h.series[at('2026-10-25T02:00:00Z')]!), 'an hour without readings is missing');
    assert.equal(h.series[at('2026-10-25T04:00:00Z')], 0, 'a zero reading stays zero');
    const sunday = 6 * 24;
    assert.equal(h.cells[at('2026-10-25T00:00:00Z')], sunday + 2, '02:00 CEST');
    assert.equal(h.cells[at('2026-10-25T01:00:00Z')], sunday + 2, '02:00 CET: the repeated hour falls in the same cell');
    assert.equal(h.cells[at('2026-10-25T02:00:00Z')], sunday + 3);
  });
});
