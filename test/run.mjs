// Runs the test files with node's test runner and tsx (Node 20's --test does not expand globs).
//
//   node test/run.mjs [--typecheck] [--system] [file ...]
//
// Two lanes: `npm test` runs every *.test.ts except the *.system.test.ts files (unit and in-process
// integration); `npm run test:system` runs those (a browser, Redis, kill -9, the fuzz sweep, processes
// of their own). Named files run as given.
//
// Module loading is most of a small test file's time (the service's modules through tsx, ~2 s), so the
// files are dealt into a few groups and each group is one process that imports its files in turn: the
// runner still runs two processes at a time, a failure still names its file, and a group that crashes
// fails the run. Node 22's --experimental-test-isolation=none does the same; Node 20 has no such option.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleWorkers } from './helpers/bundle-workers.mjs';

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const args = process.argv.slice(2);
const typecheck = args.includes('--typecheck');
const system = args.includes('--system');
const only = args.filter((a) => !a.startsWith('--'));
const isSystem = (f) => f.endsWith('.system.test.ts');
const files = (only.length > 0 ? only : findTests('test').filter((f) => isSystem(f) === system)).sort();
// Store templates (directory + recorded series, and with models), built once and copied by the tests; the
// worker modules bundled once (helpers/bundle-workers.mjs).
// The type check (npm test, not a single file run) goes side by side with the build: each takes a core.
const scratch = mkdtempSync(join(tmpdir(), 'bdds-run-'));
const templates = join(scratch, 'templates');
let workers = null;
// Whatever ends the run (a failed build, the tests, Ctrl-C), the templates, groups and bundles go with it.
process.on('exit', () => {
  rmSync(scratch, { recursive: true, force: true });
  if (workers) rmSync(workers, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));
const finished = (child) => new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
const typeCheck = typecheck
  ? finished(spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.test.json'], { stdio: 'inherit' }))
  : Promise.resolve(0);
const build = finished(spawn(process.execPath, ['--import', 'tsx', 'test/helpers/build-store-templates.ts', templates], { stdio: 'inherit' }));
const [typed, built] = await Promise.all([typeCheck, build, bundleWorkers().then((dir) => (workers = dir))]);
if (typed !== 0 || built !== 0) process.exit(typed || built);

/**
 * The files dealt into groups, largest first onto the lightest group (file size stands in for run time):
 * a few more groups than processes, so that a group that runs long does not hold up the end alone.
 */
function groups(list, count) {
  const out = Array.from({ length: Math.min(count, list.length) }, () => ({ bytes: 0, files: [] }));
  for (const file of [...list].sort((a, b) => statSync(b).size - statSync(a).size)) {
    const lightest = out.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    lightest.files.push(file);
    lightest.bytes += statSync(file).size;
  }
  return out.map((g) => g.files.sort());
}

const entries = only.length > 0 && files.length === 1 ? files : groups(files, system ? files.length : 6).map((group, i) => {
  const entry = join(scratch, `group-${i + 1}.mjs`);
  writeFileSync(entry, group.map((f) => `await import(${JSON.stringify(pathToFileURL(resolve(f)).href)});\n`).join(''));
  return entry;
});
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...entries],
  { stdio: 'inherit', env: { ...process.env, BDDS_LOG_LEVEL: process.env.BDDS_LOG_LEVEL ?? 'silent', BDDS_TEST_TEMPLATES: templates, BDDS_WORKER_BUNDLES: workers } },
);
process.exit(result.status ?? 1);
