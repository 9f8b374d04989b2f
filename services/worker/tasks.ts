/**
 * The service's worker task table. Every task carries ids and parameters (a checkpoint, a horizon, an
 * origin, the instant to compute as of), never series or graphs: the worker reads what it needs through
 * its own read-only connection and keeps what is expensive to build (the road graph) for its life.
 */
import { threadId } from 'node:worker_threads';
import type { WorkerContext } from './context.js';
import { dayStatsTask } from '../products/day-stats/task.js';
import { fitForecastTask, forecastTask } from '../products/forecast/task.js';
import { travelMatrixTask, type MatrixTaskArgs } from '../products/travel-matrix/task.js';
import { alternativesTask, type AlternativesTaskArgs } from '../products/alternatives/task.js';

/**
 * A product's answer with its `data` serialised here: the event loop then receives one string (a copy)
 * instead of cloning an object graph, and splices it into the envelope as it is.
 */
function serialised<T extends { data: unknown; meta: Record<string, unknown> }>(answer: T): { dataJson: string; meta: T['meta'] } {
  return { dataJson: JSON.stringify(answer.data), meta: answer.meta };
}

export const serviceTasks = {
  /** Liveness probe used at start-up: proves a worker thread loads the table and opens the store. */
  ping: (_arg: null, ctx: WorkerContext) => ({ threadId, checkpoints: ctx.directory.all().length }),
  dayStats: (arg: { ppid: string; nowS: number }, ctx: WorkerContext) => dayStatsTask(ctx, arg),
  fitForecast: (arg: { ppid: string; nowS: number }, ctx: WorkerContext) => fitForecastTask(ctx, arg),
  forecast: (arg: { ppid: string; steps: number; nowS: number }, ctx: WorkerContext) => {
    const answer = forecastTask(ctx, arg);
    return answer && serialised(answer);
  },
  travelMatrix: (arg: MatrixTaskArgs, ctx: WorkerContext) => serialised(travelMatrixTask(ctx, arg)),
  alternatives: (arg: AlternativesTaskArgs, ctx: WorkerContext) => serialised(alternativesTask(ctx, arg)),
};

export type ServiceTasks = typeof serviceTasks;
export type ServiceTaskName = keyof ServiceTasks;
