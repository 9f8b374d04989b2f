/** Formatting and labels shared by the views. */

export const COUNTRIES: Record<number, { iso: string; name: string }> = {
  1: { iso: 'UA', name: 'Ukraine' }, 2: { iso: 'PL', name: 'Poland' }, 3: { iso: 'SK', name: 'Slovakia' }, 4: { iso: 'HU', name: 'Hungary' },
  5: { iso: 'RO', name: 'Romania' }, 6: { iso: 'MD', name: 'Moldova' }, 7: { iso: 'BY', name: 'Belarus' },
};
export const iso = (country: number) => COUNTRIES[country]?.iso ?? String(country);

export const VEHICLES: Record<number, string> = { 4: 'car', 5: 'car (tax-free)', 6: 'bus', 7: 'pedestrian', 8: 'truck under 7.5 t', 9: 'truck' };
export const vehicle = (type: number) => VEHICLES[type] ?? `type ${type}`;

const numberFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
export const num = (v: number | null | undefined, digits?: number) =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : digits === undefined ? numberFormat.format(v) : v.toFixed(digits);
export const pct = (v: number | null | undefined, digits = 1) => (v === null || v === undefined ? '–' : `${(v * 100).toFixed(digits)} %`);

/** Minutes as `45 min`, `6 h 30 min`, `4 d 10 h`. */
export function minutes(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const m = Math.round(v);
  if (m < 60) return `${m} min`;
  if (m < 48 * 60) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  const h = Math.round(m / 60);
  return `${Math.floor(h / 24)} d${h % 24 ? ` ${h % 24} h` : ''}`;
}

export const seconds = (s: number | null | undefined) => (s === null || s === undefined ? '–' : s < 60 ? `${Math.round(s)} s` : minutes(s / 60));

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, f);
  }
  return f;
}
/** `2026-11-22 09:38` in a zone (UTC by default). */
export function dateTime(value: string | number | Date | null | undefined, timeZone = 'UTC'): string {
  if (value === null || value === undefined) return '–';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const p = Object.fromEntries(formatter(timeZone).formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

export const STATUS_COLOURS = { green: '#2e8540', yellow: '#d39e00', red: '#c62828', none: '#8a8f98' } as const;
export type WaitColour = keyof typeof STATUS_COLOURS;
