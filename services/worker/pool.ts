/**
 * The service's worker pool: the engine's pool (sized, bounded, time-budgeted) running the service's
 * worker (entry.ts), which reads the store itself. From source (tests, tsx) through the shim; the
 * built service starts the compiled entry.
 */
import { fileURLToPath } from 'node:url';
import { createEnginePool, type EnginePool, type EnginePoolOptions } from '../../engine/pool.js';
import type { WorkerSettings } from './context.js';
import type { ServiceTasks } from './tasks.js';

/** The engine a service computes with: the worker pool, or (one call per process) the tasks on the calling thread (inline.ts). */
export type ServicePool = Pick<EnginePool<ServiceTasks>, 'run' | 'verify' | 'close' | 'closed' | 'threads' | 'maxQueue' | 'queueSize'
  | 'busyThreads' | 'completed' | 'busySeconds' | 'utilization'>;

/** The pool's sizing, queue and budget (its worker and what each thread is given are the service's). */
export type ServicePoolOptions = Omit<EnginePoolOptions, 'filename' | 'workerData'>;

export function createServicePool(settings: WorkerSettings, options: ServicePoolOptions = {}): ServicePool {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSource ? './shim.mjs' : './entry.js', import.meta.url));
  return createEnginePool<ServiceTasks>({ ...options, filename, workerData: settings });
}
