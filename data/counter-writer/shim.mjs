// Node 20 cannot load a TypeScript worker through a loader (hooks do not reach worker threads), so in
// development and tests the writer starts this shim, which imports the worker through tsx. The built
// service starts dist/data/counter-writer/worker.js instead.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The test runner bundles the worker modules once per run (test/helpers/bundle-workers.mjs): a thread then
// loads one file instead of resolving and transforming each module through tsx (~0.2-0.5 s per thread).
const bundles = process.env.BDDS_WORKER_BUNDLES;
const tsImport = async (specifier, parent) => (await import('tsx/esm/api')).tsImport(specifier, parent);

if (bundles) await import(pathToFileURL(join(bundles, 'counter-writer.mjs')).href);
else await tsImport('./worker.ts', import.meta.url);
