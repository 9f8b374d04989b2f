// In development and tests the writer starts this shim, which imports the worker from source
// (engine/worker/source.mjs); the built service starts dist/data/counter-writer/worker.js instead.
import { importWorkerSource } from '../../engine/worker/source.mjs';

await importWorkerSource('counter-writer.mjs', '../../data/counter-writer/worker.ts', import.meta.url);
