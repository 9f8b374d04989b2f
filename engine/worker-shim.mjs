// In development and tests the pool starts this shim, which imports the task table from source
// (models/worker-source.mjs); built code starts the compiled dist/engine/tasks.js instead. (The service's
// own worker has its shim in api/worker/.)
import { importWorkerSource } from '../models/worker-source.mjs';

const table = await importWorkerSource('engine-tasks.mjs', './tasks.ts', import.meta.url);
export default table.default;
