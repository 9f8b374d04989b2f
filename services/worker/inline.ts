/**
 * The service's tasks run on the calling thread, for a process that answers one call and stops (`bdds
 * call`): starting a worker thread (its modules, its connection, its routing graph) would cost that call
 * several times the task itself (a forecast: ~0.8 s against ~0.05 s here). Same tasks, same read-only
 * connection and read transaction as a worker's (dispatch.ts), opened on the first task; the same
 * contract for failures (503 engine_failure, whatever the task threw, as the pool has it). A server never uses
 * it (it would run on the event loop); the tests do, for every app that does not ask for the pool
 * (test/helpers/deps.ts), so each argument and answer is copied as a thread's message is.
 */
import { ServiceError, unavailable } from '../../models/errors.js';
import type { WorkerSettings } from './context.js';
import { createDispatcher } from './dispatch.js';
import type { ServicePool } from './pool.js';
import type { ServiceTasks } from './tasks.js';

export function createInlineEngine(settings: WorkerSettings): ServicePool {
  let dispatcher: ReturnType<typeof createDispatcher> | null = null;
  let closed = false;
  let completed = 0;
  return {
    async run<K extends keyof ServiceTasks & string>(task: K, arg: Parameters<ServiceTasks[K]>[0]): Promise<Awaited<ReturnType<ServiceTasks[K]>>> {
      if (closed) throw unavailable('The compute engine is shutting down.', 5, 'engine_closed');
      try {
        dispatcher ??= createDispatcher(settings);
        // Copied both ways, as a thread's messages are: a task that kept or returned what a thread cannot send
        // (a function, a class's methods) fails here as it would on the pool.
        const result = structuredClone(dispatcher.dispatch({ task, arg: structuredClone(arg) })) as Awaited<ReturnType<ServiceTasks[K]>>;
        completed++;
        return result;
      } catch (err) {
        throw new ServiceError('service_unavailable', 'The compute engine failed on this request.',
          { retryAfterS: 2, reason: 'engine_failure', cause: { task, error: err } });
      }
    },
    threads: 0,
    maxQueue: 0,
    queueSize: 0,
    busyThreads: 0,
    get completed() {
      return completed;
    },
    busySeconds: 0,
    utilization: 0,
    async verify() {
      dispatcher ??= createDispatcher(settings);
    },
    async close() {
      closed = true;
      dispatcher?.close();
      dispatcher = null;
    },
    get closed() {
      return closed;
    },
  };
}
