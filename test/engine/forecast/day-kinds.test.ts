import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayKinds, isHolidayCalendar, kindsOf } from '../../../engine/forecast/day-kinds.js';

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** The kinds of each day from `from` to `to` under one calendar, keyed by date. */
function kinds(spec: string, from: string, to: string): Record<string, string[]> {
  const first = dayOf(from);
  const flags = dayKinds(spec, first, dayOf(to) - first + 1);
  return Object.fromEntries([...flags].map((f, i) => [new Date((first + i) * 86_400_000).toISOString().slice(0, 10), kindsOf(f)]));
}

describe('day kinds of a two-country crossing (Peace Arch: British Columbia and Washington)', () => {
  it('BC Day (Monday 1 August 2016) is a holiday on the Canadian side only, with its long weekend, eve and the day after', () => {
    const ca = kinds('CA-BC', '2016-07-28', '2016-08-03');
    const us = kinds('US-WA', '2016-07-28', '2016-08-03');
    assert.deepEqual(ca, {
      '2016-07-28': [], '2016-07-29': ['eve'], '2016-07-30': ['lw_first'], '2016-07-31': ['lw_inner'],
      '2016-08-01': ['holiday', 'lw_last'], '2016-08-02': ['after'], '2016-08-03': [],
    });
    for (const [date, k] of Object.entries(us)) assert.deepEqual(k, [], `US-WA ${date}`);
  });
  it('1 July is Canada Day on one side and the eve of the Independence Day weekend on the other', () => {
    const ca = kinds('CA-BC', '2016-06-30', '2016-07-05');
    const us = kinds('US-WA', '2016-06-30', '2016-07-05');
    assert.deepEqual(ca['2016-06-30'], ['eve']);
    assert.deepEqual(ca['2016-07-01'], ['holiday', 'lw_first']);
    assert.deepEqual(ca['2016-07-03'], ['lw_last']);
    assert.deepEqual(ca['2016-07-04'], ['after']);
    assert.deepEqual(us['2016-07-01'], ['eve']);
    assert.deepEqual(us['2016-07-02'], ['lw_first']);
    assert.deepEqual(us['2016-07-04'], ['holiday', 'lw_last']);
    assert.deepEqual(us['2016-07-05'], ['after']);
  });
  it('a national holiday on a Wednesday has an eve and a day after but no long weekend', () => {
    // Independence Day 2018 was a Wednesday.
    const us = kinds('US-WA', '2018-07-03', '2018-07-05');
    assert.deepEqual(us, { '2018-07-03': ['eve'], '2018-07-04': ['holiday'], '2018-07-05': ['after'] });
  });
  it('a working day between a holiday and the weekend is a bridge; the library\'s school-only days are marked', () => {
    // Corpus Christi 2016 in Poland: Thursday 26 May; Friday 27 May is a bridge day.
    const pl = kinds('PL', '2016-05-25', '2016-05-28');
    assert.deepEqual(pl['2016-05-26'], ['holiday']);
    assert.ok(pl['2016-05-27']!.includes('bridge'), String(pl['2016-05-27']));
    assert.deepEqual(pl['2016-05-25'], ['eve']);
    // Holy Thursday 2016 (24 March) is a school day off in Poland, not a public holiday.
    assert.deepEqual(kinds('PL', '2016-03-24', '2016-03-24')['2016-03-24'], ['school']);
  });
  it('knows which calendars date-holidays has', () => {
    assert.ok(isHolidayCalendar('CA-BC') && isHolidayCalendar('US-WA') && isHolidayCalendar('PL') && isHolidayCalendar('UA'));
    assert.ok(!isHolidayCalendar('CA-ZZ') && !isHolidayCalendar('XX') && !isHolidayCalendar('CA-BC-X') && !isHolidayCalendar(''));
  });
});
