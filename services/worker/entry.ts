/**
 * The worker thread's entry: a composition root like the server entry. It opens the store read-only from
 * `workerData` once, then dispatches each `{ task, arg }` to the service's task table (dispatch.ts).
 */
import { workerData } from 'node:worker_threads';
import type { WorkerSettings } from './context.js';
import { createDispatcher } from './dispatch.js';
import { lowerThreadPriority } from './thread-priority.js';

// Below the event loop's priority: a computation yields the cores to cheap requests (thread-priority.ts).
lowerThreadPriority();

const { dispatch } = createDispatcher(workerData as WorkerSettings);

export default dispatch;
