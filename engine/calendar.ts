/** Calendar arithmetic on `YYYY-MM-DD` dates (no time zone involved), and Easter. */

const DAY_MS = 86_400_000;

export const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
export const fromDate = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (iso: string, days: number) => fromDate(new Date(toDate(iso).getTime() + days * DAY_MS));
/** Monday = 0 ... Sunday = 6. */
export const weekdayOf = (iso: string) => (toDate(iso).getUTCDay() + 6) % 7;
export const daysBetween = (from: string, to: string) => Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS);

/** Easter Sunday of the Gregorian calendar (the anonymous "Meeus/Jones/Butcher" algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The key a law uses for a date: `easter+N` when it moves with Easter (|N| <= 70), else `MM-DD`. */
export function holidayKeys(iso: string): string[] {
  const offset = daysBetween(easterSunday(Number(iso.slice(0, 4))), iso);
  const keys = [iso.slice(5)];
  if (Math.abs(offset) <= 70) keys.push(`easter${offset < 0 ? '-' : '+'}${Math.abs(offset)}`);
  return keys;
}

/** The last Sunday of a month. */
export function lastSundayOf(year: number, month: number): string {
  const last = fromDate(new Date(Date.UTC(year, month, 0)));
  return addDays(last, -((weekdayOf(last) + 1) % 7));
}

/** The first Sunday of a month. */
export function firstSundayOf(year: number, month: number): string {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  return addDays(first, (6 - weekdayOf(first) + 7) % 7);
}

/** Is `iso` within [from, until], where each bound is `MM-DD` (any year) or `YYYY-MM-DD`? */
export function inSeason(iso: string, season: { from: string; until: string } | undefined): boolean {
  if (!season) return true;
  const year = iso.slice(0, 4);
  const from = season.from.length === 5 ? `${year}-${season.from}` : season.from;
  const until = season.until.length === 5 ? `${year}-${season.until}` : season.until;
  // An every-year season that runs over New Year (10-01 .. 05-31).
  if (season.from.length === 5 && season.until.length === 5 && from > until) return iso >= from || iso <= until;
  return iso >= from && iso <= until;
}
