/**
 * The calendar that drives border traffic, per local day and per holiday calendar: public holidays from
 * `date-holidays` (a country, or a country and region as `CA-BC`), the working days just before and
 * after a break, long weekends (three or more days off in a row that hold a holiday), bridge days and
 * the library's school-only days (it has no school-vacation periods). Built once per calendar and year
 * and kept: the library's rules do not change at run time.
 */
import { holidaysLib } from '../holidays-lib.js';

/** Kinds of day, in the order of their feature blocks. */
export const DAY_KINDS = ['holiday', 'eve', 'after', 'lw_first', 'lw_inner', 'lw_last', 'bridge', 'school'] as const;
export type DayKind = (typeof DAY_KINDS)[number];

const KIND_BIT = Object.fromEntries(DAY_KINDS.map((k, i) => [k, 1 << i])) as Record<DayKind, number>;

let countries: Record<string, string> | null = null;

/** True when `spec` names a calendar date-holidays has: an ISO country (`PL`) or country and region (`CA-BC`). */
export function isHolidayCalendar(spec: string): boolean {
  const [country, region, extra] = spec.split('-');
  if (!country || extra !== undefined) return false;
  countries ??= new (holidaysLib())().getCountries();
  if (!Object.hasOwn(countries, country)) return false;
  return region === undefined || Object.hasOwn(new (holidaysLib())().getStates(country) ?? {}, region);
}

interface YearDays { publicDays: Set<string>; schoolDays: Set<string> }
const years = new Map<string, YearDays>();

function yearDays(spec: string, year: number): YearDays {
  const key = `${spec}|${year}`;
  let found = years.get(key);
  if (found) return found;
  const [country, region] = spec.split('-') as [string, string | undefined];
  const hd = region ? new (holidaysLib())(country, region) : new (holidaysLib())(country);
  found = { publicDays: new Set(), schoolDays: new Set() };
  for (const h of hd.getHolidays(year) || []) {
    if (h.type === 'public') found.publicDays.add(h.date.slice(0, 10));
    else if (h.type === 'school') found.schoolDays.add(h.date.slice(0, 10));
  }
  years.set(key, found);
  return found;
}

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of a day number (days since 1970-01-01). */
const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Monday = 0 of a day number (1970-01-01 was a Thursday). */
const weekdayOfDay = (day: number) => (((day + 3) % 7) + 7) % 7;

/**
 * Bit flags (one per DAY_KINDS entry) of each day from `firstDay` for `count` days under one holiday
 * calendar, computed from the holidays alone. A break is a run of days off (Saturday, Sunday, public
 * holidays) holding a holiday: `eve` is the working day before it, `after` the working day after it, and
 * a break of three days or more is a long weekend (`lw_first`, `lw_inner`, `lw_last`). A bridge day is a
 * working day between two days off, one of them a holiday.
 */
function spanKinds(spec: string, firstDay: number, count: number): Uint16Array {
  const margin = 10;
  const n = count + 2 * margin;
  const holiday = new Uint8Array(n);
  const school = new Uint8Array(n);
  const off = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const day = firstDay - margin + i;
    const iso = isoOfDay(day);
    const y = yearDays(spec, Number(iso.slice(0, 4)));
    holiday[i] = y.publicDays.has(iso) ? 1 : 0;
    school[i] = y.schoolDays.has(iso) ? 1 : 0;
    off[i] = holiday[i] || weekdayOfDay(day) >= 5 ? 1 : 0;
  }
  const flags = new Uint16Array(n);
  for (let i = 0; i < n;) {
    if (!off[i]) { i++; continue; }
    let j = i;
    let hasHoliday = false;
    for (; j < n && off[j]; j++) if (holiday[j]) hasHoliday = true;
    // [i, j) is a run of days off.
    if (hasHoliday) {
      if (i > 0) flags[i - 1]! |= KIND_BIT.eve;
      if (j < n) flags[j]! |= KIND_BIT.after;
      if (j - i >= 3) for (let k = i; k < j; k++) flags[k]! |= k === i ? KIND_BIT.lw_first : k === j - 1 ? KIND_BIT.lw_last : KIND_BIT.lw_inner;
    }
    i = j;
  }
  for (let i = 0; i < n; i++) {
    if (holiday[i]) flags[i]! |= KIND_BIT.holiday;
    if (school[i] && !off[i]) flags[i]! |= KIND_BIT.school;
    if (i > 0 && i < n - 1 && !off[i] && off[i - 1] && off[i + 1] && (holiday[i - 1] || holiday[i + 1])) flags[i]! |= KIND_BIT.bridge;
  }
  return flags.slice(margin, margin + count);
}

const yearFlags = new Map<string, { jan1: number; flags: Uint16Array }>();

/** The day number of 1 January of `year`. */
export const jan1Of = (year: number) => Date.UTC(year, 0, 1) / 86_400_000;

/** Every day's flags of one calendar and year (computed once, then kept). */
function flagsOfYear(spec: string, year: number) {
  const key = `${spec}|${year}`;
  let found = yearFlags.get(key);
  if (!found) {
    const jan1 = jan1Of(year);
    found = { jan1, flags: spanKinds(spec, jan1, jan1Of(year + 1) - jan1) };
    yearFlags.set(key, found);
  }
  return found;
}

/** Bit flags (one per DAY_KINDS entry, see spanKinds) of each day from `firstDay` for `count` days under one calendar. */
export function dayKinds(spec: string, firstDay: number, count: number): Uint16Array {
  const out = new Uint16Array(count);
  let year = new Date(firstDay * 86_400_000).getUTCFullYear();
  let table = flagsOfYear(spec, year);
  for (let d = 0; d < count; d++) {
    if (firstDay + d - table.jan1 >= table.flags.length) table = flagsOfYear(spec, ++year);
    out[d] = table.flags[firstDay + d - table.jan1]!;
  }
  return out;
}

/** The kinds named by a day's flags (tests and explanations). */
export const kindsOf = (flags: number): DayKind[] => DAY_KINDS.filter((k) => (flags & KIND_BIT[k]) !== 0);
