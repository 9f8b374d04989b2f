// How a worker thread started from source loads its TypeScript module (the shims beside each worker:
// services/worker/shim.mjs, services/counter-writer/shim.mjs, bench/engine-tasks-shim.mjs). Node 20 cannot load a
// TypeScript worker through a loader (tsx's hooks do not reach worker threads), so the module is imported
// through tsx's API. The test runner bundles the worker modules once per run (test/helpers/bundle-workers.mjs)
// and names their folder in BDDS_WORKER_BUNDLES: a thread then loads one file instead of resolving and
// transforming every module (~0.1-0.3 s a thread). Without the variable, or without the file, tsx it is.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Imports the worker module `source` (relative to `parentUrl`), or its bundle `bundleName` when the test runner made one. */
export async function importWorkerSource(bundleName, source, parentUrl) {
  const dir = process.env.BDDS_WORKER_BUNDLES;
  const bundle = dir ? join(dir, bundleName) : null;
  if (bundle && existsSync(bundle)) return import(pathToFileURL(bundle).href);
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(source, parentUrl);
}
