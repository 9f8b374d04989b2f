/**
 * Local calendar parts of an instant in an IANA zone, through Intl (DST-correct). The one formatter per
 * zone, cached: local parts here and UTC offsets in zone-offsets.ts read the same fields.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short', hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAY: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** The wall-clock fields of an instant in a zone, as text (`2026`, `03`, `Mon`): one Intl call. */
export function zoneFields(tsS: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'weekday', string> {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(tsS * 1000))) if (p.type !== 'literal') parts[p.type] = p.value;
  return parts as ReturnType<typeof zoneFields>;
}

export interface LocalParts {
  /** `YYYY-MM-DD` in the zone. */
  date: string;
  hour: number;
  minute: number;
  /** Monday = 0 ... Sunday = 6. */
  weekday: number;
}

export function localParts(tsS: number, timeZone: string): LocalParts {
  const parts = zoneFields(tsS, timeZone);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAY[parts.weekday]!,
  };
}

/** True when `timeZone` is an IANA zone Intl knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}
