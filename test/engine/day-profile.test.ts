import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayProfile } from '../../engine/day-profile.js';

const TZ = 'Europe/Warsaw';
const at = (iso: string) => Date.parse(iso) / 1000;

describe('dayProfile', () => {
  it('folds the repeated hour of the autumn DST day and says the day had 25 hours', () => {
    // 2026-10-25 in Warsaw: 02:00-02:59 happens twice (00:00-00:59 UTC at +02, 01:00-01:59 UTC at +01).
    const start = at('2026-10-24T22:00:00Z');
    const end = at('2026-10-25T23:00:00Z');
    const rows = [
      { ts: at('2026-10-25T00:30:00Z'), queue: 10, wait_min: null }, // 02:30 local, first time
      { ts: at('2026-10-25T01:30:00Z'), queue: 30, wait_min: null }, // 02:30 local, second time
      { ts: at('2026-10-25T10:00:00Z'), queue: 50, wait_min: null }, // 11:00 local
    ];
    const day = dayProfile(rows, TZ, start, end);
    assert.equal(day.hoursInDay, 25);
    assert.deepEqual(day.hourly[2], { hour: 2, value: 20, data_points: 2 });
    assert.deepEqual(day.hourly[11], { hour: 11, value: 50, data_points: 1 });
    assert.equal(day.hourly[3]!.value, null, 'no reading is null, not 0');
    assert.deepEqual(day.daily, { avg: 35, min: 20, max: 50, hours_with_data: 2 });
    assert.deepEqual([day.peak, day.quietest], [{ hour: 11, value: 50 }, { hour: 2, value: 20 }]);
    assert.equal(day.unit, 'vehicles');
  });

  it('profiles waits where nothing counts vehicles, and holds nothing for an empty day', () => {
    const start = at('2026-11-21T23:00:00Z');
    const waits = dayProfile([{ ts: start + 3600, queue: null, wait_min: 90 }], TZ, start, start + 86_400);
    assert.equal(waits.unit, 'minutes');
    assert.equal(waits.hourly[1]!.value, 90);
    const empty = dayProfile([], TZ, start, start + 86_400);
    assert.deepEqual([empty.unit, empty.peak, empty.daily.avg, empty.daily.hours_with_data], [null, null, null, 0]);
  });
});
