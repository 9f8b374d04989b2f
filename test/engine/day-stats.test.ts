import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeDayStats } from '../../engine/day-stats.js';
import { resampleHourly } from '../../engine/resample.js';

describe('resampling', () => {
  it('averages irregular readings per hour and leaves gaps missing, never zero', () => {
    const start = 1_800_000_000 - (1_800_000_000 % 3600);
    const ts = [start + 60, start + 1800, start + 2 * 3600 + 5, start + 2 * 3600 + 10, start + 5 * 3600];
    const series = resampleHourly(ts, [10, 20, 0, NaN, 99], start, 4);
    assert.equal(series[0], 15);
    assert.ok(Number.isNaN(series[1]!));
    assert.equal(series[2], 0, 'a reading of zero stays zero; a NaN reading is skipped');
    assert.ok(Number.isNaN(series[3]!));
  });
});

describe('day-stats on a hand-made week', () => {
  // Two identical weeks: Monday has 10 every hour except 08-09 (100), Sunday 1 at 03-04; other days 50.
  const values: number[] = [];
  const cells: number[] = [];
  for (let week = 0; week < 2; week++) {
    for (let d = 0; d < 7; d++) {
      for (let h = 0; h < 24; h++) {
        let v = d === 0 ? (h === 8 || h === 9 ? 100 : 10) : 50;
        if (d === 6 && (h === 3 || h === 4)) v = 1;
        values.push(week === 1 && d === 2 && h === 12 ? NaN : v + week); // week 2 is 1 higher; one gap
        cells.push(d * 24 + h);
      }
    }
  }
  const stats = computeDayStats({ values: Float64Array.from(values), cells: Int32Array.from(cells) });
  it('gives medians, quartiles and counts per weekday and hour', () => {
    assert.equal(stats.matrix[0]![8], 100.5);
    assert.equal(stats.lo[0]![8], 100.3, 'p25 of 100 and 101, to one decimal');
    assert.equal(stats.hi[0]![8], 100.8);
    assert.equal(stats.counts[0]![8], 2);
    assert.equal(stats.counts[2]![12], 1, 'the gap is not counted');
    assert.equal(stats.matrix[2]![12], 50);
  });
  it('finds the best and worst 2-hour windows and days', () => {
    assert.deepEqual(stats.best_slots[0], { dow: 6, hour: 3, v: 1.5 });
    assert.deepEqual(stats.worst_slots[0], { dow: 0, hour: 8, v: 100.5 });
    assert.equal(stats.worst_slots.length, 3);
    assert.equal(stats.best_day, 0, 'Monday is lowest on average');
    assert.equal(stats.samples, 7 * 24 * 2 - 1);
  });
  it('leaves cells without readings null', () => {
    const sparse = computeDayStats({ values: Float64Array.from([5]), cells: Int32Array.from([30]) });
    assert.equal(sparse.matrix[1]![6], 5);
    assert.equal(sparse.matrix[0]![0], null);
    assert.equal(sparse.weekday_avg[0], null);
  });
});

describe('day-stats windows that do not overlap', () => {
  /** One week: 50 every hour but those given (`dow:hour` -> value). */
  const week = (set: Record<string, number>) => {
    const cells = Int32Array.from({ length: 168 }, (_, i) => i);
    const values = Float64Array.from(cells, (c) => set[`${Math.floor(c / 24)}:${c % 24}`] ?? 50);
    return computeDayStats({ values, cells });
  };
  /** The hours a window covers, as `dow:hour`. */
  const hours = (slots: { dow: number; hour: number }[]) => slots.flatMap((s) => [`${s.dow}:${s.hour}`, `${s.dow}:${s.hour + 1}`]);

  it('picks the best and worst windows greedily, skipping one that shares an hour with one already picked', () => {
    // Tuesday 03-05 at 0: the windows at 03 and 04 both score 0 and share 04. Friday 10-11 at 4, Sunday 22-23 at 10.
    // Wednesday 08-10 at 200: the windows at 08 and 09 share 09; Thursday 18-19 at 150.
    const stats = week({ '1:3': 0, '1:4': 0, '1:5': 0, '4:10': 4, '4:11': 4, '6:22': 10, '6:23': 10,
      '2:8': 200, '2:9': 200, '2:10': 200, '3:18': 150, '3:19': 150 });
    // Naively the three lowest: Tuesday 03, Tuesday 04, Friday 10.
    assert.deepEqual(stats.best_slots, [{ dow: 1, hour: 3, v: 0 }, { dow: 4, hour: 10, v: 4 }, { dow: 6, hour: 22, v: 10 }]);
    // Naively Wednesday 09, Wednesday 08, Thursday 18. Wednesday 10 (125) shares 10 with 09; 07 (125) covers 07-08 and is apart.
    assert.deepEqual(stats.worst_slots, [{ dow: 2, hour: 9, v: 200 }, { dow: 3, hour: 18, v: 150 }, { dow: 2, hour: 7, v: 125 }]);
    for (const slots of [stats.best_slots, stats.worst_slots]) assert.equal(new Set(hours(slots)).size, 2 * slots.length, 'no hour twice');
  });

  it('takes windows either side of midnight: none crosses it, so they share no hour', () => {
    const stats = week({ '5:22': 0, '5:23': 0, '6:0': 0, '6:1': 0 });
    assert.deepEqual(stats.best_slots.slice(0, 2), [{ dow: 5, hour: 22, v: 0 }, { dow: 6, hour: 0, v: 0 }]);
  });

  it('gives fewer than three when no more fit apart', () => {
    const one = computeDayStats({ values: Float64Array.from([5, 6, 7]), cells: Int32Array.from([30, 31, 32]) });
    assert.deepEqual(one.best_slots, [{ dow: 1, hour: 6, v: 5.5 }], 'the window at 07 shares 07 with it');
    assert.deepEqual(one.worst_slots, [{ dow: 1, hour: 7, v: 6.5 }]);
  });
});
