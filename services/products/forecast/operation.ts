/** `forecast`: the next 24 or 168 hours of a checkpoint from its back-tested ensemble, with intervals. */
import { notFound } from '../../../models/errors.js';
import { ForecastAnswer, ForecastInput } from '../../../models/forecast.js';
import { checkpointOr404, liveVersion, nextHourMs, nowSeconds } from '../../live/checkpoint-live.js';
import { defineOperation } from '../../operation.js';
import { missingResult } from '../../jobs/missing-result.js';
import { FORECAST_HISTORY_DAYS } from './task.js';

/** What a back-tested forecast needs. */
const TOO_SHORT = 'too little history (at least 18 days of readings)';

export const forecast = defineOperation({
  name: 'forecast',
  slug: 'forecast',
  summary: 'Forecast of the queue with 50 % and 80 % intervals',
  description: 'Hourly steps from the current hour (`hours_from_now` 0), 24 or 168 of them. An ensemble of seasonal naive, ' +
    'the four-week seasonal mean, the typical-week median, the typical week corrected by the current deviation, Holt-Winters ' +
    '(weekly season), persistence (the latest reading held), damped persistence (relaxing towards the typical week), the seasonal delta (the latest reading moved as the same hours moved in the last three weeks), the local trend (the last day\'s slope, damped) and a calendar regression (ridge on hour x weekday, week of the year, both countries\' public holidays, ' +
    'the days around them and long weekends, and the recent level) fitted on all the history held; weighted per horizon by a ' +
    'rolling-origin back-test (the two best members, by inverse mean squared error; for booked truck queues, as eCherha\'s, the 25-168 h weights shrunk halfway to the plain mean of persistence, the seasonal delta, Holt-Winters and seasonal naive: `meta.model.long_range` and `meta.wait_model.long_range`, null elsewhere; a bucket\'s first hours, 7-8 and 25-30, are reached from the bucket before\'s weights and bands, so the path has no step); intervals are the empirical quantiles of back-test errors ' +
    '(split conformal per horizon bucket), each error scaled by how far the queue moved over the same stretch of the week in the last eight weeks, so that bands are narrow on hours that stay put and wide where the queue jumps (`meta.model.intervals`); never negative. `meta.model` publishes the weights and the measured accuracy over 1-24 h (`mae`, ' +
    '`rmse`; `baseline_mae`/`baseline_rmse` = seasonal naive, `baseline_mean4_mae`/`baseline_mean4_rmse` = four-week seasonal ' +
    'mean, `baseline_persistence_mae`/`baseline_persistence_rmse` = the latest reading held, on the same points) and interval coverage (`coverage_50`, `coverage_80`, `coverage_95`). The main series is the ' +
    'queue where the source counts vehicles, else the wait (`avg_cars` null); `wait_min` is forecast too where the source states waits. ' +
    'Every row carries `type_of_data: "forecast"` and `unit` (`vehicles`, or `minutes` where the bounds are wait minutes).',
  versions: [1],
  access: 'keyed',
  quotaClass: 'forecast_stats',
  credits: ['dpsu'],
  input: ForecastInput,
  output: ForecastAnswer,
  cacheTtlMs: 10 * 60_000,
  // Steps start at the current hour: an answer lives until the next one, or until new data or a new model.
  cacheUntilMs: (_input, deps) => nextHourMs(deps),
  dataVersion: (input, deps) => `${liveVersion(deps, input.ppid)}|${deps.versions.model(input.ppid)}`,
  errors: ['not_found'],
  selfCheck: (deps) => ({ ppid: [...deps.repos.forecastModels.ppids()][0] ?? deps.repos.directory.all()[0]?.ppid ?? 'id_0' }),
  // The whole computation (history, resampling, the model's path and intervals) runs in a worker from the
  // checkpoint's id and comes back serialised, rows complete; the event loop only checks the id and sends.
  async handler(input, deps) {
    checkpointOr404(deps, input.ppid);
    if (deps.versions.model(input.ppid) === '-') {
      throw missingResult(deps, input.ppid, 'forecast_main', 'forecast model', `${TOO_SHORT} for a back-tested forecast`, 'no_forecast_model');
    }
    const answer = await deps.engine.run('forecast', { ppid: input.ppid, steps: input.prediction_steps, nowS: nowSeconds(deps) });
    if (!answer) throw notFound(`${input.ppid} has ${TOO_SHORT} in the last ${FORECAST_HISTORY_DAYS} days for its forecast model.`, 'no_forecast_model');
    return answer;
  },
});
