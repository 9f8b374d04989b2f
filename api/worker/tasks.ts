/**
 * The service's worker task table. Every task carries ids and parameters (a checkpoint, a horizon, an
 * origin, the instant to compute as of), never series or graphs: the worker reads what it needs through
 * its own read-only connection and keeps what is expensive to build (the road graph) for its life.
 */
import { threadId } from 'node:worker_threads';
import type { WorkerContext } from './context.js';
import { dayStatsTask } from './day-stats-task.js';
import { fitForecastTask, forecastTask } from './forecast-task.js';
import { travelMatrixTask, type MatrixTaskArgs } from './matrix-task.js';
import { alternativesTask, type AlternativesTaskArgs } from './alternatives-task.js';

export const serviceTasks = {
  /** Liveness probe used at start-up: proves a worker thread loads the table and opens the store. */
  ping: (_arg: null, ctx: WorkerContext) => ({ threadId, checkpoints: ctx.directory.all().length }),
  dayStats: (arg: { ppid: string; nowS: number }, ctx: WorkerContext) => dayStatsTask(ctx, arg),
  fitForecast: (arg: { ppid: string; nowS: number }, ctx: WorkerContext) => fitForecastTask(ctx, arg),
  forecast: (arg: { ppid: string; steps: number; nowS: number }, ctx: WorkerContext) => forecastTask(ctx, arg),
  travelMatrix: (arg: MatrixTaskArgs, ctx: WorkerContext) => travelMatrixTask(ctx, arg),
  alternatives: (arg: AlternativesTaskArgs, ctx: WorkerContext) => alternativesTask(ctx, arg),
};

export type ServiceTasks = typeof serviceTasks;
export type ServiceTaskName = keyof ServiceTasks;
