/**
 * One local day of a checkpoint in 24 clock hours, from its readings of that day: the mean of each hour,
 * daily figures, the peak and the quietest hour. A 23-hour day (spring DST) leaves its skipped hour null;
 * a 25-hour day folds the repeated hour into one (the mean of both). Values are the queue where the
 * readings count vehicles, else the wait minutes.
 */
import { localParts } from './local-time.js';
import { roundTo } from '../models/round.js';

export interface Reading {
  ts: number;
  queue: number | null;
  wait_min: number | null;
}

export function dayProfile(rows: readonly Reading[], timezone: string, dayStartS: number, dayEndS: number) {
  const useQueue = rows.some((r) => r.queue !== null);
  const groups: number[][] = Array.from({ length: 24 }, () => []);
  for (const r of rows) {
    const v = useQueue ? r.queue : r.wait_min;
    if (v !== null) groups[localParts(r.ts, timezone).hour]!.push(v);
  }
  const hourly = groups.map((g, hour) => ({ hour, value: g.length ? roundTo(g.reduce((a, b) => a + b, 0) / g.length, 1) : null, data_points: g.length }));
  const held = hourly.filter((h): h is { hour: number; value: number; data_points: number } => h.value !== null);
  const daily = {
    avg: held.length ? roundTo(held.reduce((a, h) => a + h.value, 0) / held.length, 1) : null,
    min: held.length ? Math.min(...held.map((h) => h.value)) : null,
    max: held.length ? Math.max(...held.map((h) => h.value)) : null,
    hours_with_data: held.length,
  };
  const peak = held.length ? held.reduce((a, b) => (b.value > a.value ? b : a)) : null;
  const quietest = held.length ? held.reduce((a, b) => (b.value < a.value ? b : a)) : null;
  return {
    hourly, daily, unit: held.length ? (useQueue ? 'vehicles' as const : 'minutes' as const) : null,
    peak: peak && { hour: peak.hour, value: peak.value }, quietest: quietest && { hour: quietest.hour, value: quietest.value },
    hoursInDay: Math.round((dayEndS - dayStartS) / 3600),
  };
}
