/**
 * Where the store templates are: built by test/run.mjs before the suites (BDDS_TEST_TEMPLATES), or, when
 * a test file runs alone, built once by this process into a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

let built: string | null = null;

export type TemplateKind = 'base' | 'history' | 'models';

export function storeTemplate(kind: TemplateKind): string {
  let dir = process.env.BDDS_TEST_TEMPLATES ?? built;
  if (!dir || !existsSync(join(dir, `${kind}.sqlite`))) {
    dir = mkdtempSync(join(tmpdir(), 'bdds-templates-'));
    const script = fileURLToPath(new URL('./build-store-templates.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', script, dir], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error('building the test store templates failed');
    built = dir;
  }
  return join(dir, `${kind}.sqlite`);
}

/**
 * A store at `<dir>/bdds.sqlite` as first start leaves it (the bundled directory and places; `history`
 * adds the recorded series), copied from a template: seeding the places takes about a second.
 */
export function seededStore(dir: string, kind: TemplateKind = 'base'): string {
  const path = join(dir, 'bdds.sqlite');
  copyFileSync(storeTemplate(kind), path);
  return path;
}
