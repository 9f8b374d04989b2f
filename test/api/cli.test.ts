import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CALL_KEY_HINT } from '../../api/commands/call.js';
import { JOB_NAMES } from '../../api/commands/jobs.js';
import { SERVE_USAGE } from '../../api/commands/serve.js';
import { ConfigError, ConfigSchema, loadConfig } from '../../api/config.js';
import { runCli as cli } from '../helpers/cli.js';
import { seededStore } from '../helpers/store-templates.js';
import { tempDir } from '../helpers/deps.js';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 8080);
    assert.equal(config.dbPath, './var/bdds.sqlite');
    assert.equal(config.internalToken, null);
    assert.equal(config.now, null);
  });
  it('polls every feed in production and none in the demo, unless BDDS_FEEDS says otherwise; each URL and interval overridable', () => {
    assert.deepEqual(loadConfig({}).feeds, [], 'the demo polls nothing');
    const production = loadConfig({ BDDS_DEMO_REPLAY: '0' }).feeds!;
    assert.deepEqual(production.map((f) => f.name), ['echerha', 'granica', 'dpsu', 'gddkia', 'mimit-stations', 'mimit-prices', 'ecb-rates', 'flixbus-gtfs'], 'the feeds polled by default');
    assert.deepEqual(loadConfig({ BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'on' }).feeds!.map((f) => f.name),
      ['echerha', 'granica', 'dpsu', 'gddkia', 'lt-roads', 'mimit-stations', 'mimit-prices', 'eu-oil-bulletin', 'ecb-rates', 'flixbus-gtfs'], 'on: every feed');
    assert.deepEqual(production[0]!.urls, ['https://back.echerha.gov.ua/api/v4/workload/1', 'https://back.echerha.gov.ua/api/v4/workload/2']);
    assert.deepEqual(loadConfig({ BDDS_DEMO_REPLAY: '0', BDDS_FEEDS: 'off' }).feeds, []);
    const one = loadConfig({ BDDS_FEEDS: 'gddkia', BDDS_FEED_GDDKIA_URL: 'http://127.0.0.1:9/a.xml, http://127.0.0.1:9/b.xml', BDDS_FEED_GDDKIA_INTERVAL_S: '120' }).feeds!;
    assert.deepEqual(one, [{ name: 'gddkia', urls: ['http://127.0.0.1:9/a.xml', 'http://127.0.0.1:9/b.xml'], intervalS: 120 }]);
    assert.throws(() => loadConfig({ BDDS_FEEDS: 'echerha,frob', BDDS_FEED_ECHERHA_URL: 'ftp://x', BDDS_FEED_ECHERHA_INTERVAL_S: '5' }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /BDDS_FEEDS=.*unknown: frob/);
      assert.match(err.message, /BDDS_FEED_ECHERHA_URL=.*must be one or more http\(s\) URLs/);
      assert.match(err.message, /BDDS_FEED_ECHERHA_INTERVAL_S=/);
      return true;
    });
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
  it('prints help for the program and for serve', async () => {
    const top = await cli(['--help']);
    assert.equal(top.status, 0);
    assert.match(top.stdout, /serve/);
    const serve = await cli(['serve', '--help']);
    assert.equal(serve.status, 0);
    assert.match(serve.stdout, /BDDS_PORT/);
  });

  it('lists every command, and every job under jobs', async () => {
    const help = (await cli(['--help'])).stdout;
    for (const name of ['serve', 'call', 'mcp', 'keys', 'backtest', 'jobs', 'import']) assert.match(help, new RegExp(`^  ${name} `, 'm'), name);
    const jobs = help.split('\n').find((line) => line.startsWith('  jobs '))!;
    for (const job of ['day-stats', 'forecast', 'status']) assert.ok(jobs.includes(job), `${job} in: ${jobs}`);
    const usage = (await cli(['jobs', '--help'])).stdout;
    for (const job of JOB_NAMES) assert.match(usage, new RegExp(`^  ${job} `, 'm'), job);
  });

  it('lists every configuration variable in serve --help', async () => {
    const usage = (await cli(['serve', '--help'])).stdout;
    assert.equal(usage, `${SERVE_USAGE}\n`);
    // From the schema itself: a variable added to the configuration cannot be left out of the help.
    // (The per-feed variables are listed in the feeds' table, a feed a line.)
    for (const name of Object.keys(ConfigSchema.shape)) {
      assert.match(SERVE_USAGE, name.startsWith('BDDS_FEED_') ? new RegExp(`^  [* ] [a-z-]+ +.*\\b${name}\\b`, 'm') : new RegExp(`^  ${name} `, 'm'), name);
    }
  });

  it('names an unknown job and the known ones, exit 2', async () => {
    const out = await cli(['jobs', 'run', 'frob']);
    assert.equal(out.status, 2);
    assert.match(out.stderr, /unknown job 'frob'; jobs: day-stats, forecast, status\n/);
  });

  it('exits 2 with a clear message on bad configuration', async () => {
    const result = await cli(['serve'], { BDDS_PORT: '99999' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /BDDS_PORT/);
  });

  it('bdds call: a missing value is named without taking the next option as it, and an API key is never echoed', async () => {
    const key = 'bdds_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const missing = await cli(['call', 'queue', '--ppid', '--key', key]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /--ppid needs a value/);
    const stray = await cli(['call', 'queue', key]);
    assert.equal(stray.status, 2);
    assert.match(stray.stderr, /expected --<parameter> <value>, got 'bdds_…'/);
    for (const out of [missing, stray]) assert.ok(!`${out.stdout}${out.stderr}`.includes(key.slice(5)), 'the key is not printed');
  });

  it('bdds call without a key says how to give one on the command line, beside the envelope', async (t) => {
    const out = await cli(['call', 'queue', '--ppid', 'id_119'], { BDDS_DB: seededStore(tempDir(t)), BDDS_API_KEY: '' });
    assert.equal(out.status, 1);
    assert.equal(JSON.parse(out.stdout).error.code, 'missing_api_key', 'the envelope as every transport answers it');
    assert.equal(out.stderr, CALL_KEY_HINT);
    assert.match(out.stderr, /--key <key> or in BDDS_API_KEY/);
  });

  it('bdds call names each product once: products that share a path by their names', async () => {
    const usage = (await cli(['call', '--help'])).stdout;
    const products = usage.split('\n').find((line) => line.startsWith('Products: '))!.slice('Products: '.length).split(', ');
    assert.equal(new Set(products).size, products.length, products.join(', '));
    for (const name of ['createAlert', 'listAlerts', 'deleteAlert', 'queue', 'day-stats']) assert.ok(products.includes(name), name);
    const ambiguous = await cli(['call', 'alerts']);
    assert.equal(ambiguous.status, 2);
    assert.match(ambiguous.stderr, /'alerts' is the path of createAlert, listAlerts, deleteAlert: name one of them; products: .*createAlert, listAlerts, deleteAlert/);
  });

  it('bdds call names an unknown product as unknown, with the products (exit 2)', async () => {
    const out = await cli(['call', 'nosuch']);
    assert.equal(out.status, 2);
    assert.match(out.stderr, /^bdds call: unknown product 'nosuch'; products: status, checkpoints, .*queue/);
    const none = await cli(['call']);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /^bdds call: name a product: status, checkpoints/);
  });

  it('exits 2 on an unknown command', async () => {
    assert.equal((await cli(['frobnicate'])).status, 2);
  });
});

describe('the package', () => {
  it('installs the bdds program: the bin is the built entry, with its shebang, made executable by the build', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string>; scripts: Record<string, string> };
    assert.equal(pkg.bin.bdds, 'dist/api/cli.js');
    assert.match(readFileSync('api/cli.ts', 'utf8'), /^#!\/usr\/bin\/env node\n/, 'tsc keeps the shebang');
    // tsc writes files without the executable bit, which the npm bin link and npx need.
    assert.match(pkg.scripts.build!, /^tsc -p tsconfig\.json && .*chmodSync\('dist\/api\/cli\.js', 0o755\)/);
    assert.equal(pkg.scripts.prepare, 'npm run build');
  });

  it('carries the licence package.json names', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { license: string };
    assert.equal(pkg.license, 'MIT');
    const text = readFileSync('LICENSE', 'utf8');
    assert.match(text, /^MIT License\n\nCopyright \(c\) 2026 The Border and Driver Data Service contributors\n/);
    assert.match(text, /THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND/);
  });
});
