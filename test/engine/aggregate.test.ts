import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dailyBuckets, hourlyBuckets } from '../../engine/aggregate.js';
import { localParts } from '../../engine/local-time.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const reading = (ts: number, queue: number | null, wait_min: number | null = null) => ({ ts, queue, wait_min, rate_per_h: null });

describe('hourly buckets', () => {
  it('averages each of the last 24 hours and leaves empty hours null, never zero', () => {
    const now = at('2026-11-22T10:20:00Z');
    const buckets = hourlyBuckets([reading(at('2026-11-22T10:05:00Z'), 10), reading(at('2026-11-22T10:15:00Z'), 20),
      reading(at('2026-11-22T08:30:00Z'), 0), reading(at('2026-11-21T10:59:00Z'), 99)], now);
    assert.equal(buckets.length, 24);
    assert.equal(buckets[23]!.time, at('2026-11-22T10:00:00Z'));
    assert.deepEqual([buckets[23]!.avg_cars, buckets[23]!.samples], [15, 2]);
    assert.deepEqual([buckets[22]!.avg_cars, buckets[22]!.samples], [null, 0], 'no reading: null');
    assert.equal(buckets[21]!.avg_cars, 0, 'a reading of zero stays zero');
    assert.equal(buckets[0]!.time, at('2026-11-21T11:00:00Z'));
    assert.ok(buckets.every((b) => b.samples <= 2), 'the reading 24 h ago is outside the window');
  });
});

describe('daily buckets across DST', () => {
  const hourly = (fromIso: string, hours: number) => Array.from({ length: hours }, (_, i) => reading(at(fromIso) + i * 3600, i));
  it('gives the autumn change its 25 local hours (Europe/Warsaw, 2026-10-25)', () => {
    const days = dailyBuckets(hourly('2026-10-23T22:00:00Z', 24 * 4), at('2026-10-27T12:00:00Z'), 'Europe/Warsaw', 5);
    const byDate = Object.fromEntries(days.map((d) => [d.date, d.samples]));
    assert.deepEqual(byDate, { '2026-10-23': 0, '2026-10-24': 24, '2026-10-25': 25, '2026-10-26': 24, '2026-10-27': 23 });
  });
  it('gives the spring change its 23 local hours (Europe/Kyiv, 2026-03-29)', () => {
    const days = dailyBuckets(hourly('2026-03-27T22:00:00Z', 24 * 3), at('2026-03-30T12:00:00Z'), 'Europe/Kyiv', 4);
    assert.deepEqual(days.map((d) => [d.date, d.samples]), [['2026-03-27', 0], ['2026-03-28', 24], ['2026-03-29', 23], ['2026-03-30', 24]]);
  });
  it('reports local weekday and hour', () => {
    assert.deepEqual(localParts(at('2026-11-22T23:30:00Z'), 'Europe/Kyiv'), { date: '2026-11-23', hour: 1, minute: 30, weekday: 0 });
  });
});
