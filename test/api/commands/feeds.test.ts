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
    assert.match(table, /\necherha +yes +300 s +failing .* HTTP 503\n/);
    assert.equal((await runCli(['feeds', 'run', 'frob'], env)).status, 2);
  });
});
