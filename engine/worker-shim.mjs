// Node 20 cannot load a TypeScript worker through a loader (hooks do not reach worker threads),
// so in development and tests the pool starts this shim, which imports the task table through tsx.
// Built code starts the compiled dist/engine/tasks.js instead. (The service's own worker has its shim in api/worker/.)
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The test runner bundles the worker modules once per run (test/helpers/bundle-workers.mjs): a thread then
// loads one file instead of resolving and transforming each module through tsx (~0.2-0.5 s per thread).
const bundles = process.env.BDDS_WORKER_BUNDLES;
const tsImport = async (specifier, parent) => (await import('tsx/esm/api')).tsImport(specifier, parent);

const table = bundles ? await import(pathToFileURL(join(bundles, 'engine-tasks.mjs')).href) : await tsImport('./tasks.ts', import.meta.url);
export default table.default;
