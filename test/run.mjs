// Runs every test file under test/ with node's test runner and tsx (Node 20's --test does not expand globs).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
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
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, BDDS_LOG_LEVEL: process.env.BDDS_LOG_LEVEL ?? 'silent' } },
);
process.exit(result.status ?? 1);
