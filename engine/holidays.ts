/**
 * Public holidays from `date-holidays` (national, and per region where a region has its own), keyed
 * by date. Built once per country and year and kept: the library's rules do not change at run time.
 */
import type Holidays from 'date-holidays';
import { holidaysLib } from './holidays-lib.js';
import { holidayKeys } from './calendar.js';

export interface HolidayDay {
  name: string;
  /** `MM-DD` and, for movable feasts, `easter+N`. */
  keys: string[];
}

export interface CountryHolidays {
  /** National public holiday on `date`, or null. */
  national(date: string): HolidayDay | null;
  /** Public holidays that only some regions keep, with those regions (ISO 3166-2 suffixes). */
  regional(date: string): (HolidayDay & { regions: string[] }) | null;
}

const cache = new Map<string, Map<string, HolidayDay & { regions?: string[] }>>();

function publicDays(hd: Holidays, year: number): Map<string, string> {
  const out = new Map<string, string>();
  for (const h of hd.getHolidays(year)) if (h.type === 'public') out.set(h.date.slice(0, 10), h.name);
  return out;
}

function yearTable(country: string, year: number) {
  const key = `${country}|${year}`;
  let table = cache.get(key);
  if (table) return table;
  table = new Map();
  const national = publicDays(new (holidaysLib())(country), year);
  for (const [date, name] of national) table.set(date, { name, keys: holidayKeys(date) });
  const states = Object.keys(new (holidaysLib())(country).getStates(country) ?? {});
  for (const state of states) {
    for (const [date, name] of publicDays(new (holidaysLib())(country, state), year)) {
      if (national.has(date)) continue;
      const entry = table.get(`R|${date}`) ?? { name, keys: holidayKeys(date), regions: [] };
      entry.regions!.push(state);
      table.set(`R|${date}`, entry);
    }
  }
  cache.set(key, table);
  return table;
}

export function holidaysOf(country: string): CountryHolidays {
  return {
    national(date) {
      const entry = yearTable(country, Number(date.slice(0, 4))).get(date);
      return entry ? { name: entry.name, keys: entry.keys } : null;
    },
    regional(date) {
      const entry = yearTable(country, Number(date.slice(0, 4))).get(`R|${date}`);
      return entry ? { name: entry.name, keys: entry.keys, regions: [...entry.regions!].sort() } : null;
    },
  };
}
