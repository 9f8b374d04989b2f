/**
 * The worker modules bundled once per test run (esbuild, ~60 ms): each worker thread a test starts (the
 * service pool, the engine pool, the counter writer) then loads one file through its shim
 * (`BDDS_WORKER_BUNDLES`) instead of resolving and transforming every module through tsx, ~0.1-0.3 s a
 * thread. Packages stay external, so the bundles must sit inside the project (node_modules/.cache) for
 * Node to find them; `import.meta.url` is replaced by each module's own file URL, so files found
 * relative to a module (bundled data, the road graph) are found where they are.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const moduleUrls = {
  name: 'module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Bundles the three worker entries into a new folder under node_modules/.cache; returns its path. */
export async function bundleWorkers() {
  const cache = resolve('node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'bdds-workers-'));
  await build({
    entryPoints: { 'service-worker': 'services/worker/entry.ts', 'counter-writer': 'data/counter-writer/worker.ts', 'test-engine-tasks': 'test/engine/fixtures/tasks.ts', 'feed-ingest': 'services/feeds/ingest-thread.ts' },
    outdir, bundle: true, platform: 'node', format: 'esm', packages: 'external', target: 'node20',
    outExtension: { '.js': '.mjs' }, plugins: [moduleUrls], logLevel: 'warning',
  });
  return outdir;
}
