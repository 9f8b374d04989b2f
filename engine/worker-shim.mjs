// Node 20 cannot load a TypeScript worker through a loader (hooks do not reach worker threads),
// so in development and tests the pool starts this shim, which imports the task table through tsx.
// Built code starts the compiled dist/engine/tasks.js instead. (The service's own worker has its shim in api/worker/.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The test runner bundles the worker modules once per run (test/helpers/bundle-workers.mjs): a thread then
// loads one file instead of resolving and transforming each module through tsx (~0.1-0.3 s per thread).
// Without the variable, or without the file, the worker compiles its modules through tsx.
const bundled = (name) => {
  const file = process.env.BDDS_WORKER_BUNDLES ? join(process.env.BDDS_WORKER_BUNDLES, name) : null;
  return file && existsSync(file) ? pathToFileURL(file).href : null;
};
const bundle = bundled('engine-tasks.mjs');
const tsImport = async (specifier, parent) => (await import('tsx/esm/api')).tsImport(specifier, parent);

const table = bundle ? await import(bundle) : await tsImport('./tasks.ts', import.meta.url);
export default table.default;
