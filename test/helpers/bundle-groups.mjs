/**
 * Each test group bundled into one file (esbuild, with the test files and the service's modules it
 * imports): a group's process then loads one module instead of resolving and transforming some six hundred
 * through tsx's hooks (on Node 20 they answer from a thread of their own, a round trip per module). The
 * bundles sit inside the project (node_modules/.cache), as the worker bundles do, so packages (left
 * external) resolve; `import.meta.url` is each module's own file URL, so files found relative to a module
 * are found where they are. Source maps are kept beside each bundle for stack traces.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { moduleUrls } from './bundle-workers.mjs';

/** Bundles each group entry (a module that imports its test files in turn); returns the bundles' paths, in order. */
export async function bundleGroups(entries) {
  const cache = resolve('node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'bdds-tests-'));
  await build({
    entryPoints: entries, outdir, bundle: true, platform: 'node', format: 'esm', packages: 'external', target: 'node20',
    outExtension: { '.js': '.mjs' }, plugins: [moduleUrls], logLevel: 'warning', sourcemap: 'linked',
  });
  return { dir: outdir, files: entries.map((e) => join(outdir, basename(e))) };
}
