/**
 * What a worker does with a task: look it up in the service's task table and run it on the worker's own
 * read-only context, in one read transaction. The thread entry (entry.ts) and the in-process engine
 * (inline.ts) are both this.
 */
import { createWorkerContext, type WorkerSettings } from './context.js';
import { serviceTasks, type ServiceTaskName } from './tasks.js';

export function createDispatcher(settings: WorkerSettings) {
  const ctx = createWorkerContext(settings);
  /**
   * Each task runs in one read transaction: it sees one consistent state of the store however many reads it
   * makes, and SQLite opens and closes its read snapshot once instead of around every statement (measured
   * three times faster for a task's hundreds of small reads).
   */
  const inReadTransaction = ctx.db.transaction((run: () => unknown) => run());
  return {
    dispatch({ task, arg }: { task: string; arg: unknown }): unknown {
      if (!Object.hasOwn(serviceTasks, task)) throw new Error(`unknown service task: ${task}`);
      const run = serviceTasks[task as ServiceTaskName] as (a: unknown, c: typeof ctx) => unknown;
      return inReadTransaction(() => run(arg, ctx));
    },
    close: () => ctx.db.close(),
  };
}
