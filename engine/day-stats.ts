/**
 * The typical week: for each local weekday and hour, the median, 25th and 75th percentile of an
 * hourly series (simple-statistics quantiles), with counts; weekday averages; and the best and worst
 * 2-hour windows (two consecutive hours of one weekday, by the mean of their medians), up to three of
 * each that do not overlap.
 */
import type { DayStats, Slot } from '../models/engine-results.js';
import { roundTo } from '../models/round.js';
import { computeCellQuantiles } from './cell-quantiles.js';

export type { DayStats, Slot };

export interface DayStatsInput {
  /** Hourly values (NaN = missing). */
  values: Float64Array;
  /** Local weekday (Mon = 0) * 24 + local hour of each value. */
  cells: Int32Array;
}

const round1 = (v: number | null) => (v === null ? null : roundTo(v, 1));
const rows = <T>(flat: T[]) => Array.from({ length: 7 }, (_, d) => flat.slice(d * 24, d * 24 + 24));

/**
 * The first `n` windows of `ranked` (best first) that share no hour with one taken before: greedy by
 * score. A window covers its hour and the next of the same weekday (none crosses midnight), so two
 * overlap when they are on one weekday less than two hours apart.
 */
function pickApart(ranked: Iterable<Slot>, n: number): Slot[] {
  const picked: Slot[] = [];
  for (const w of ranked) {
    if (picked.length === n) break;
    if (picked.some((p) => p.dow === w.dow && Math.abs(p.hour - w.hour) < 2)) continue;
    picked.push(w);
  }
  return picked;
}

export function computeDayStats({ values, cells }: DayStatsInput): DayStats {
  const q = computeCellQuantiles(cells, values, 168);
  const matrix = rows(q.median.map(round1));
  const weekdayAvg = matrix.map((day) => {
    const held = day.filter((v): v is number => v !== null);
    return held.length === 0 ? null : round1(held.reduce((a, b) => a + b, 0) / held.length);
  });
  const windows: Slot[] = [];
  for (let d = 0; d < 7; d++) {
    for (let h = 0; h < 23; h++) {
      const a = matrix[d]![h];
      const b = matrix[d]![h + 1];
      if (a != null && b != null) windows.push({ dow: d, hour: h, v: round1((a + b) / 2)! });
    }
  }
  const byValue = [...windows].sort((x, y) => x.v - y.v || x.dow - y.dow || x.hour - y.hour);
  const days = weekdayAvg.map((v, d) => ({ v, d })).filter((x): x is { v: number; d: number } => x.v !== null);
  let samples = 0;
  let sum = 0;
  let max: number | null = null;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    samples++;
    sum += v;
    max = max === null ? v : Math.max(max, v);
  }
  return {
    matrix,
    lo: rows(q.p25.map(round1)),
    hi: rows(q.p75.map(round1)),
    counts: rows(q.counts),
    weekday_avg: weekdayAvg,
    best_day: days.length ? days.reduce((a, b) => (b.v < a.v ? b : a)).d : null,
    worst_day: days.length ? days.reduce((a, b) => (b.v > a.v ? b : a)).d : null,
    best_slots: pickApart(byValue, 3),
    worst_slots: pickApart([...byValue].reverse(), 3),
    overall_avg: samples ? round1(sum / samples) : null,
    overall_max: max === null ? null : round1(max),
    samples,
  };
}
