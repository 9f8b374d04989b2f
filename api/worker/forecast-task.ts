/**
 * Forecasts computed whole in a worker: the daily fit of a checkpoint's models (main series and, where the
 * source also states waits, the wait) and the served 24 or 168 hours with their intervals, each from the
 * checkpoint's id, reading its own history and stored model.
 */
import { weekCells } from '../../engine/hourly-history.js';
import { MEMBER_NAMES } from '../../engine/forecast/members.js';
import { fitForecastModel, predict, type BucketName, type ForecastPath } from '../../engine/forecast/model.js';
import type { StoredModel } from '../../data/forecast-models-repo.js';
import type { ForecastModel } from '../../models/engine-results.js';
import type { ForecastOutput } from '../../models/forecast.js';
import type { WorkerContext } from './context.js';
import { hourlyHistory } from './history.js';

export const FORECAST_HISTORY_DAYS = 60;

export interface FittedModel {
  unit: 'vehicles' | 'minutes';
  model: ForecastModel;
}

/** Back-tests and fits the checkpoint's models as of `nowS`; a series with too little history gets null. */
export function fitForecastTask(ctx: WorkerContext, { ppid, nowS }: { ppid: string; nowS: number }): { main: FittedModel | null; wait: FittedModel | null } {
  const main = hourlyHistory(ctx, ppid, FORECAST_HISTORY_DAYS, nowS, 'main');
  const fit = (h: typeof main) => {
    const model = h ? fitForecastModel(h.series, h.cells) : null;
    return h && model ? { unit: h.unit, model } : null;
  };
  // Where the main series counts vehicles and the source also states waits, the wait gets its own model.
  const wait = main && main.unit === 'vehicles' && main.hasWaits ? hourlyHistory(ctx, ppid, FORECAST_HISTORY_DAYS, nowS, 'wait') : null;
  return { main: fit(main), wait: fit(wait) };
}

/** The path of a stored model from the current hour, over its series' own history. */
export function forecastPath(ctx: WorkerContext, stored: StoredModel, steps: number, nowS: number): { path: ForecastPath; endS: number } | null {
  const history = hourlyHistory(ctx, stored.ppid, FORECAST_HISTORY_DAYS, nowS, stored.metric);
  if (!history) return null;
  const futureCells = weekCells(history.endS, steps, history.checkpoint.timezone);
  return { path: predict(history.series, history.cells, futureCells, stored.model), endS: history.endS };
}

const round1 = (v: number) => (Number.isNaN(v) ? null : Math.round(v * 10) / 10);

/** What a client needs to judge the model: weights and out-of-sample accuracy (24 h pooled, and per bucket). */
function describeModel(stored: StoredModel) {
  const m = stored.model.metrics;
  const pooled = (pick: (b: BucketName) => number | null, buckets: BucketName[]) => {
    let sum = 0;
    let n = 0;
    for (const b of buckets) {
      const v = pick(b);
      if (v !== null) { sum += v * m[b].points; n += m[b].points; }
    }
    return n ? Math.round((sum / n) * 1000) / 1000 : null;
  };
  const all: BucketName[] = ['h1_6', 'h7_24', 'h25_168'];
  return {
    name: 'ensemble',
    unit: stored.unit,
    members: MEMBER_NAMES,
    weights: stored.model.weights,
    mae: pooled((b) => m[b].mae.ensemble, ['h1_6', 'h7_24']),
    baseline_mae: pooled((b) => m[b].mae.seasonal_naive, ['h1_6', 'h7_24']),
    coverage_80: pooled((b) => m[b].coverage_80, all),
    coverage_50: pooled((b) => m[b].coverage_50, all),
    by_horizon: m,
    backtest: { origins: stored.model.origins, method: 'rolling origin, daily origins, 168 h horizon; fitted on alternate origins, measured on the others' },
    generated_at: stored.generated_at,
  };
}

/** The `forecast` product's answer for a checkpoint, or null when it has no stored model. */
export function forecastTask(ctx: WorkerContext, { ppid, steps, nowS }: { ppid: string; steps: number; nowS: number }) {
  const main = ctx.forecastModels.get(ppid, 'main');
  const mainPath = main ? forecastPath(ctx, main, steps, nowS) : null;
  if (!main || !mainPath) return null;
  const waitModel = main.unit === 'vehicles' ? ctx.forecastModels.get(ppid, 'wait') : null;
  const wait = waitModel ? forecastPath(ctx, waitModel, steps, nowS)?.path ?? null : null;
  const { path, endS } = mainPath;
  const vehicles = main.unit === 'vehicles';
  const data: ForecastOutput = Array.from({ length: steps }, (_, k) => ({
    time: endS + k * 3600,
    hours_from_now: k,
    avg_cars: vehicles ? round1(path.mean[k]!) : null,
    lower_bound: round1(path.lo80[k]!),
    upper_bound: round1(path.hi80[k]!),
    lower_bound_50: round1(path.lo50[k]!),
    upper_bound_50: round1(path.hi50[k]!),
    ...(vehicles ? (wait ? { wait_min: round1(wait.mean[k]!) } : {}) : { wait_min: round1(path.mean[k]!) }),
    source: 'ensemble',
  }));
  return { data, meta: { model: describeModel(main), ...(waitModel && wait ? { wait_model: describeModel(waitModel) } : {}) } };
}
