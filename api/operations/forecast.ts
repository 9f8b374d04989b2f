/** `forecast`: the next 24 or 168 hours of a checkpoint from its back-tested ensemble, with intervals. */
import { weekCells } from '../../engine/hourly-history.js';
import type { BucketName, ForecastPath } from '../../engine/forecast/model.js';
import { MEMBER_NAMES } from '../../engine/forecast/members.js';
import { notFound } from '../../models/errors.js';
import { ForecastInput, ForecastOutput } from '../../models/forecast.js';
import type { Deps } from '../deps.js';
import { FORECAST_HISTORY_DAYS } from '../jobs/forecast-job.js';
import { hourlyHistory } from '../jobs/day-stats-job.js';
import { checkpointOr404, liveVersion, nextHourMs, nowSeconds } from '../live/checkpoint-live.js';
import { defineOperation } from '../operation.js';
import type { StoredModel } from '../../data/forecast-models-repo.js';

const round1 = (v: number) => (Number.isNaN(v) ? null : Math.round(v * 10) / 10);

async function pathOf(deps: Deps, stored: StoredModel, steps: number, nowS: number) {
  const history = hourlyHistory(deps, stored.ppid, FORECAST_HISTORY_DAYS, nowS, stored.metric)!;
  const futureCells = weekCells(history.endS, steps, history.checkpoint.timezone);
  const path: ForecastPath = await deps.engine.run('forecast', { values: history.series, cells: history.cells, futureCells, model: stored.model });
  return { path, endS: history.endS };
}

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

export const forecast = defineOperation({
  name: 'forecast',
  slug: 'forecast',
  summary: 'Forecast of the queue with 50 % and 80 % intervals',
  description: 'Hourly steps from the current hour (`hours_from_now` 0), 24 or 168 of them. An ensemble of seasonal naive, ' +
    'the typical-week median, the typical week corrected by the current deviation, and Holt-Winters (weekly season), ' +
    'weighted per horizon by a rolling-origin back-test; intervals are the empirical quantiles of back-test errors ' +
    '(split conformal), never negative. `meta.model` publishes the weights and the measured accuracy (`mae` and ' +
    '`baseline_mae` = seasonal naive, over 1-24 h; `coverage_80`, `coverage_50`). The main series is the queue where the ' +
    'source counts vehicles, else the wait (`avg_cars` null); `wait_min` is forecast too where the source states waits.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'forecast_stats',
  credits: ['dpsu'],
  input: ForecastInput,
  output: ForecastOutput,
  cacheTtlMs: 10 * 60_000,
  // Steps start at the current hour: an answer lives until the next one, or until new data or a new model.
  cacheUntilMs: (_input, deps) => nextHourMs(deps),
  dataVersion: (input, deps) => `${liveVersion(deps, input.ppid)}|${deps.versions.model(input.ppid)}`,
  errors: ['not_found'],
  selfCheck: (deps) => ({ ppid: [...deps.repos.forecastModels.ppids()][0] ?? deps.repos.directory.all()[0]?.ppid ?? 'id_0' }),
  async handler(input, deps) {
    checkpointOr404(deps, input.ppid);
    const main = deps.repos.forecastModels.get(input.ppid, 'main');
    if (!main) throw notFound(`${input.ppid} has too little history for a back-tested forecast (at least 18 days of readings).`, 'no_forecast_model');
    const nowS = nowSeconds(deps);
    const steps = input.prediction_steps;
    const { path, endS } = await pathOf(deps, main, steps, nowS);
    const waitModel = main.unit === 'vehicles' ? deps.repos.forecastModels.get(input.ppid, 'wait') : null;
    const wait = waitModel ? (await pathOf(deps, waitModel, steps, nowS)).path : null;
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
    return { data, meta: { model: describeModel(main), ...(waitModel ? { wait_model: describeModel(waitModel) } : {}) } };
  },
});
