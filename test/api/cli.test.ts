import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../api/config.js';
import { tempDir } from '../helpers/deps.js';

const cli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'api/cli.ts', ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 });

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 8080);
    assert.equal(config.dbPath, './var/bdds.sqlite');
    assert.equal(config.internalToken, null);
    assert.equal(config.now, null);
  });
  it('names every bad variable', () => {
    assert.throws(() => loadConfig({ BDDS_PORT: '80x', BDDS_NOW: 'yesterday', BDDS_LOG_LEVEL: 'loud' }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      for (const name of ['BDDS_PORT', 'BDDS_NOW', 'BDDS_LOG_LEVEL']) assert.match(err.message, new RegExp(name));
      return true;
    });
  });
});

describe('bdds command line', () => {
  it('prints help for the program and for serve', () => {
    const top = cli(['--help']);
    assert.equal(top.status, 0);
    assert.match(top.stdout, /serve/);
    const serve = cli(['serve', '--help']);
    assert.equal(serve.status, 0);
    assert.match(serve.stdout, /BDDS_PORT/);
  });

  it('exits 2 with a clear message on bad configuration', () => {
    const result = cli(['serve'], { BDDS_PORT: '99999' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /BDDS_PORT/);
  });

  it('exits 2 on an unknown command', () => {
    assert.equal(cli(['frobnicate']).status, 2);
  });

  it('starts, logs its URL, and exits 0 on SIGTERM within the deadline', async (t) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/cli.ts', 'serve'], {
      env: { ...process.env, BDDS_PORT: '0', BDDS_DB: join(tempDir(t), 'x.sqlite'), BDDS_LOG_LEVEL: 'info', BDDS_THREADS: '1' },
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
    const started = Date.now();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
    assert.ok(Date.now() - started < 10_000);
    assert.match(out, /bdds stopped/);
    assert.match(out, /Demo API key \(Explorer plan\), shown once:\s+bdds_[a-z2-7]{32}/, 'the first start prints a demo key');
  });
});
