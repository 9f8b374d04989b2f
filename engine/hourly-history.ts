/**
 * A checkpoint's readings as an hourly series for the statistics and forecasting engine: the mean of
 * each hour from `startS` (NaN where the hour holds no reading) and each hour's local week cell
 * (weekday x 24 + hour, Monday = 0). The main series is the queue where the readings count vehicles,
 * else the wait; `metric: 'wait'` asks for the wait.
 */
import { localParts } from './local-time.js';
import { resampleHourly } from './resample.js';

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

export function buildHourlyHistory(rows: readonly HistoryReading[], startS: number, hours: number, timezone: string,
  metric: 'main' | 'wait' = 'main'): HourlyHistory {
  const useQueue = metric === 'main' && rows.some((r) => r.queue !== null);
  const ts = Float64Array.from(rows, (r) => r.ts);
  const values = Float64Array.from(rows, (r) => (useQueue ? r.queue : r.wait_min) ?? NaN);
  const series = resampleHourly(ts, values, startS, hours);
  const cells = new Int32Array(hours);
  const dates = new Set<string>();
  for (let h = 0; h < hours; h++) {
    const local = localParts(startS + h * 3600, timezone);
    cells[h] = local.weekday * 24 + local.hour;
    if (!Number.isNaN(series[h]!)) dates.add(local.date);
  }
  return {
    startS, endS: startS + hours * 3600, series, cells,
    hasWaits: rows.some((r) => r.wait_min !== null),
    unit: useQueue ? 'vehicles' : 'minutes',
    daysWithData: dates.size,
    dataQuality: rows.some((r) => r.data_quality === 'low') ? 'low' : 'high',
  };
}
