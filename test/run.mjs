// Runs every test file under test/ with node's test runner and tsx (Node 20's --test does not expand globs).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleWorkers } from './helpers/bundle-workers.mjs';

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const typecheck = process.argv.includes('--typecheck');
const only = process.argv.slice(2).filter((a) => a !== '--typecheck');
const files = (only.length > 0 ? only : findTests('test')).sort();
// Store templates (directory + recorded series, and with models), built once and copied by the tests; the
// worker modules bundled once (helpers/bundle-workers.mjs).
// The type check (npm test, not a single file run) goes side by side with the build: each takes a core.
const templates = mkdtempSync(join(tmpdir(), 'bdds-templates-'));
let workers = null;
// Whatever ends the run (a failed build, the tests, Ctrl-C), the templates and bundles go with it.
process.on('exit', () => {
  rmSync(templates, { recursive: true, force: true });
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
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, BDDS_LOG_LEVEL: process.env.BDDS_LOG_LEVEL ?? 'silent', BDDS_TEST_TEMPLATES: templates, BDDS_WORKER_BUNDLES: workers } },
);
process.exit(result.status ?? 1);
