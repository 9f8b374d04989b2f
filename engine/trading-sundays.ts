/** Trading Sundays computed from a country's calendar rule (no dates are listed by hand). */
import type { TradingSundayFile } from '../models/rules.js';
import { addDays, easterSunday, firstSundayOf, lastSundayOf } from './calendar.js';

/** The trading Sundays of `year`, sorted; null when no encoded rule version covers that year or the country has no calendar. */
export function tradingSundays(file: TradingSundayFile, year: number): string[] | null {
  const version = file.calendars?.find((c) => year >= c.years.from && (c.years.until === null || year <= c.years.until));
  if (!version) return null;
  const easter = easterSunday(year);
  const days = new Set<string>();
  for (const month of version.last_sunday_of_months) {
    let day = lastSundayOf(year, month);
    if (month === 4 && version.april_easter_moves_back && day === easter) day = addDays(day, -7);
    days.add(day);
  }
  for (const month of version.first_sunday_of_months) days.add(firstSundayOf(year, month));
  if (version.sunday_before_easter) days.add(addDays(easter, -7));
  // The Sundays before Christmas Day: count back from the last Sunday before 25 December.
  let sunday = addDays(`${year}-12-25`, -1);
  while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, -1);
  for (let i = 0; i < version.sundays_before_christmas; i++) days.add(addDays(sunday, -7 * i));
  return [...days].sort();
}
