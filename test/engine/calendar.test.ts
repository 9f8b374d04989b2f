import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Holidays from 'date-holidays';
import { easterSunday, firstSundayOf, holidayKeys, inSeason, lastSundayOf, weekdayOf } from '../../engine/calendar.js';
import { zonedToUtc } from '../../models/zoned-time.js';

describe('calendar', () => {
  it('computes Easter as the holiday library does, 2000-2045', () => {
    const pl = new Holidays('PL');
    for (let year = 2000; year <= 2045; year++) {
      const easter = pl.getHolidays(year).find((h) => h.rule === 'easter')!.date.slice(0, 10);
      assert.equal(easterSunday(year), easter, String(year));
    }
  });
  it('finds first and last Sundays, weekdays, holiday keys and seasons', () => {
    assert.equal(lastSundayOf(2026, 1), '2026-01-25');
    assert.equal(lastSundayOf(2026, 8), '2026-08-30');
    assert.equal(firstSundayOf(2026, 11), '2026-11-01');
    assert.equal(weekdayOf('2026-11-22'), 6);
    assert.deepEqual(holidayKeys('2026-06-04'), ['06-04', 'easter+60']);
    assert.ok(inSeason('2026-12-15', { from: '10-01', until: '05-31' }), 'a season over New Year');
    assert.ok(!inSeason('2026-07-15', { from: '10-01', until: '05-31' }));
    assert.ok(!inSeason('2027-07-01', { from: '2026-06-26', until: '2026-08-30' }), 'a season of one year only');
  });
});

describe('zoned time', () => {
  it('turns local wall-clock times into UTC instants across DST changes', () => {
    assert.equal(zonedToUtc('2026-03-29', '00:00', 'Europe/Vienna').toISOString(), '2026-03-28T23:00:00.000Z');
    assert.equal(zonedToUtc('2026-03-29', '22:00', 'Europe/Vienna').toISOString(), '2026-03-29T20:00:00.000Z');
    assert.equal(zonedToUtc('2026-10-25', '22:00', 'Europe/Vienna').toISOString(), '2026-10-25T21:00:00.000Z');
    assert.equal(zonedToUtc('2026-03-29', '02:30', 'Europe/Vienna').toISOString(), '2026-03-29T01:30:00.000Z', 'a skipped time lands after the gap');
    assert.equal(zonedToUtc('2026-07-04', '24:00', 'Europe/Kyiv').toISOString(), '2026-07-04T21:00:00.000Z');
  });
});
