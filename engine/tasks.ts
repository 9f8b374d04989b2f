/**
 * The engine's own task table: pure tasks that take their data in the message (series as typed arrays).
 * It serves the offline tools (`npm run bench:forecast` fits many external windows in parallel) and the
 * pool's tests. The service does not use it: its worker (api/worker/) runs whole jobs from ids.
 */
import { threadId } from 'node:worker_threads';
import { computeCellQuantiles } from './cell-quantiles.js';
import { computeDayStats, type DayStatsInput } from './day-stats.js';
import { fitForecastModel, predict, type ForecastModel } from './forecast/model.js';

export const tasks = {
  /** Liveness probe used at start-up: proves a worker thread loads the table. */
  ping: (_arg: null) => ({ threadId }),
  cellQuantiles: (arg: { cells: Int32Array; values: Float64Array; cellCount: number }) =>
    computeCellQuantiles(arg.cells, arg.values, arg.cellCount),
  dayStats: (arg: DayStatsInput) => computeDayStats(arg),
  /** Rolling-origin back-test and fit of the ensemble (daily job). */
  fitForecast: (arg: { values: Float64Array; cells: Int32Array }) => fitForecastModel(arg.values, arg.cells),
  /** The served forecast path of a fitted model. */
  forecast: (arg: { values: Float64Array; cells: Int32Array; futureCells: Int32Array; model: ForecastModel }) =>
    predict(arg.values, arg.cells, arg.futureCells, arg.model),
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
