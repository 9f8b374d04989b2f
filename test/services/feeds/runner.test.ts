import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it, type TestContext } from 'node:test';
import { ingestTexts } from '../../../data/importers/ingest.js';
import { createFeedRunner, FIRST_RETRY_S, nextDelayMs } from '../../../services/feeds/runner.js';
import { runStatusChecks } from '../../../services/jobs/status-check.js';
import { operations } from '../../../services/registry.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { bearer, buildTestApp, createTestDeps, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';
import { startFeedServer } from '../../helpers/feed-server.js';

const TRUCKS = readFileSync(fixturePath('pl-ua/echerha-workload-trucks.json'), 'utf8');
const NOW = '2026-11-25T20:00:00.000Z';

/** A production-like service (no replay, no sample) with the eCherha feed pointed at a local upstream. */
async function withFeed(t: TestContext, options: { timeoutS?: number } = {}) {
  const upstream = await startFeedServer(t);
  const feeds = [{ name: 'echerha', urls: [`${upstream.url}/api/v4/workload/1`], intervalS: 300, ...(options.timeoutS ? { timeoutS: options.timeoutS } : {}) }];
  const built = await buildTestApp(t, { replay: false, now: NOW, feeds });
  const runner = createFeedRunner(feeds, {
    db: built.db, feeds: built.deps.repos.feeds, versions: built.deps.versions, log: built.deps.log, now: built.deps.now,
    userAgent: 'bdds-test/1 (tests)', random: () => 0.5,
  });
  t.after(() => runner.close());
  const { key } = makeKey(built.deps, { plan: 'payg', limits: { qps: 10_000 } });
  const get = async (path: string) => {
    const res = await built.app.inject({ url: `/api/v1/data/${path}`, headers: bearer(key) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.statusCode, body: res.json() as any };
  };
  const status = async () => (await built.app.inject('/api/v1/data/status')).json().data;
  return { ...built, upstream, runner, get, status };
}

describe('live feeds', () => {
  it('stores a poll of eCherha as live readings, and keeps the last one with its age when the upstream fails', async (t) => {
    const f = await withFeed(t);
    f.upstream.reply({ kind: 'body', body: TRUCKS });
    const report = await f.runner.runNow('echerha');
    await runStatusChecks(operations.filter((op) => op.slug === 'queue'), f.deps); // the product asserted
    assert.equal(report.outcome, 'ok', String(report.error));
    assert.ok(report.imported > 10, `imported ${report.imported}`);
    // Asked as eCherha's web client asks, naming the service.
    assert.equal(f.upstream.requests[0]!.headers['x-client-locale'], 'uk');
    assert.match(String(f.upstream.requests[0]!.headers['user-agent']), /^bdds-test/);

    const fed = [...f.deps.repos.observations.ppidsWithData()];
    assert.ok(fed.length > 10);
    const queue = await f.get(`queue?ppid=${fed[0]}&section=snapshot`);
    assert.equal(queue.status, 200);
    assert.equal(queue.body.snapshot.type_of_data, 'live');
    assert.equal(queue.body.snapshot.is_realtime, true);
    const before = await f.status();
    assert.deepEqual([before.products.queue.status, before.products.queue.reason], ['online', null], 'live readings: online');
    const shown = before.feeds[0];
    assert.deepEqual([shown.name, shown.status, shown.rows, shown.consecutive_failures], ['echerha', 'ok', 43, 0]);

    // The upstream fails: the feed says so, the reading stays served with its age, nothing answers 5xx.
    f.upstream.reply({ kind: 'body', status: 500, body: 'oops' });
    f.setNow(Date.parse(NOW) + 3_600_000);
    const failed = await f.runner.runNow('echerha');
    assert.deepEqual([failed.outcome, failed.error], ['failed', 'HTTP 500']);
    const after = await f.status();
    assert.deepEqual([after.feeds[0].status, after.feeds[0].last_error, after.feeds[0].consecutive_failures], ['failing', 'HTTP 500', 1]);
    assert.equal(after.feeds[0].age_s, 3600, 'the age of the last good poll');
    assert.equal(after.products.queue.status, 'degraded', 'a product whose every feed fails is not online');
    assert.match(after.products.queue.detail, /echerha failing \(HTTP 500\)/);
    assert.equal(after.products.queue.reason, 'stale_source', 'and says why, for machines');
    // An hour passed on the injected clock, which the cache's minute runs on too: no clearing needed.
    const stale = await f.get(`queue?ppid=${fed[0]}&section=snapshot`);
    assert.equal(stale.status, 200);
    assert.equal(stale.body.snapshot.type_of_data, 'live');
    assert.equal(stale.body.snapshot.age_min, 60, 'served with its real age');
    assert.equal(stale.body.snapshot.is_realtime, true, 'an hour old: still recent');

    const metrics = (await f.app.inject({ url: '/metrics', headers: bearer(INTERNAL_TOKEN) })).body;
    assert.match(metrics, /^bdds_feed_fetches_total\{feed="echerha"\} 2$/m);
    assert.match(metrics, /^bdds_feed_failures_total\{feed="echerha"\} 1$/m);
    assert.match(metrics, /^bdds_feed_up\{feed="echerha"\} 0$/m);
    assert.match(metrics, /^bdds_feed_age_seconds\{feed="echerha"\} 3600$/m);
  });

  it('refuses an answer whole when it cannot be trusted: empty, a renamed field, cut short, too slow', async (t) => {
    const f = await withFeed(t, { timeoutS: 1 });
    const renamed = TRUCKS.replaceAll('"wait_time"', '"waiting_time"').replaceAll('"vehicle_in_active_queues_counts"', '"vehicles"');
    const absurd = TRUCKS.replace('"wait_time": 10800', '"wait_time": 99999999');
    const cases = [
      { reply: { kind: 'body' as const, body: '' }, error: /Unexpected end of JSON input|JSON/ },
      { reply: { kind: 'body' as const, body: '{"data": []}' }, error: /refused: the answer holds no rows/ },
      { reply: { kind: 'body' as const, body: renamed }, error: /refused: none of its 43 rows is usable/ },
      { reply: { kind: 'cut' as const, body: TRUCKS.slice(0, 500), declaredBytes: TRUCKS.length }, error: /cut short/ },
      { reply: { kind: 'trickle' as const, body: TRUCKS, everyMs: 50 }, error: /no complete answer within 1000 ms/ },
      { reply: { kind: 'hang' as const }, error: /no complete answer within 1000 ms/ },
    ];
    for (const { reply, error } of cases) {
      f.upstream.reply(reply);
      const report = await f.runner.runNow('echerha');
      assert.equal(report.outcome, 'failed', `${reply.kind}: ${report.error}`);
      assert.match(report.error!, error);
    }
    assert.equal(f.deps.repos.observations.ppidsWithData().size, 0, 'nothing of a refused answer was stored');
    assert.equal(f.deps.repos.feeds.get('echerha')!.consecutive_failures, cases.length);
    // One impossible value in an otherwise good answer: that row is rejected with its reason, the rest stored.
    f.upstream.reply({ kind: 'body', body: absurd });
    const one = await f.runner.runNow('echerha');
    assert.deepEqual([one.outcome, one.rejected], ['ok', 1]);
    assert.ok(one.imported > 10);
    assert.deepEqual([(await f.status()).feeds[0].rows, (await f.status()).feeds[0].rejected], [43, 1], '/status counts the rejected rows');
  });

  it('asks again with the validators of the last good answer, and a 304 keeps what is held', async (t) => {
    const f = await withFeed(t);
    f.upstream.reply((request) => (request.headers['if-none-match'] === '"v1"' ? { kind: 'body', status: 304, body: '' }
      : { kind: 'body', body: TRUCKS, headers: { etag: '"v1"' } }));
    assert.equal((await f.runner.runNow('echerha')).outcome, 'ok');
    const again = await f.runner.runNow('echerha');
    assert.equal(again.outcome, 'not-modified');
    assert.equal(f.upstream.requests[1]!.headers['if-none-match'], '"v1"');
    const state = f.deps.repos.feeds.get('echerha')!;
    assert.deepEqual([state.fetches, state.not_modified, state.consecutive_failures, state.last_error], [2, 1, 0, null]);
  });

  it('polls once however many ask at once, and stores a repeated answer once', async (t) => {
    const f = await withFeed(t);
    f.upstream.reply({ kind: 'body', body: TRUCKS });
    const [a, b] = await Promise.all([f.runner.runNow('echerha'), f.runner.runNow('echerha')]);
    assert.equal(a, b, 'the same poll');
    assert.equal(f.upstream.requests.length, 1);
    const repeated = await f.runner.runNow('echerha');
    assert.equal(repeated.imported, 0, 'the same instant: the readings are held already');
    assert.equal(repeated.duplicates, a.imported);
  });

  it('stores from a poll exactly what a file import of the same answer stores', async (t) => {
    const f = await withFeed(t);
    f.upstream.reply({ kind: 'body', body: TRUCKS });
    await f.runner.runNow('echerha');
    const other = createTestDeps(t, { replay: false, now: NOW });
    ingestTexts(other.db, 'echerha-live', [{ text: TRUCKS, file: 'echerha-workload-trucks.json' }], { at: new Date(NOW), now: new Date(NOW) });
    const rows = (db: typeof f.db) => db.prepare('SELECT ppid, source, ts, queue, wait_min, rate_per_h, counted FROM observations ORDER BY ppid, ts').all();
    assert.ok(rows(f.db).length > 10);
    assert.deepEqual(rows(f.db), rows(other.db));
  });

  it('backs off after failures with jitter, up to the interval, and keeps the interval after a success', () => {
    const setting = { name: 'echerha', urls: [], intervalS: 300 };
    assert.equal(nextDelayMs(setting, 0, () => 0.5), 300_000);
    assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => nextDelayMs(setting, n, () => 0.5) / 1000), [FIRST_RETRY_S, 60, 120, 240, 300, 300]);
    assert.equal(nextDelayMs(setting, 0, () => 0), 240_000, '-20 %');
    assert.equal(nextDelayMs(setting, 0, () => 1), 360_000, '+20 %');
  });

  it('feeds road-conditions from GDDKiA and fuel from MIMIT the same way; /status calls road-conditions online only once it holds a report', async (t) => {
    const upstream = await startFeedServer(t);
    const files: Record<string, string> = {
      '/utrdane.xml': readFileSync(fixturePath('road/gddkia/utrdane_2016-02-25.xml'), 'utf8'),
      '/anagrafica_impianti_attivi.csv': readFileSync(fixturePath('places/mimit/anagrafica_impianti_attivi_excerpt.csv'), 'utf8'),
      // A newer report of one price than the shipped prices hold: the poll must update it.
      '/prezzo_alle_8.csv': readFileSync(fixturePath('places/mimit/prezzo_alle_8_excerpt.csv'), 'utf8')
        .replace('3464|Benzina|2.119|1|20/08/2026 20:30:12', '3464|Benzina|2.049|1|25/11/2026 07:30:12'),
    };
    upstream.reply((request) => ({ kind: 'body', body: files[request.path] ?? '', status: files[request.path] ? 200 : 404 }));
    const feeds = [
      { name: 'gddkia', urls: [`${upstream.url}/utrdane.xml`], intervalS: 900 },
      { name: 'mimit-stations', urls: [`${upstream.url}/anagrafica_impianti_attivi.csv`], intervalS: 86_400 },
      { name: 'mimit-prices', urls: [`${upstream.url}/prezzo_alle_8.csv`], intervalS: 86_400 },
    ];
    // The impediments of the recorded file are in force on the day it was recorded.
    const { deps, db } = createTestDeps(t, { replay: false, now: '2016-02-25T12:00:00Z', feeds });
    const runner = createFeedRunner(feeds, { db, feeds: deps.repos.feeds, versions: deps.versions, log: deps.log, now: deps.now, userAgent: 'bdds-test/1' });
    t.after(() => runner.close());
    const roadStatus = async () => (await runStatusChecks(operations.filter((op) => op.slug === 'road-conditions'), deps))[0]!;
    assert.equal((await roadStatus()).status, 'degraded', 'nothing held yet');

    const road = await runner.runNow('gddkia');
    assert.equal(road.outcome, 'ok', String(road.error));
    assert.ok(deps.repos.roadReports.served(deps.now()).length > 0);
    assert.equal((await roadStatus()).status, 'online');

    for (const name of ['mimit-stations', 'mimit-prices']) assert.equal((await runner.runNow(name)).outcome, 'ok', name);
    const station = deps.repos.places.stations().find((s) => s.source === 'mimit' && s.id === '3464')!;
    const petrol = station.prices.filter((p) => p.local_name === 'Benzina' && p.self_service === true);
    assert.deepEqual(petrol.map((p) => [p.price, p.reported_at.slice(0, 10)]), [[2.049, '2026-11-25']], 'the polled price replaced the older one');
  });

  it("never shows a URL's credentials or query token on /status or in the log when a poll fails", async (t) => {
    const upstream = await startFeedServer(t);
    upstream.reply({ kind: 'body', status: 500, body: 'oops' });
    const port = new URL(upstream.url).port;
    const feeds = [{ name: 'ecb-rates', urls: [`http://feeduser:S3cretPass@127.0.0.1:${port}/e.xml?token=TOKEN123`], intervalS: 86_400 }];
    const { deps, db, logLines } = createTestDeps(t, { replay: false, now: NOW, feeds });
    const runner = createFeedRunner(feeds, { db, feeds: deps.repos.feeds, versions: deps.versions, log: deps.log, now: deps.now, userAgent: 'bdds-test/1' });
    t.after(() => runner.close());
    const report = await runner.runNow('ecb-rates');
    assert.equal(report.outcome, 'failed');
    const shown = [String(report.error), deps.repos.feeds.all().map((f) => f.last_error).join(' '), logLines.join('\n')].join('\n');
    assert.match(shown, /127\.0\.0\.1/, 'the host is named');
    for (const secret of ['S3cretPass', 'TOKEN123', 'feeduser']) assert.ok(!shown.includes(secret), `${secret} shown: ${shown}`);
  });

  it('asks the Polish Border Guard for each crossing at the current Warsaw hour and stores its waits as live readings', async (t) => {
    const upstream = await startFeedServer(t);
    const recorded = (crossing: string) => readFileSync(fixturePath(`pl-ua/granica-live/${crossing}_2026-08-09_15.xml`), 'utf8');
    upstream.reply((request) => {
      const crossing = /<jednostka[^>]*>([a-z]+)</.exec(request.body)?.[1] ?? '';
      // Dorohusk and Medyka as recorded; the others answer like Dorohusk, under their own name.
      const answer = crossing === 'medyka' ? recorded('medyka') : recorded('dorohusk').replace('>Dorohusk<', `>${crossing}<`);
      return { kind: 'body', body: answer, headers: { 'content-type': 'text/xml' } };
    });
    const feeds = [{ name: 'granica', urls: [`${upstream.url}/soap_granica.php`], intervalS: 900 }];
    // 15:30 in Warsaw (CEST) on the day the answers were recorded: the hour they were asked for.
    const { deps, db } = createTestDeps(t, { replay: false, now: '2026-08-09T13:30:00Z', feeds });
    const runner = createFeedRunner(feeds, { db, feeds: deps.repos.feeds, versions: deps.versions, log: deps.log, now: deps.now, userAgent: 'bdds-test/1' });
    t.after(() => runner.close());
    const report = await runner.runNow('granica');
    assert.equal(report.outcome, 'ok', String(report.error));
    assert.equal(upstream.requests.length, 9, 'one request per crossing');
    for (const r of upstream.requests) {
      assert.equal(r.method, 'POST');
      assert.equal(r.headers.soapaction, '"getCzasyWszystko"');
      assert.match(r.body, /<rok xsi:type="xsd:string">2026<\/rok><miesiac xsi:type="xsd:string">8<\/miesiac><dzien xsi:type="xsd:string">9<\/dzien><godzina xsi:type="xsd:string">15<\/godzina>/);
    }
    // Medyka's trucks leaving Poland: 1 hour, as recorded (Dorohusk's: 10 hours).
    const medykaTrucks = deps.repos.directory.all().find((c) => c.crossing_type === 9 && /Medyka/.test(deps.repos.directory.name(c.location_id, 'en')) && c.origin === 2)!;
    const view = deps.repos.observations.view(medykaTrucks.ppid, Date.parse('2026-08-09T13:30:00Z') / 1000)!;
    assert.equal(view.source, 'granica');
    assert.equal(deps.repos.observations.latest(view, Date.parse('2026-08-09T13:30:00Z') / 1000)!.wait_min, 60);
  });

  it('reads the DPSU map page: cars and trucks waiting at the time the source states, asked in Ukrainian', async (t) => {
    const upstream = await startFeedServer(t);
    upstream.reply({ kind: 'body', body: readFileSync(fixturePath('pl-ua/dpsu-live/uk-map_2026-08-20T0928Z.html'), 'utf8'), headers: { 'content-type': 'text/html' } });
    const feeds = [{ name: 'dpsu', urls: [`${upstream.url}/uk/map`], intervalS: 1800 }];
    const { deps, db } = createTestDeps(t, { replay: false, now: '2026-08-20T09:28:00Z', feeds });
    const runner = createFeedRunner(feeds, { db, feeds: deps.repos.feeds, versions: deps.versions, log: deps.log, now: deps.now, userAgent: 'bdds-test/1' });
    t.after(() => runner.close());
    const first = await runner.runNow('dpsu');
    assert.equal(first.outcome, 'ok', String(first.error));
    assert.ok(first.imported > 9, `imported ${first.imported}`);
    assert.equal(upstream.requests[0]!.headers['accept-language'], 'uk');
    // The readings carry the source's own update times: polling the same update again stores nothing.
    const again = await runner.runNow('dpsu');
    assert.deepEqual([again.imported, again.duplicates], [0, first.imported]);
  });
});
