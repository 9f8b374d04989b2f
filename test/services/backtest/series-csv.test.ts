import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hourlySeries, localInstant, readSeriesCsv } from '../../../services/backtest/series-csv.js';
import { tempDir } from '../../helpers/deps.js';

const TZ = 'America/Vancouver';
const utc = (iso: string) => Date.parse(iso) / 1000;

describe('a series read from CSV files with local times', () => {
  it('reads times without offset in the zone, rejects the hour skipped in spring and splits the hour repeated in autumn', (t) => {
    const dir = tempDir(t);
    const spring = join(dir, '2016a.csv');
    const autumn = join(dir, '2016b.csv');
    writeFileSync(spring, 'when,delay\n2016-03-13 01:00:00,1\n2016-03-13 02:00:00,\n2016-03-13 03:00:00,2\n');
    writeFileSync(autumn, ['when,delay', '2016-11-06 00:00:00,1', '2016-11-06 01:00:00,2', '2016-11-06 01:00:00,3', '2016-11-06 01:00:00,9',
      '2016-11-06 02:00:00,4', 'not a time,5', '2016-11-06 03:00:00,abc', '2016-11-06 04:00:00,-1', '2016-11-06 05:00:00,',
      '2016-11-06T06:00:00-08:00,6', '1478444400,7', '2016-02-30 01:00,1'].join('\n'));
    const read = readSeriesCsv([spring, autumn], 'when', 'delay', TZ);
    assert.equal(read.rows, 15);
    assert.deepEqual(read.ts, [
      utc('2016-03-13T09:00:00Z'), utc('2016-03-13T10:00:00Z'),
      utc('2016-11-06T07:00:00Z'), utc('2016-11-06T08:00:00Z'), utc('2016-11-06T09:00:00Z'), utc('2016-11-06T10:00:00Z'),
      utc('2016-11-06T13:00:00Z'), utc('2016-11-06T14:00:00Z'), utc('2016-11-06T15:00:00Z'),
    ]);
    assert.deepEqual(read.values.slice(0, 6), [1, 2, 1, 2, 3, 4]);
    assert.equal(read.emptyValues, 1);
    assert.deepEqual(read.rejected.map((r) => [r.file === spring ? 'spring' : 'autumn', r.line, r.reason]), [
      ['spring', 3, 'local time 2016-03-13 02:00:00 does not exist in America/Vancouver (skipped by the change to summer time)'],
      ['autumn', 5, 'a third row for local time 2016-11-06 01:00:00, which America/Vancouver repeats only once'],
      ['autumn', 7, "time 'not a time' is not unix seconds, ISO-8601 with an offset, or a local date-time YYYY-MM-DD HH:MM[:SS]"],
      ['autumn', 8, "value 'abc' is not a number"],
      ['autumn', 9, 'value -1 is negative'],
      ['autumn', 13, "time '2016-02-30 01:00' is not unix seconds, ISO-8601 with an offset, or a local date-time YYYY-MM-DD HH:MM[:SS]"],
    ]);
    assert.deepEqual(read.dst.skipped, [{ file: spring, line: 3, local: '2016-03-13 02:00:00' }]);
    assert.deepEqual(read.dst.repeated, [{ local: '2016-11-06 01:00', rows: 3, read_as: 'first row UTC-07:00, second row UTC-08:00' }]);
  });
  it('reports a repeated hour that the file holds once (the other one is missing)', (t) => {
    const file = join(tempDir(t), 's.csv');
    writeFileSync(file, 'when,delay\n2015-11-01 00:00:00,1\n2015-11-01 01:00:00,2\n2015-11-01 02:00:00,3\n');
    const read = readSeriesCsv([file], 'when', 'delay', TZ);
    assert.deepEqual(read.dst.repeated, [{ local: '2015-11-01 01:00', rows: 1,
      read_as: 'the single row as the first occurrence (UTC-07:00); the repeated hour (UTC-08:00) has no row' }]);
    const series = hourlySeries(read)!;
    // 00:00 PDT (07:00Z), 01:00 PDT (08:00Z), [01:00 PST missing], 02:00 PST (10:00Z).
    assert.equal(series.startS, utc('2015-11-01T07:00:00Z'));
    assert.deepEqual([...series.values].map((v) => (Number.isNaN(v) ? null : v)), [1, 2, null, 3]);
  });
  it('turns an origin given as local time into its instant', () => {
    assert.equal(localInstant('2016-07-14T00:00', TZ), utc('2016-07-14T07:00:00Z'));
    assert.equal(localInstant('2016-03-13T02:00', TZ), null);
    assert.equal(localInstant('2016-07-14T00:00Z', TZ), utc('2016-07-14T00:00:00Z'));
  });
});
