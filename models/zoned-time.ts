/** Local wall-clock time in an IANA zone to a UTC instant, DST-correct (Intl offsets, two passes). */

const formatters = new Map<string, Intl.DateTimeFormat>();

function offsetMinutes(utcMs: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(utcMs))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant of `date` at `time` (`HH:MM`, `24:00` = next midnight) in `timeZone`. A time that
 * does not exist (skipped by a spring change) maps to the instant just after the gap.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), h, m);
  let guess = wall - offsetMinutes(wall, timeZone) * 60_000;
  guess = wall - offsetMinutes(guess, timeZone) * 60_000;
  return new Date(guess);
}
