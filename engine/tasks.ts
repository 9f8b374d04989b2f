/**
 * The task table: the only module worker threads load. Each task takes one structured-clonable
 * argument and returns plain data. Workers receive `{ task, arg }` and dispatch here.
 */
import { threadId } from 'node:worker_threads';
import { computeCellQuantiles } from './cell-quantiles.js';
import { computeDayStats, type DayStatsInput } from './day-stats.js';
import { fitForecastModel, predict, type ForecastModel } from './forecast/model.js';
import type { CrossingSpec, RoadGraphData } from './routing/graph.js';
import { routingGraphFor } from './routing/graph-cache.js';
import { routeToCrossings, type MatrixOrigin } from './routing/matrix.js';

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
  /**
   * Routes in a worker, the road graph shipped with every task. Used only by `npm run bench:matrix` to
   * compare with the main thread (cloning the graph costs ten times the routing); the service routes on
   * the main thread.
   */
  travelMatrix: (arg: { key: string; road: RoadGraphData; crossings: CrossingSpec[]; origin: MatrixOrigin; targets: string[]; crossingType: number }) =>
    routeToCrossings(routingGraphFor(arg.key, arg.road, arg.crossings), arg.origin, arg.targets, arg.crossingType),
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
