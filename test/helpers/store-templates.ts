/**
 * Where the store templates are: built by test/run.mjs beside the suites (BDDS_TEST_TEMPLATES; each file
 * appears when whole, base, history, then models, and a test that needs one waits for it), or, when a test
 * file runs without the runner, built once by this process into a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

let built: string | null = null;

export type TemplateKind = 'base' | 'history' | 'models';

/** How long a test waits for the runner's build of a template before it fails (a loaded machine). */
const WAIT_MS = 10 * 60_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Waits (blocking: the caller cannot go on without the store) until the runner's build has written `file`;
 * throws if the build failed (run.mjs writes `failed` beside the templates), is not running (run.mjs
 * removes `building` when it ends) or never writes it.
 */
function waitForRunnerBuild(dir: string, file: string): void {
  const until = Date.now() + WAIT_MS;
  while (!existsSync(file)) {
    const failed = join(dir, 'failed');
    if (existsSync(failed)) throw new Error(`building the test store templates failed: ${readFileSync(failed, 'utf8')}`);
    if (!existsSync(join(dir, 'building')) && !existsSync(file)) throw new Error(`no test store template at ${file}, and no build under way`);
    if (Date.now() > until) throw new Error(`the test store template ${file} was not built within ${WAIT_MS / 1000} s`);
    Atomics.wait(pause, 0, 0, 50);
  }
}

export function storeTemplate(kind: TemplateKind): string {
  const runner = process.env.BDDS_TEST_TEMPLATES;
  if (runner) {
    const file = join(runner, `${kind}.sqlite`);
    waitForRunnerBuild(runner, file);
    return file;
  }
  if (!built || !existsSync(join(built, `${kind}.sqlite`))) {
    const dir = mkdtempSync(join(tmpdir(), 'bdds-templates-'));
    const script = fileURLToPath(new URL('./build-store-templates.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', script, dir], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error('building the test store templates failed');
    built = dir;
  }
  return join(built, `${kind}.sqlite`);
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
