/**
 * The service's worker task table: the pooled products' tasks, each defined in its product's folder
 * (services/products/<product>/task.ts, beside the operation that sends it), and the liveness probe. Every
 * task carries ids and parameters (a checkpoint, a horizon, an origin, the instant to compute as of), never
 * series or graphs: the worker reads what it needs through its own read-only connection and keeps what is
 * expensive to build (the road graph) for its life.
 *
 * Why not from the registry itself (services/registry.ts): a worker would then load every product's module
 * (the assistant's language tools, the places, every schema) to run five tasks. Measured here, a process
 * importing the bundled registry and table took 0.53-0.76 s, the table alone 0.11-0.18 s. A product with
 * work for the pool exports its tasks from its folder and is listed here once.
 */
import { threadId } from 'node:worker_threads';
import { alternativesTasks } from '../products/alternatives/task.js';
import { dayStatsTasks } from '../products/day-stats/task.js';
import { forecastTasks } from '../products/forecast/task.js';
import { travelMatrixTasks } from '../products/travel-matrix/task.js';
import type { WorkerContext } from './context.js';

export const serviceTasks = {
  /** Liveness probe used at start-up: proves a worker thread loads the table and opens the store. */
  ping: (_arg: null, ctx: WorkerContext) => ({ threadId, checkpoints: ctx.directory.all().length }),
  ...dayStatsTasks,
  ...forecastTasks,
  ...travelMatrixTasks,
  ...alternativesTasks,
};

export type ServiceTasks = typeof serviceTasks;
export type ServiceTaskName = keyof ServiceTasks;
