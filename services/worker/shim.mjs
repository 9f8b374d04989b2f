// In development and tests the pool starts this shim, which imports the worker entry from source
// (engine/worker/source.mjs); the built service starts dist/services/worker/entry.js instead.
import { importWorkerSource } from '../../engine/worker/source.mjs';

const entry = await importWorkerSource('service-worker.mjs', './entry.ts', import.meta.url);
export default entry.default;
