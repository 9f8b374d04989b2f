import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseBusCrossingsCsv } from '../../../../data/importers/bus/crossings-csv.js';

/** The example of the format's documentation (the doc comment at the top of crossings-csv.ts). */
function documentedExample(): string {
  const source = readFileSync(new URL('../../../../data/importers/bus/crossings-csv.ts', import.meta.url), 'utf8');
  const lines = source.split('\n').filter((l) => /^ \* {3}(ppid,|id_)/.test(l)).map((l) => l.slice(5));
  return `${lines.join('\n')}\n`;
}

describe('bus crossing records CSV', () => {
  it('reads the documented example, times in UTC', () => {
    const text = documentedExample();
    assert.match(text, /^ppid,carrier,arrived_at,crossed_at,source_id\n/);
    const parsed = parseBusCrossingsCsv(text, 'example.csv');
    assert.deepEqual(parsed.rejected, []);
    assert.equal(parsed.rowsRead, 3);
    assert.equal(parsed.source, 'bus-csv');
    assert.deepEqual(parsed.records, [
      { line: 2, record: { ppid: 'id_116', carrier: 'FlixBus', arrived_at: '2026-07-01T03:40:00.000Z', crossed_at: '2026-07-01T06:05:00.000Z', source_id: 'FB-1784-20260701' } },
      { line: 3, record: { ppid: 'id_126', carrier: 'Ecolines', arrived_at: '2026-07-01T03:10:00.000Z', crossed_at: '2026-07-01T04:02:00.000Z', source_id: null } },
      { line: 4, record: { ppid: 'id_1314', carrier: 'Eurolines Ukraine', arrived_at: '2026-07-01T19:15:00.000Z', crossed_at: '2026-07-01T22:30:00.000Z', source_id: null } },
    ]);
  });

  it('takes the columns in any order, without source_id, and offsets written without a colon', () => {
    const parsed = parseBusCrossingsCsv('carrier,crossed_at,ppid,arrived_at\n  FlixBus ,2026-07-02T01:00:00+0300,id_216,2026-07-01T23:30:00+0300\n', 'x.csv', { source: 'carrier-feed' });
    assert.equal(parsed.source, 'carrier-feed');
    assert.deepEqual(parsed.records.map((r) => r.record), [
      { ppid: 'id_216', carrier: 'FlixBus', arrived_at: '2026-07-01T20:30:00.000Z', crossed_at: '2026-07-01T22:00:00.000Z', source_id: null },
    ]);
  });

  it('rejects each bad row whole, with its line and every reason, and reads the rest', () => {
    const text = [
      'ppid,carrier,arrived_at,crossed_at,source_id',
      '116,FlixBus,2026-07-01T06:40:00+03:00,2026-07-01T09:05:00+03:00,', // 2: ppid without id_
      'id_116,,2026-07-01T06:40:00+03:00,2026-07-01T09:05:00+03:00,', // 3: no carrier
      'id_116,FlixBus,2026-07-01T06:40:00,2026-07-01T09:05:00+03:00,', // 4: no offset
      'id_116,FlixBus,2026-07-01T09:05:00+03:00,2026-07-01T06:40:00+03:00,', // 5: crossed before arrived
      'id_116,FlixBus,2026-07-01T06:40:00+03:00,2026-07-11T06:40:00+03:00,', // 6: ten days
      'id_116,FlixBus,yesterday,soon,', // 7: two bad times
      'id_116,FlixBus,2026-07-01T06:40:00+03:00,2026-07-01T06:40:00+03:00,a', // 8: good (no wait)
      'id_116,FlixBus,2026-07-01T03:40:00Z,2026-07-01T07:00:00Z,b', // 9: same checkpoint, carrier, arrival as 8
      'id_126,FlixBus,2026-07-01T06:40:00+03:00,2026-07-01T07:40:00+03:00,a', // 10: source_id of 8 again
      'id_126,FlixBus,2026-07-01T06:40:00+03:00', // 11: too few fields
    ].join('\n');
    const parsed = parseBusCrossingsCsv(text, 'bad.csv');
    assert.equal(parsed.rowsRead, 10);
    assert.deepEqual(parsed.records.map((r) => r.line), [8]);
    assert.deepEqual(parsed.records[0]!.record.crossed_at, parsed.records[0]!.record.arrived_at);
    const reasons = new Map(parsed.rejected.map((r) => [r.line, r.reason]));
    assert.deepEqual([...reasons.keys()], [2, 3, 4, 5, 6, 7, 9, 10, 11]);
    assert.ok(parsed.rejected.every((r) => r.file === 'bad.csv'));
    assert.match(reasons.get(2)!, /malformed ppid '116': must look like id_123/);
    assert.match(reasons.get(3)!, /carrier is empty/);
    assert.match(reasons.get(4)!, /arrived_at '2026-07-01T06:40:00' is not an ISO-8601 time with its UTC offset/);
    assert.match(reasons.get(5)!, /crossed_at .* is before arrived_at/);
    assert.match(reasons.get(6)!, /240 h after arrived_at \(at most 168 h\)/);
    assert.match(reasons.get(7)!, /arrived_at 'yesterday'.*; crossed_at 'soon'/);
    assert.match(reasons.get(9)!, /FlixBus at id_116 arriving 2026-07-01T03:40:00.000Z repeats line 8/);
    assert.match(reasons.get(10)!, /source_id 'a' repeats line 8/);
    assert.match(reasons.get(11)!, /3 fields where the header has 5/);
  });

  it('refuses a header without a required column or with an unknown one, and reads an empty file as no rows', () => {
    assert.throws(() => parseBusCrossingsCsv('ppid,carrier,arrived_at\nid_116,FlixBus,2026-07-01T06:40:00Z\n', 'h.csv'), /h\.csv: header lacks crossed_at/);
    assert.throws(() => parseBusCrossingsCsv('ppid,carrier,arrived_at,crossed_at,wait_min\n', 'h.csv'), /has unknown columns wait_min/);
    assert.deepEqual(parseBusCrossingsCsv('', 'empty.csv'), { source: 'bus-csv', file: 'empty.csv', rowsRead: 0, records: [], rejected: [] });
  });
});
