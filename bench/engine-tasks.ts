/**
 * The offline tools' task table: pure engine tasks that take their data in the message (series as typed
 * arrays): `npm run bench:forecast` fits many external windows in parallel through the engine's pool
 * (bench/engine-tasks-shim.mjs). The service does not use it: its worker (services/worker/) runs whole
 * jobs from ids.
 */
import { threadId } from 'node:worker_threads';
import { computeCellQuantiles } from '../engine/cell-quantiles.js';
import { computeDayStats, type DayStatsInput } from '../engine/day-stats.js';
import { fitForecastModel, predict, type ForecastModel } from '../engine/forecast/model.js';
import { hourCalendar } from '../engine/forecast/hour-calendar.js';

/** Where a series' hours fall: its first instant, its zone and its holiday calendars (`PL`, `CA-BC`). */
export interface SeriesPlace { startS: number; timezone: string; calendars: string[] }

export const tasks = {
  /** Liveness probe used at start-up: proves a worker thread loads the table. */
  ping: (_arg: null) => ({ threadId }),
  cellQuantiles: (arg: { cells: Int32Array; values: Float64Array; cellCount: number }) =>
    computeCellQuantiles(arg.cells, arg.values, arg.cellCount),
  dayStats: (arg: DayStatsInput) => computeDayStats(arg),
  /** Rolling-origin back-test and fit of the ensemble (daily job). */
  fitForecast: (arg: { values: Float64Array; cells: Int32Array; place?: SeriesPlace }) =>
    fitForecastModel(arg.values, arg.place ? hourCalendar(arg.place.startS, arg.values.length, arg.place.timezone, arg.place.calendars) : arg.cells),
  /** The served forecast path of a fitted model; `cells` cover the history and the `steps` hours after it. */
  forecast: (arg: { values: Float64Array; cells: Int32Array; steps: number; model: ForecastModel; place?: SeriesPlace }) =>
    predict(arg.values, arg.place ? hourCalendar(arg.place.startS, arg.values.length + arg.steps, arg.place.timezone, arg.place.calendars) : arg.cells,
      arg.steps, arg.model),
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;

export interface TaskMessage {
  task: string;
  arg: unknown;
}

/** The worker entry point Piscina calls. */
export default function dispatch({ task, arg }: TaskMessage): unknown {
  if (!Object.hasOwn(tasks, task)) throw new Error(`unknown engine task: ${task}`);
  return (tasks[task as TaskName] as (a: unknown) => unknown)(arg);
}
