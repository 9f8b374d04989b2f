/**
 * The local calendar of each hour of a series, as the calendar regression reads it: the local week cell
 * (weekday x 24 + hour, Monday = 0), the local day, and per local day its week of the year and its kinds
 * under each holiday calendar (day-kinds.ts). Local time comes from the zone's offset transitions, so a
 * DST day has 23 or 25 hours, each with its own local clock hour (the repeated hour twice).
 */
import { createLocalClock, zoneSegments } from '../zone-offsets.js';
import { dayKinds, jan1Of } from './day-kinds.js';

export interface HourCalendar {
  /** Per hour: the local week cell. */
  cells: Int32Array;
  /** Per hour: its local day, as an index into the per-day arrays. */
  dayIndex: Int32Array;
  /** Per day: week of the year (0-52, from the day of the year), or -1 when unknown. */
  weekOfYear: Int8Array;
  /** Per holiday calendar, per day: DAY_KINDS bit flags. */
  kinds: Uint16Array[];
  /** The holiday calendars, as given (`CA-BC`, `US-WA`). */
  specs: string[];
}

/** Week of the year (0-52, from the day of the year) of `count` days from `firstDay`. */
function weeksOfYear(firstDay: number, count: number): Int8Array {
  const out = new Int8Array(count);
  let year = new Date(firstDay * 86_400_000).getUTCFullYear();
  let jan1 = jan1Of(year);
  let next = jan1Of(year + 1);
  for (let d = 0; d < count; d++) {
    if (firstDay + d >= next) {
      jan1 = next;
      next = jan1Of(++year + 1);
    }
    out[d] = Math.min(52, Math.floor((firstDay + d - jan1) / 7));
  }
  return out;
}

/** The calendar of `hours` hours from `startS` in `timezone` under the holiday calendars `specs`. */
export function hourCalendar(startS: number, hours: number, timezone: string, specs: readonly string[]): HourCalendar {
  const clock = createLocalClock(zoneSegments(timezone, startS, startS + Math.max(1, hours) * 3600));
  const cells = new Int32Array(hours);
  const dayIndex = new Int32Array(hours);
  let firstDay = 0;
  for (let h = 0; h < hours; h++) {
    const local = clock(startS + h * 3600);
    if (h === 0) firstDay = local.day;
    cells[h] = local.weekday * 24 + local.hour;
    dayIndex[h] = local.day - firstDay;
  }
  const days = hours === 0 ? 0 : dayIndex[hours - 1]! + 1;
  const weekOfYear = weeksOfYear(firstDay, days);
  return { cells, dayIndex, weekOfYear, kinds: specs.map((s) => dayKinds(s, firstDay, days)), specs: [...specs] };
}

/** A calendar that knows only week cells (no dates: no season, no holidays), for series given as cells alone. */
export function cellsCalendar(cells: Int32Array): HourCalendar {
  const dayIndex = new Int32Array(cells.length);
  let day = 0;
  for (let h = 1; h < cells.length; h++) {
    if (cells[h]! % 24 < cells[h - 1]! % 24) day++;
    dayIndex[h] = day;
  }
  const days = cells.length === 0 ? 0 : day + 1;
  return { cells, dayIndex, weekOfYear: new Int8Array(days).fill(-1), kinds: [], specs: [] };
}

/** Hours [from, to) of a calendar, indexed from 0 (the per-day arrays are shared). */
export function sliceCalendar(cal: HourCalendar, from: number, to: number): HourCalendar {
  return { ...cal, cells: cal.cells.subarray(from, to), dayIndex: cal.dayIndex.subarray(from, to) };
}
