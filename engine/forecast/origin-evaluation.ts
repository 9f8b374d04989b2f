/**
 * Forward evaluation at chosen origins, as a user would have lived it: at each origin the whole model is
 * fitted on the history before it (all of it, or its last `historyH` hours: back-test, weights, interval
 * quantiles, the calendar regression) and forecasts the following hours, scored against what happened.
 */
import { DEFAULT_BACKTEST, memberForecasts, type BacktestOptions } from './backtest.js';
import { predictStored } from './calendar-member.js';
import { sliceCalendar, type HourCalendar } from './hour-calendar.js';
import { Scorecard } from './metrics.js';
import { fitForecastModel, forecastScales } from './model.js';

export interface OriginEvaluation {
  card: Scorecard;
  /** Origins that could not be evaluated, with the reason. */
  skipped: { t0: number; reason: string }[];
}

export function evaluateAtOrigins(values: Float64Array, calendar: HourCalendar, origins: readonly number[],
  options: Partial<BacktestOptions> & { historyH?: number | null; onOrigin?: (done: number, total: number) => void } = {}): OriginEvaluation {
  const o = { ...DEFAULT_BACKTEST, ...options };
  const card = new Scorecard();
  const skipped: OriginEvaluation['skipped'] = [];
  origins.forEach((t0, i) => {
    const from = o.historyH ? Math.max(0, t0 - o.historyH) : 0;
    const steps = Math.min(o.horizon, values.length - t0);
    if (t0 <= from || steps <= 0) {
      skipped.push({ t0, reason: t0 <= from ? 'no history before the origin' : 'no data after the origin' });
      return;
    }
    const history = values.subarray(from, t0);
    const cal = sliceCalendar(calendar, from, t0 + steps);
    const model = fitForecastModel(history, cal, { ...o, onProgress: undefined });
    if (!model) {
      skipped.push({ t0, reason: `too little history before the origin (${history.length} hours; the back-test needs ${o.minHistoryH} plus 4 origins)` });
      return;
    }
    const preds = memberForecasts(history, cal, history.length, steps, o.windowH, null);
    if (model.calendar) preds.calendar_ridge = predictStored(model.calendar, history, cal, steps);
    card.add({ index: i, t0, actual: values.subarray(t0, t0 + steps), preds,
      scale: forecastScales(model, history, steps, o.windowH) }, model.weights, model.quantiles);
    o.onOrigin?.(i + 1, origins.length);
  });
  return { card, skipped };
}
