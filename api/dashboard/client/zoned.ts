/** Local dates and hours of a checkpoint's time zone, and the instants they stand for (DST-aware, via Intl). */

const formats = new Map<string, Intl.DateTimeFormat>();
function parts(timeZone: string, ms: number) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour) % 24, min: Number(p.minute), s: Number(p.second) };
}

/** The zone's offset from UTC at an instant, in ms. */
export function offsetMs(timeZone: string, ms: number): number {
  const p = parts(timeZone, ms);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(ms / 1000) * 1000;
}

/** The local date (`YYYY-MM-DD`) of an instant in a zone. */
export function localDate(timeZone: string, ms: number): string {
  const p = parts(timeZone, ms);
  return `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/** A local date shifted by whole days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant (ms) at which a local date and hour begin in a zone; of a repeated hour, the first. */
export function zonedHourToUtc(timeZone: string, date: string, hour: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  const first = wall - offsetMs(timeZone, wall);
  const second = wall - offsetMs(timeZone, first);
  return Math.min(first, second);
}
