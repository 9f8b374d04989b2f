/**
 * The service's worker pool: the engine's pool (sized, bounded, time-budgeted) running the service's
 * worker (api/worker/), which reads the store itself. From source (tests, tsx) through the shim; the
 * built service starts the compiled entry.
 */
import { fileURLToPath } from 'node:url';
import { createEnginePool, type EnginePool, type EnginePoolOptions } from '../../engine/pool.js';
import type { WorkerSettings } from './context.js';
import type { ServiceTasks } from './tasks.js';

export type ServicePool = EnginePool<ServiceTasks>;

export function createServicePool(settings: WorkerSettings, options: Omit<EnginePoolOptions, 'filename' | 'workerData'> = {}): ServicePool {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSource ? './shim.mjs' : './entry.js', import.meta.url));
  return createEnginePool<ServiceTasks>({ ...options, filename, workerData: settings });
}
