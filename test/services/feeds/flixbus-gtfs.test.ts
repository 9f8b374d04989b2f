/**
 * The FlixBus GTFS feed against an upstream on a loopback port that answers with bytes (a zip): a poll
 * places the routes at the checkpoints they cross and replaces the shipped network, `bus-carriers` names
 * them with credit, a file import of the same zip stores the same rows, a 304 or an unchanged zip moves
 * nothing, and an answer that is not a whole GTFS zip is refused whole while the network held stays served.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { importBus } from '../../../api/commands/import-bus.js';
import { SERVE_USAGE } from '../../../api/commands/serve.js';
import { feedNamed } from '../../../data/feeds/catalog.js';
import { ingestTexts } from '../../../data/importers/ingest.js';
import { documentText } from '../../../data/importers/places/document-text.js';
import { busRoutePlacer } from '../../../services/bus/route-network.js';
import { createFeedRunner } from '../../../services/feeds/runner.js';
import { flixbusGtfsFiles, zipOf } from '../../fixtures/bus/flixbus-gtfs.js';
import { byteUpstream, type UpstreamAnswer } from '../../helpers/byte-upstream.js';
import { ingestInProcess } from '../../helpers/ingest-in-process.js';
import { bearer, buildTestApp, createTestDeps, makeKey, tempDir } from '../../helpers/deps.js';



const NOW = '2026-11-25T20:00:00.000Z';
const FILES = flixbusGtfsFiles();
const ZIP = zipOf(FILES);
const LVIV_KRAKOW_AT_KRAKOVETS = 'id_416';
const USTYLUH_ZOSIN = 'id_816';
const CHOP = 'id_1314';

/** `onThread`: the poll's ingestion on a thread of its own, as the service runs it; else in process. */
async function withFeed(t: TestContext, onThread = false) {
  const up = await byteUpstream(t, { 'content-type': 'application/zip' });
  const feeds = [{ name: 'flixbus-gtfs', urls: [`${up.url}/gtfs_generic_eu.zip`], intervalS: 86_400 }];
  const built = await buildTestApp(t, { replay: false, now: NOW, feeds });
  const runner = createFeedRunner(feeds, { db: built.db, feeds: built.deps.repos.feeds, versions: built.deps.versions, log: built.deps.log,
    now: built.deps.now, userAgent: 'bdds-test/1 (tests)', random: () => 0.5, ...(onThread ? {} : { ingest: ingestInProcess }) });
  t.after(() => runner.close());
  const { key } = makeKey(built.deps, { plan: 'payg', limits: { qps: 10_000 } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const carriers = async (ppid: string) => (await built.app.inject({ url: `/api/v1/data/bus-carriers?ppid=${ppid}`, headers: bearer(key) })).json() as any;
  const routesAt = async (ppid: string) => (await carriers(ppid)).data.carriers_serving.flatMap((c: { routes: string[] }) => c.routes);
  const busVersion = () => built.db.prepare("SELECT version FROM dataset_versions WHERE dataset = 'bus'").pluck().get() as number;
  return { ...built, up, runner, carriers, routesAt, busVersion };
}

const stored = (db: ReturnType<typeof createTestDeps>['db']) => ({
  routes: db.prepare('SELECT source, route_id, carrier, short_name, long_name FROM bus_routes ORDER BY source, route_id').all(),
  crossings: db.prepare('SELECT source, route_id, ppid, from_stop, to_stop FROM bus_route_crossings ORDER BY source, route_id, ppid').all(),
});

describe('FlixBus GTFS feed', () => {
  it('is in the catalog as the zip FlixBus publishes, daily, on its own thread, for bus-carriers, on by default', () => {
    const def = feedNamed('flixbus-gtfs')!;
    assert.deepEqual([def.env, def.format, def.dataset, def.source, def.urls, def.intervalS, def.offThread, def.products, def.byDefault],
      ['FLIXBUS_GTFS', 'gtfs', 'bus', 'flixbus-network', ['https://gtfs.gis.flix.tech/gtfs_generic_eu.zip'], 86_400, true, ['bus-carriers'], true]);
    assert.ok(def.maxBytes >= 64 * 1024 * 1024, 'room for the real zip (about 32.5 MB) to grow');
    assert.match(def.licence, /FlixMobility Tech GmbH, ODbL 1\.0/);
    assert.match(SERVE_USAGE, /^ {2}\* flixbus-gtfs +BDDS_FEED_FLIXBUS_GTFS_URL, BDDS_FEED_FLIXBUS_GTFS_INTERVAL_S \(every 86400 s\)$/m, 'serve --help lists it, polled by default');
  });

  it('polls the zip, places its routes at the checkpoints they cross, and replaces the shipped network; bus-carriers names them with credit', async (t) => {
    const f = await withFeed(t, true);
    assert.ok((await f.routesAt(USTYLUH_ZOSIN)).includes('Kyiv - Lutsk - Warsaw Modlin'), 'the shipped network before the poll');
    f.up.answer(() => ({ body: ZIP }));
    const report = await f.runner.runNow('flixbus-gtfs');
    assert.equal(report.outcome, 'ok', String(report.error));
    // Four routes read; three cross a checkpoint the directory holds (Paris - London does not).
    assert.deepEqual([report.rows, report.imported, report.duplicates, report.rejected], [4, 3, 0, 0]);
    assert.match(String(f.up.requests[0]!['user-agent']), /^bdds-test/);
    assert.deepEqual(await f.routesAt(USTYLUH_ZOSIN), ['Kyiv - Lutsk - Warsaw'], 'the polled network replaced the shipped one');
    assert.deepEqual(await f.routesAt(LVIV_KRAKOW_AT_KRAKOVETS), ['Lviv - Krakow - Wroclaw']);
    assert.deepEqual(await f.routesAt(CHOP), ['Lviv  - Uzhorod - Budapest']);
    const chop = await f.carriers(CHOP);
    assert.deepEqual(chop.data.carriers_serving, [{ carrier: 'FlixBus', routes: ['Lviv  - Uzhorod - Budapest'], return_routes: [], source: 'flixbus-network' }]);
    assert.match(chop.attribution, /FlixMobility Tech GmbH \(ODbL 1\.0\)/);
    const shown = (await f.app.inject('/api/v1/data/status')).json().data.feeds.find((x: { name: string }) => x.name === 'flixbus-gtfs');
    assert.deepEqual([shown.status, shown.rows, shown.rejected, shown.products], ['ok', 4, 0, ['bus-carriers']]);
  });

  it('stores from a poll exactly what a file import of the same GTFS stores', async (t) => {
    const f = await withFeed(t);
    f.up.answer(() => ({ body: ZIP }));
    assert.equal((await f.runner.runNow('flixbus-gtfs')).outcome, 'ok');
    // `bdds import gtfs <folder> --source flixbus-network`, on the zip's files unzipped.
    const folder = join(tempDir(t), 'gtfs_generic_eu');
    mkdirSync(folder);
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(folder, name), text);
    const byFolder = createTestDeps(t, { replay: false, now: NOW });
    const io = { env: {}, out: () => {}, err: () => {}, errIsTty: false };
    importBus(byFolder.db, 'gtfs', [folder], { source: 'flixbus-network', json: true }, io);
    // The import path the feed shares, on the zip as a file (the same parser and write path).
    const byZip = createTestDeps(t, { replay: false, now: NOW });
    ingestTexts(byZip.db, 'gtfs', [{ text: documentText(ZIP), file: 'gtfs_generic_eu.zip' }],
      { at: new Date(NOW), now: new Date(NOW), source: 'flixbus-network', placeRoutes: busRoutePlacer(byZip.db) });
    const polled = stored(f.db);
    assert.equal(polled.routes.length, 3);
    assert.equal(polled.crossings.length, 3);
    assert.deepEqual(stored(byFolder.db), polled);
    assert.deepEqual(stored(byZip.db), polled);
  });

  it('asks again with the validators of the last good answer: a 304, or the same zip again, moves nothing', async (t) => {
    const f = await withFeed(t);
    let honour = true;
    f.up.answer((h) => (honour && h['if-none-match'] === '"eu-1"' ? { status: 304, body: '' }
      : { body: ZIP, headers: { etag: '"eu-1"', 'last-modified': 'Wed, 25 Nov 2026 03:00:00 GMT' } }));
    assert.equal((await f.runner.runNow('flixbus-gtfs')).outcome, 'ok');
    const version = f.busVersion();
    const before = stored(f.db);
    const again = await f.runner.runNow('flixbus-gtfs');
    assert.equal(again.outcome, 'not-modified');
    assert.equal(f.up.requests[1]!['if-none-match'], '"eu-1"');
    assert.equal(f.up.requests[1]!['if-modified-since'], 'Wed, 25 Nov 2026 03:00:00 GMT');
    // An upstream that ignores the validators sends the same zip: read, found unchanged, nothing written.
    honour = false;
    const same = await f.runner.runNow('flixbus-gtfs');
    assert.deepEqual([same.outcome, same.imported, same.duplicates], ['ok', 0, 3]);
    assert.equal(f.busVersion(), version, 'no new bus data version: the answers cached stay');
    assert.deepEqual(stored(f.db), before);
  });

  it('refuses whole an answer that fails or is not a whole GTFS zip, and keeps serving the network held', async (t) => {
    const f = await withFeed(t);
    f.up.answer(() => ({ body: ZIP }));
    assert.equal((await f.runner.runNow('flixbus-gtfs')).outcome, 'ok');
    const held = stored(f.db);
    const version = f.busVersion();
    const { 'stop_times.txt': stopTimes, ...withoutStopTimes } = FILES;
    const cases: [UpstreamAnswer, RegExp][] = [
      [{ status: 500, body: 'Internal Server Error' }, /^HTTP 500$/],
      [{ body: ZIP, cutAfter: 1000 }, /cut short/],
      [{ body: ZIP.subarray(0, ZIP.length - 40) }, /no end of central directory record \(cut short\?\)/],
      [{ body: '' }, /the answer is empty, not a zip/],
      [{ body: '<html><body>Service temporarily unavailable</body></html>', headers: { 'content-type': 'text/html' } }, /not a zip/],
      [{ body: zipOf({ ...withoutStopTimes, 'stop_times_v2.txt': stopTimes! }) }, /the zip lacks stop_times\.txt/],
      [{ body: zipOf({ ...FILES, 'stops.txt': FILES['stops.txt']!.replace('stop_lon', 'stop_lng') }) }, /stops\.txt: header lacks stop_lon/],
      // Every trip renamed: no route is served, which would empty the network held.
      [{ body: zipOf({ ...FILES, 'trips.txt': FILES['trips.txt']!.replace(/^(\d+),weekly,/gm, 'X$1,weekly,') }) }, /^refused: /],
    ];
    for (const [answer, error] of cases) {
      f.up.answer(() => answer);
      const report = await f.runner.runNow('flixbus-gtfs');
      assert.equal(report.outcome, 'failed', `${error}: ${report.error}`);
      assert.match(report.error!, error);
    }
    assert.deepEqual(stored(f.db), held, 'nothing of a refused answer was stored');
    assert.equal(f.busVersion(), version);
    assert.deepEqual(await f.routesAt(CHOP), ['Lviv  - Uzhorod - Budapest'], 'the network held stays served');
    const shown = (await f.app.inject('/api/v1/data/status')).json().data.feeds.find((x: { name: string }) => x.name === 'flixbus-gtfs');
    assert.deepEqual([shown.status, shown.consecutive_failures, shown.rows], ['failing', cases.length, 4]);
  });
});
