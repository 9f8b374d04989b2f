/**
 * The sparse design of the calendar regression: one row per hour, each a handful of one-hot columns
 * (an intercept, the local week cell, the week of the year, and per holiday calendar the day's kinds
 * crossed with its block of hours) and three dense columns holding the recent level as it was known
 * `lagWeeks` weeks before the hour: the same hour then (seasonal naive), the mean of the same hour over
 * four weeks from then, and the mean of all hours of those four weeks. With lags of whole weeks at
 * least as long as the horizon, every row of a forecast is built from history alone.
 */
import { DAY_KINDS } from './day-kinds.js';
import type { HourCalendar } from './hour-calendar.js';

const WEEK_H = 168;
const KINDS = DAY_KINDS.length;
export const DENSE_COLUMNS = ['same_hour', 'same_hour_mean4', 'level4'] as const;

export interface DesignLayout {
  /** Blocks of hours per day that day kinds are crossed with (24 / hoursPerBlock). */
  blocks: number;
  calendars: number;
  cell0: number;
  season0: number;
  kind0: number;
  dense0: number;
  /** Number of columns. */
  p: number;
}

export function designLayout(calendars: number, blocks: number): DesignLayout {
  const cell0 = 1;
  const season0 = cell0 + WEEK_H;
  const kind0 = season0 + 53;
  const dense0 = kind0 + calendars * KINDS * blocks;
  return { blocks, calendars, cell0, season0, kind0, dense0, p: dense0 + DENSE_COLUMNS.length };
}

/** Row builder over a series (NaN = missing or future) and its calendar (at least as long). */
export class CalendarDesign {
  readonly cols: Int32Array;
  readonly vals: Float64Array;
  private readonly sums: Float64Array;
  private readonly counts: Int32Array;

  constructor(readonly values: Float64Array, readonly calendar: HourCalendar, readonly layout: DesignLayout, readonly lagWeeks: number) {
    const n = values.length;
    this.sums = new Float64Array(n + 1);
    this.counts = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      const ok = !Number.isNaN(v);
      this.sums[i + 1] = this.sums[i]! + (ok ? v : 0);
      this.counts[i + 1] = this.counts[i]! + (ok ? 1 : 0);
    }
    this.cols = new Int32Array(layout.p);
    this.vals = new Float64Array(layout.p);
  }

  private at(i: number): number {
    return i >= 0 && i < this.values.length ? this.values[i]! : NaN;
  }

  /**
   * Fills `cols`/`vals` with hour `t`'s non-zeros (columns ascending) and returns their count, or 0
   * when the recent level is unknown (no reading of that hour in the four lagged weeks).
   */
  row(t: number): number {
    const { calendar: cal, layout: L, cols, vals } = this;
    const lagH = this.lagWeeks * WEEK_H;
    let sum = 0;
    let count = 0;
    let same = NaN;
    for (let m = 0; m < 4; m++) {
      const v = this.at(t - lagH - m * WEEK_H);
      if (Number.isNaN(v)) continue;
      if (count === 0) same = v;
      sum += v;
      count++;
    }
    const hi = Math.max(0, Math.min(this.values.length, t - lagH + 1));
    const lo = Math.max(0, hi - 4 * WEEK_H);
    const held = this.counts[hi]! - this.counts[lo]!;
    if (count === 0 || held === 0) return 0;
    let k = 0;
    const put = (c: number, v: number) => { cols[k] = c; vals[k++] = v; };
    put(0, 1);
    put(L.cell0 + cal.cells[t]!, 1);
    const day = cal.dayIndex[t]!;
    const week = cal.weekOfYear[day]!;
    if (week >= 0) put(L.season0 + week, 1);
    const block = Math.floor(((cal.cells[t]! % 24) * L.blocks) / 24);
    for (let c = 0; c < L.calendars; c++) {
      const flags = cal.kinds[c]![day]!;
      if (flags === 0) continue;
      for (let kind = 0; kind < KINDS; kind++) if (flags & (1 << kind)) put(L.kind0 + (c * KINDS + kind) * L.blocks + block, 1);
    }
    put(L.dense0, same);
    put(L.dense0 + 1, sum / count);
    put(L.dense0 + 2, (this.sums[hi]! - this.sums[lo]!) / held);
    return k;
  }
}
