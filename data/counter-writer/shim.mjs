// In development and tests the writer starts this shim, which imports the worker from source
// (models/worker-source.mjs); the built service starts dist/data/counter-writer/worker.js instead.
import { importWorkerSource } from '../../models/worker-source.mjs';

await importWorkerSource('counter-writer.mjs', './worker.ts', import.meta.url);
