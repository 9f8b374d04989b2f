import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../helpers/deps.js';
import { seededStore } from '../helpers/store-templates.js';

/** The command line as a process of its own (test/api/cli.test.ts runs it in process). */
describe('bdds as a process', () => {
  // Spawned: the entry's own wiring, which the in-process tests above bypass. Run through a link, as the
  // npm bin link runs it: the command runs, its output reaches the real streams, its code is the exit code.
  it('runs as an installed program through a bin link and exits with the command\'s code', (t) => {
    const bin = join(tempDir(t), 'bdds');
    symlinkSync(resolve('api/cli.ts'), bin);
    const result = spawnSync(process.execPath, ['--import', 'tsx', bin, 'frobnicate'], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /^bdds: unknown command 'frobnicate'\n[\s\S]*Usage: bdds <command>/);
    assert.equal(result.stdout, '');
  });

  // Spawned: to a pipe, standard output is written asynchronously; an exit before it drained cut answers at 64 KB.
  it('writes a large answer whole to a pipe before it exits', (t) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'api/cli.ts', 'call', 'fuel-cities', '--country', 'IT'], {
      encoding: 'utf8', timeout: 60_000, maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, BDDS_DB: seededStore(tempDir(t)), BDDS_NOW: '2026-11-22T10:00:00Z', BDDS_INTERNAL_TOKEN: 'op-token-123456789012345678901234' },
    });
    assert.equal(result.status, 0, result.stderr);
    assert.ok(result.stdout.length > 4 * 65_536, `${result.stdout.length} bytes`);
    const body = JSON.parse(result.stdout);
    assert.equal(body.data.cities.length, body.data.count);
  });

  // Spawned: signal handling and the process's exit code.
  // A shutdown that hung would fail on the test's time-out; how long one takes is measured in bench/, not here.
  it('starts, logs its URL, and exits 0 on SIGTERM', { timeout: 60_000 }, async (t) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/cli.ts', 'serve'], {
      env: { ...process.env, BDDS_PORT: '0', BDDS_DB: seededStore(tempDir(t)), BDDS_LOG_LEVEL: 'info', BDDS_THREADS: '1', BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'off' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 20_000);
      child.stdout.on('data', () => {
        const m = /bdds listening on (http:\/\/[^"\s]+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
    });
    assert.equal((await fetch(`${url}/api/v1/data/status`)).status, 200);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
    assert.match(out, /bdds stopped/);
    assert.match(out, /Demo API key \(Explorer plan\), shown once:\s+bdds_[a-z2-7]{32}/, 'the first start prints a demo key');
    assert.equal(out.match(/bdds_[a-z2-7]{32}/g)!.length, 1, 'the key appears once in the output');
  });
});
