// Runs every test file under test/ with node's test runner and tsx (Node 20's --test does not expand globs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const only = process.argv.slice(2);
const files = (only.length > 0 ? only : findTests('test')).sort();
// Store templates (directory + recorded series, and with models), built once and copied by the tests.
const templates = mkdtempSync(join(tmpdir(), 'bdds-templates-'));
const build = spawnSync(process.execPath, ['--import', 'tsx', 'test/helpers/build-store-templates.ts', templates], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, BDDS_LOG_LEVEL: process.env.BDDS_LOG_LEVEL ?? 'silent', BDDS_TEST_TEMPLATES: templates } },
);
rmSync(templates, { recursive: true, force: true });
process.exit(result.status ?? 1);
