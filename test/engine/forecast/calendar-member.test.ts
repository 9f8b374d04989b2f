import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { designLayout } from '../../../engine/forecast/calendar-design.js';
import { CalendarMember, predictStored } from '../../../engine/forecast/calendar-member.js';
import { DAY_KINDS } from '../../../engine/forecast/day-kinds.js';
import { hourCalendar } from '../../../engine/forecast/hour-calendar.js';
import { mulberry32 } from '../../helpers/seeded-random.js';

/** mulberry32 uniform; noise as the sum of three uniforms (sd 0.5). */
function noise(seed: number) {
  const u = mulberry32(seed);
  return () => (u() + u() + u() - 1.5);
}

// Two years of hours from 1 January 2015 00:00 in Vancouver, with British Columbia's holidays.
const START = Date.parse('2015-01-01T08:00:00Z') / 1000;
const HOURS = 2 * 365 * 24;
const cal = hourCalendar(START, HOURS + 168, 'America/Vancouver', ['CA-BC']);
const L = designLayout(1, 6);
const HOLIDAY = DAY_KINDS.indexOf('holiday');
const LW_FIRST = DAY_KINDS.indexOf('lw_first');

// Known coefficients.
const truth = {
  intercept: 2,
  cell: (c: number) => 3 * Math.sin((2 * Math.PI * (c % 24)) / 24) + (c >= 120 ? 2 : 0),
  holiday: (block: number) => (block >= 2 && block <= 4 ? 6 : 1),
  lwFirst: 3,
  dense: [0.2, 0.3, 0.1],
};

/**
 * The series generated hour by hour from the model itself: calendar terms plus the recent level as the
 * design defines it (the same hour 1-4 weeks back, its mean, the mean of all hours of those 4 weeks),
 * computed here independently of the code under test.
 */
function generate(values: Float64Array, from: number, to: number, eps: () => number) {
  for (let t = from; t < to; t++) {
    const lags = [1, 2, 3, 4].map((m) => values[t - 168 * m]).filter((v): v is number => v !== undefined && !Number.isNaN(v));
    const windowFrom = Math.max(0, t - 168 - 672 + 1);
    const window = t - 168 >= 0 ? values.subarray(windowFrom, t - 168 + 1) : new Float64Array();
    const mean = (xs: ArrayLike<number>) => {
      let sum = 0;
      for (let i = 0; i < xs.length; i++) sum += xs[i]!;
      return sum / xs.length;
    };
    const cell = cal.cells[t]!;
    const flags = cal.kinds[0]![cal.dayIndex[t]!]!;
    const block = Math.floor((cell % 24) / 4);
    let y = truth.intercept + truth.cell(cell) + ((flags >> HOLIDAY) & 1) * truth.holiday(block) + ((flags >> LW_FIRST) & 1) * truth.lwFirst;
    y += lags.length ? truth.dense[0]! * lags[0]! + truth.dense[1]! * mean(lags) + truth.dense[2]! * mean(window) : 5;
    values[t] = y + eps();
  }
}

describe('the calendar regression member', () => {
  const values = new Float64Array(HOURS);
  generate(values, 0, HOURS, noise(11));
  const member = new CalendarMember(values, cal, 1, { halfLifeDays: 1e6, penalty: 1e-6, hoursPerBlock: 4 });
  const b = member.fitAt([HOURS])[0]!;

  it('recovers the recent-level coefficients of data generated from known ones', () => {
    truth.dense.forEach((v, j) => assert.ok(Math.abs(b[L.dense0 + j]! - v) < 0.02, `dense ${j}: ${b[L.dense0 + j]} vs ${v}`));
  });
  it('recovers the holiday effect per block of hours and the long-weekend effect', () => {
    for (let block = 0; block < 6; block++) {
      const got = b[L.kind0 + HOLIDAY * 6 + block]!;
      assert.ok(Math.abs(got - truth.holiday(block)) < 0.3, `holiday block ${block}: ${got} vs ${truth.holiday(block)}`);
    }
    const lw = [0, 1, 2, 3, 4, 5].map((block) => b[L.kind0 + LW_FIRST * 6 + block]!);
    assert.ok(lw.every((v) => Math.abs(v - truth.lwFirst) < 0.3), `lw_first ${lw}`);
  });
  it('recovers the week-cell contrasts', () => {
    for (const c of [6, 12, 18, 126, 150]) {
      const got = b[L.cell0 + c]! - b[L.cell0]!;
      const want = truth.cell(c) - truth.cell(0);
      assert.ok(Math.abs(got - want) < 0.15, `cell ${c}: ${got} vs ${want}`);
    }
  });
  it('forecasts the next week from history alone, close to the noiseless truth, and nothing past its lags', () => {
    const stored = member.describe(b);
    const extended = new Float64Array(HOURS + 168);
    extended.set(values);
    generate(extended, HOURS, HOURS + 168, () => 0);
    const path = predictStored(stored, values, cal, 168);
    let sq = 0;
    for (let k = 0; k < 168; k++) sq += (path[k]! - extended[HOURS + k]!) ** 2;
    // The truth here feeds back its own noiseless values after the first week; the forecast uses the recorded ones.
    assert.ok(Math.sqrt(sq / 168) < 0.35, `RMSE ${Math.sqrt(sq / 168)}`);
    assert.ok(Number.isNaN(member.predict(HOURS - 168, 169, b)[168]!), 'step 169 needs a lag of more than a week');
    assert.ok(predictStored({ ...stored, calendars: ['US-WA'] }, values, cal, 24).every(Number.isNaN), 'other calendars: silent');
  });
});
