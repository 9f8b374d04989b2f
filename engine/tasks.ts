/**
 * The task table: the only module worker threads load. Each task takes one structured-clonable
 * argument and returns plain data. Workers receive `{ task, arg }` and dispatch here.
 */
import { threadId } from 'node:worker_threads';
import { computeCellQuantiles } from './cell-quantiles.js';
import { computeDayStats, type DayStatsInput } from './day-stats.js';

export const tasks = {
  /** Liveness probe used at start-up: proves a worker thread loads the table. */
  ping: (_arg: null) => ({ threadId }),
  cellQuantiles: (arg: { cells: Int32Array; values: Float64Array; cellCount: number }) =>
    computeCellQuantiles(arg.cells, arg.values, arg.cellCount),
  dayStats: (arg: DayStatsInput) => computeDayStats(arg),
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
