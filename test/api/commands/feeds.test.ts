import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/deps.js';
import { startFeedServer } from '../../helpers/feed-server.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { seededStore } from '../../helpers/store-templates.js';

describe('bdds feeds', () => {
  it('polls a feed now and says what it did, exit 1 when it failed; lists every feed and how it stands', async (t) => {
    const upstream = await startFeedServer(t);
    const env = { BDDS_DB: seededStore(tempDir(t)), BDDS_DEMO_REPLAY: '0', BDDS_NOW: '2026-11-25T20:00:00Z', BDDS_FEED_ECHERHA_URL: `${upstream.url}/w/1` };
    upstream.reply({ kind: 'body', body: readFileSync(fixturePath('pl-ua/echerha-workload-trucks.json'), 'utf8') });
    const ok = await runCli(['feeds', 'run', 'echerha'], env);
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /^echerha: ok; rows 43, added or changed \d+, already held 0, rejected 0; \d+ ms\n$/);

    upstream.reply({ kind: 'body', status: 503, body: '' });
    const failed = await runCli(['feeds', 'run', 'echerha', '--json'], env);
    assert.equal(failed.status, 1);
    assert.deepEqual([JSON.parse(failed.stdout).outcome, JSON.parse(failed.stdout).error], ['failed', 'HTTP 503']);

    const list = JSON.parse((await runCli(['feeds', 'list', '--json'], env)).stdout) as { name: string; polled: boolean; status: string; failures: number; urls: string[] }[];
    assert.deepEqual(list.map((f) => [f.name, f.polled, f.status]), [['echerha', true, 'failing'], ['granica', true, 'pending'], ['dpsu', true, 'pending'],
      ['gddkia', true, 'pending'], ['lt-roads', false, 'pending'], ['mimit-stations', true, 'pending'], ['mimit-prices', true, 'pending'],
      ['eu-oil-bulletin', false, 'pending'], ['ecb-rates', true, 'pending'], ['flixbus-gtfs', true, 'pending']]);
    assert.deepEqual(list[0]!.urls, [`${upstream.url}/w/1`]);
    const table = (await runCli(['feeds', 'list'], env)).stdout;
    assert.match(table, /^feed +polled +every +status/);
    assert.match(table, /^feed .* last error +urls\n/);
    assert.match(table, /\necherha +yes +300 s +failing .* HTTP 503 +http:\/\/127\.0\.0\.1:\d+\/w\/1\n/, 'with its URL');
    const unknown = await runCli(['feeds', 'run', 'frob'], env);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /no feed 'frob'; name a feed: .*echerha/, 'says the name given is not a feed');
  });

  it('polls and lists a feed at its BDDS_FEED_<NAME>_URL and _INTERVAL_S also when BDDS_FEEDS does not select it', async (t) => {
    // The demo (BDDS_DEMO_REPLAY unset) polls no feed: ecb-rates is not selected.
    const env = { BDDS_DB: seededStore(tempDir(t)), BDDS_NOW: '2026-11-25T20:00:00Z', BDDS_FEED_ECB_RATES_URL: 'http://127.0.0.1:9/x', BDDS_FEED_ECB_RATES_INTERVAL_S: '600' };
    const run = await runCli(['feeds', 'run', 'ecb-rates', '--json'], env);
    assert.equal(run.status, 1, run.stderr);
    const report = JSON.parse(run.stdout) as { outcome: string; error: string };
    assert.equal(report.outcome, 'failed');
    assert.match(report.error, /127\.0\.0\.1:9/, 'the address configured was polled');
    assert.doesNotMatch(report.error, /ecb\.europa\.eu/);
    const list = JSON.parse((await runCli(['feeds', 'list', '--json'], env)).stdout) as { name: string; polled: boolean; interval_s: number; urls: string[]; status: string }[];
    const ecb = list.find((f) => f.name === 'ecb-rates')!;
    assert.deepEqual([ecb.polled, ecb.interval_s, ecb.urls, ecb.status], [false, 600, ['http://127.0.0.1:9/x'], 'failing']);
  });
});
