import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kindsOf } from '../../../engine/forecast/day-kinds.js';
import { hourCalendar } from '../../../engine/forecast/hour-calendar.js';

const TZ = 'America/Vancouver';
const utc = (iso: string) => Date.parse(iso) / 1000;

/** Local hours (cell % 24) of each local day of a calendar, by day index. */
function hoursByDay(cal: ReturnType<typeof hourCalendar>) {
  const days: number[][] = [];
  cal.cells.forEach((cell, h) => (days[cal.dayIndex[h]!] ??= []).push(cell % 24));
  return days;
}

describe('the hour calendar in local time', () => {
  it('gives the spring-forward day 23 hours with no 02:00, and the autumn day 25 with 01:00 twice', () => {
    // Saturday 12 March 2016 00:00 PST (08:00Z) for three days: 12, 13 (DST starts at 02:00), 14 March.
    const spring = hourCalendar(utc('2016-03-12T08:00:00Z'), 71, TZ, []);
    const days = hoursByDay(spring);
    assert.equal(days.length, 3);
    assert.equal(days[1]!.length, 23);
    assert.deepEqual(days[1]!.slice(0, 3), [0, 1, 3]);
    assert.equal(days[2]!.length, 24);
    // Saturday 5 November 2016 00:00 PDT (07:00Z): the 6th has 25 hours, 01:00 twice.
    const autumn = hourCalendar(utc('2016-11-05T07:00:00Z'), 24 + 25 + 24, TZ, []);
    const fall = hoursByDay(autumn);
    assert.equal(fall[1]!.length, 25);
    assert.deepEqual(fall[1]!.slice(0, 4), [0, 1, 1, 2]);
    // Week cells: Sunday (weekday 6) 01:00 twice.
    assert.equal(autumn.cells[24 + 1], 6 * 24 + 1);
    assert.equal(autumn.cells[24 + 2], 6 * 24 + 1);
  });
  it('applies each local day its holiday kinds per calendar, by local date (not by UTC date)', () => {
    // From 30 June 2016 00:00 PDT: Canada Day is 1 July local, which starts at 07:00Z.
    const cal = hourCalendar(utc('2016-06-30T07:00:00Z'), 48, TZ, ['CA-BC', 'US-WA']);
    const at = (h: number, c: number) => kindsOf(cal.kinds[c]![cal.dayIndex[h]!]!);
    assert.deepEqual(at(23, 0), ['eve'], '30 June 23:00 local (06:00Z on 1 July) is still the eve in BC');
    assert.deepEqual(at(24, 0), ['holiday', 'lw_first'], '1 July 00:00 local');
    assert.deepEqual(at(24, 1), ['eve'], 'and the eve of the 4 July weekend in Washington');
    assert.equal(cal.weekOfYear[0], Math.floor((31 + 29 + 31 + 30 + 31 + 29) / 7));
  });
});
