/**
 * Hourly and daily aggregates of irregular readings. Hours are the real hours ending at the present
 * hour (each labelled by its UTC start); days are calendar days in the checkpoint's zone, so a DST
 * day holds 23 or 25 hours of readings. Buckets without readings are null, never zero.
 */
import { localParts } from './local-time.js';
import type { Reading } from './live-status.js';
import { waitOf } from './live-status.js';

const mean = (xs: number[]) => (xs.length === 0 ? null : Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10);

export interface HourBucket {
  time: number;
  avg_cars: number | null;
  wait_time: number | null;
  wait_time_estimated: boolean;
  samples: number;
}

/** `hours` buckets of one hour, oldest first, the last one holding `nowS`. */
export function hourlyBuckets(readings: readonly Reading[], nowS: number, hours = 24): HourBucket[] {
  const lastStart = Math.floor(nowS / 3600) * 3600;
  const firstStart = lastStart - (hours - 1) * 3600;
  const groups: Reading[][] = Array.from({ length: hours }, () => []);
  for (const r of readings) {
    const i = Math.floor((r.ts - firstStart) / 3600);
    if (i >= 0 && i < hours) groups[i]!.push(r);
  }
  return groups.map((group, i) => {
    const waits = group.map(waitOf);
    const official = waits.filter((w) => w.waitMin !== null && !w.estimated).map((w) => w.waitMin!);
    const estimated = waits.filter((w) => w.estimated).map((w) => w.waitMin!);
    return {
      time: firstStart + i * 3600,
      avg_cars: mean(group.filter((r) => r.queue !== null).map((r) => r.queue!)),
      wait_time: official.length > 0 ? mean(official) : mean(estimated),
      wait_time_estimated: official.length === 0 && estimated.length > 0,
      samples: group.length,
    };
  });
}

export interface DayBucket {
  date: string;
  avg_cars: number | null;
  max_cars: number | null;
  min_cars: number | null;
  avg_wait: number | null;
  samples: number;
}

/** The last `days` local calendar days up to the one holding `nowS`, oldest first. */
export function dailyBuckets(readings: readonly Reading[], nowS: number, timeZone: string, days = 30): DayBucket[] {
  const dates: string[] = [];
  // Step back by 24 h from local noon to list the local dates (DST never skips a whole day).
  const today = localParts(nowS, timeZone);
  const noon = nowS + (12 - today.hour) * 3600;
  for (let i = days - 1; i >= 0; i--) dates.push(localParts(noon - i * 86_400, timeZone).date);
  const groups = new Map<string, Reading[]>(dates.map((d) => [d, []]));
  for (const r of readings) groups.get(localParts(r.ts, timeZone).date)?.push(r);
  return dates.map((date) => {
    const group = groups.get(date)!;
    const queues = group.filter((r) => r.queue !== null).map((r) => r.queue!);
    const waits = group.map((r) => waitOf(r).waitMin).filter((w): w is number => w !== null);
    return {
      date,
      avg_cars: mean(queues),
      max_cars: queues.length ? Math.max(...queues) : null,
      min_cars: queues.length ? Math.min(...queues) : null,
      avg_wait: mean(waits),
      samples: group.length,
    };
  });
}
