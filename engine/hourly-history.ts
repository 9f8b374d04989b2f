/**
 * A checkpoint's readings as an hourly series for the statistics and forecasting engine: the mean of
 * each hour from `startS` (NaN where the hour holds no reading) and each hour's local week cell
 * (weekday x 24 + hour, Monday = 0). The main series is the queue where the readings count vehicles,
 * else the wait; `metric: 'wait'` asks for the wait.
 */
import { resampleHourly } from './resample.js';
import { createLocalClock, zoneSegments } from './zone-offsets.js';

export interface HistoryReading {
  ts: number;
  queue: number | null;
  wait_min: number | null;
  data_quality: 'high' | 'low';
}

export interface HourlyHistory {
  startS: number;
  endS: number;
  series: Float64Array;
  cells: Int32Array;
  hasWaits: boolean;
  unit: 'vehicles' | 'minutes';
  /** Local calendar days that hold at least one hourly value. */
  daysWithData: number;
  dataQuality: 'high' | 'low';
}

/** The local week cell (weekday x 24 + hour, Monday = 0) of each of `hours` hours from `startS`. */
export function weekCells(startS: number, hours: number, timezone: string): Int32Array {
  const clock = createLocalClock(zoneSegments(timezone, startS, startS + hours * 3600));
  const cells = new Int32Array(hours);
  for (let h = 0; h < hours; h++) {
    const local = clock(startS + h * 3600);
    cells[h] = local.weekday * 24 + local.hour;
  }
  return cells;
}

export function buildHourlyHistory(rows: readonly HistoryReading[], startS: number, hours: number, timezone: string,
  metric: 'main' | 'wait' = 'main'): HourlyHistory {
  const useQueue = metric === 'main' && rows.some((r) => r.queue !== null);
  const ts = Float64Array.from(rows, (r) => r.ts);
  const values = Float64Array.from(rows, (r) => (useQueue ? r.queue : r.wait_min) ?? NaN);
  const series = resampleHourly(ts, values, startS, hours);
  const clock = createLocalClock(zoneSegments(timezone, startS, startS + hours * 3600));
  const cells = new Int32Array(hours);
  const days = new Set<number>();
  for (let h = 0; h < hours; h++) {
    const local = clock(startS + h * 3600);
    cells[h] = local.weekday * 24 + local.hour;
    if (!Number.isNaN(series[h]!)) days.add(local.day);
  }
  return {
    startS, endS: startS + hours * 3600, series, cells,
    hasWaits: rows.some((r) => r.wait_min !== null),
    unit: useQueue ? 'vehicles' : 'minutes',
    daysWithData: days.size,
    dataQuality: rows.some((r) => r.data_quality === 'low') ? 'low' : 'high',
  };
}
