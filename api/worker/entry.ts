/**
 * The worker thread's entry: a composition root like the server entry. It opens the store read-only from
 * `workerData` once, then dispatches each `{ task, arg }` to the service's task table.
 */
import { workerData } from 'node:worker_threads';
import { createWorkerContext, type WorkerSettings } from './context.js';
import { serviceTasks, type ServiceTaskName } from './tasks.js';

const ctx = createWorkerContext(workerData as WorkerSettings);

export default function dispatch({ task, arg }: { task: string; arg: unknown }): unknown {
  if (!Object.hasOwn(serviceTasks, task)) throw new Error(`unknown service task: ${task}`);
  return (serviceTasks[task as ServiceTaskName] as (a: unknown, c: typeof ctx) => unknown)(arg, ctx);
}
