/**
 * Opening hours as a driver needs them: open now, and when that changes. The OSM `opening_hours` text is
 * evaluated by its reference library (`opening_hours`, with the country's public holidays for `PH`) at the
 * place's own wall-clock time: the library reads a Date's local fields, so the instant is handed over as a
 * Date whose local fields are the wall clock in the country's zone (Intl's zone of the region), and the
 * next change comes back the same way. A text the library cannot parse gives nulls, never a guess.
 */
import OpeningHours from 'opening_hours';
import { boundedCache } from '../../models/bounded-cache.js';
import { zonedToUtc } from '../../models/zoned-time.js';
import { zoneFields } from '../../engine/local-time.js';

export interface OpeningState {
  /** Open at the asked instant; null when the hours are not stated, unparseable, or say "unknown". */
  open_now: boolean | null;
  /** The next instant the state changes (ISO-8601 UTC), within the library's look-ahead; else null. */
  next_change: string | null;
}

const parsed = boundedCache<string, OpeningHours | 'invalid'>(5_000);
const zones = new Map<string, string | null>();

/** The first IANA zone of a region (ISO-2), from Intl (`PL` -> `Europe/Warsaw`), or null. */
function zoneOf(country: string): string | null {
  if (!zones.has(country)) {
    let zone: string | null = null;
    try {
      // getTimeZones() in newer engines (Node 22+), the timeZones accessor it replaces in older ones (Node 20).
      const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] };
      zone = (locale.getTimeZones?.() ?? locale.timeZones)?.[0] ?? null;
    } catch {
      zone = null;
    }
    zones.set(country, zone);
  }
  return zones.get(country)!;
}

function hoursOf(text: string, country: string): OpeningHours | null {
  const key = `${country}|${text}`;
  let oh = parsed.get(key);
  if (!oh) {
    try {
      oh = new OpeningHours(text, { lat: 0, lon: 0, address: { country_code: country.toLowerCase(), state: '' } });
    } catch {
      oh = 'invalid';
    }
    parsed.set(key, oh);
  }
  return oh === 'invalid' ? null : oh;
}

/** `now` as a Date whose local fields read the wall clock in `zone` (the zone's one formatter: engine/local-time.ts). */
function asWallClock(now: Date, zone: string): Date {
  const p = zoneFields(now.getTime() / 1000, zone);
  return new Date(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The state of `text` at `now` in `country` (ISO-2). */
export function openingState(text: string | null, country: string | null, now: Date): OpeningState {
  const zone = country ? zoneOf(country) : null;
  const oh = text && country && zone ? hoursOf(text, country) : null;
  if (!oh || !zone) return { open_now: null, next_change: null };
  const wall = asWallClock(now, zone);
  const open = oh.getUnknown(wall) ? null : oh.getState(wall);
  const next = oh.getNextChange(wall);
  const nextUtc = next
    ? zonedToUtc(`${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`, `${pad(next.getHours())}:${pad(next.getMinutes())}`, zone).toISOString()
    : null;
  return { open_now: open, next_change: nextUtc };
}
