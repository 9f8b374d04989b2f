/**
 * The EU Weekly Oil Bulletin and ECB rate feeds against an upstream on a loopback port that answers with
 * bytes (the bulletin is a spreadsheet): a poll stores what a file import of the same answer stores, the
 * fuel product converts at the newest rate and says which, and a failing or changed answer stores nothing.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it, type TestContext } from 'node:test';
import { ingestTexts } from '../../../data/importers/ingest.js';
import { documentText } from '../../../data/importers/places/document-text.js';
import { createFeedRunner } from '../../../services/feeds/runner.js';
import { byteUpstream, type UpstreamAnswer } from '../../helpers/byte-upstream.js';
import { ingestInProcess } from '../../helpers/ingest-in-process.js';
import { bearer, buildTestApp, createTestDeps, makeKey } from '../../helpers/deps.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { BLOCKS, historyWorkbook, workbook } from '../../fixtures/places/eu-bulletin-xlsx/workbooks.js';



const NOW = '2026-11-22T10:00:00.000Z';
const DAILY = readFileSync(fixturePath('places/ecb-rates/eurofxref-daily_2025-10-09.xml'));
const XLSX_TYPE = { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
/** The fixture's figures on the two weeks before NOW (2026-11-16 and 2026-11-09): newer than the shipped bulletin. */
const RECENT = historyWorkbook(BLOCKS, [{ serial: 46342 }, { serial: 46335 }]);

/**
 * `onThread`: an off-thread feed's ingestion (the bulletin's) on a thread of its own, as the service runs it;
 * else the same job in process, where a test is about what a poll stores or refuses.
 */
async function withFeeds(t: TestContext, upstreamUrl: string, onThread = false) {
  const feeds = [
    { name: 'ecb-rates', urls: [`${upstreamUrl}/eurofxref-daily.xml`], intervalS: 86_400 },
    { name: 'eu-oil-bulletin', urls: [`${upstreamUrl}/history.xlsx`], intervalS: 604_800 },
  ];
  const built = await buildTestApp(t, { replay: false, now: NOW, feeds });
  const runner = createFeedRunner(feeds, { db: built.db, feeds: built.deps.repos.feeds, versions: built.deps.versions, log: built.deps.log,
    now: built.deps.now, userAgent: 'bdds-test/1 (tests)', random: () => 0.5, ...(onThread ? {} : { ingest: ingestInProcess }) });
  t.after(() => runner.close());
  const { key } = makeKey(built.deps, { plan: 'payg', limits: { qps: 10_000 } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const country = async (code: string) => (await built.app.inject({ url: `/api/v1/data/fuel?mode=country&country=${code}`, headers: bearer(key) })).json().data as any;
  const count = (sql: string) => built.db.prepare(sql).pluck().get() as number;
  return { ...built, runner, country, count };
}

describe('EU oil bulletin and ECB rate feeds', () => {
  it('polls the ECB rates and converts Poland\'s maximum prices at the newest reference rate, naming it', async (t) => {
    const up = await byteUpstream(t);
    up.answer(() => ({ body: DAILY, headers: { 'content-type': 'text/xml' } }));
    const f = await withFeeds(t, up.url);
    const before = await f.country('PL');
    assert.deepEqual(before.eur_rate, { eur_per_unit: 0.229358, date: '2024-06-17', source: 'eu-bulletin' });

    const report = await f.runner.runNow('ecb-rates');
    assert.deepEqual([report.outcome, report.rows, report.imported, report.rejected], ['ok', 30, 30, 0], String(report.error));
    const pl = await f.country('PL');
    assert.deepEqual([pl.source, pl.currency, pl.prices.diesel], ['pl-max-prices', 'PLN', 6.19]);
    // 2025-10-09: 4.2548 PLN per EUR, newer than the bulletin's 2024-06-17 rate.
    assert.deepEqual(pl.eur_rate, { eur_per_unit: Math.round(1e6 / 4.2548) / 1e6, date: '2025-10-09', source: 'ecb' });
    assert.equal(pl.prices_eur.diesel, Math.round((6.19 / 4.2548) * 1000) / 1000);
    assert.match(pl.note, /EUR converted at 0\.235029 EUR\/PLN, the ECB euro reference rate of 2025-10-09/);
    const shown = (await f.app.inject('/api/v1/data/status')).json().data.feeds.find((x: { name: string }) => x.name === 'ecb-rates');
    assert.deepEqual([shown.status, shown.rows], ['ok', 30]);
    // The same answer again: nothing new.
    assert.deepEqual([(await f.runner.runNow('ecb-rates')).imported, f.count('SELECT count(*) FROM eur_rates')], [0, 30]);
  });

  it('refuses an ECB answer whole when it fails (500), is empty or changed, and keeps converting at the rate held', async (t) => {
    const up = await byteUpstream(t);
    up.answer(() => ({ body: DAILY }));
    const f = await withFeeds(t, up.url);
    assert.equal((await f.runner.runNow('ecb-rates')).outcome, 'ok');
    const cases: [UpstreamAnswer, RegExp][] = [
      [{ status: 500, body: 'oops' }, /^HTTP 500$/],
      [{ body: '' }, /not XML/],
      [{ body: '<html><body>Maintenance</body></html>' }, /not the ECB's reference rates/],
      [{ body: DAILY.toString('utf8').replaceAll("rate='", "value='") }, /refused: none of its 30 rows is usable/],
    ];
    for (const [answer, error] of cases) {
      up.answer(() => answer);
      const report = await f.runner.runNow('ecb-rates');
      assert.equal(report.outcome, 'failed');
      assert.match(report.error!, error);
    }
    assert.equal(f.count('SELECT count(*) FROM eur_rates'), 30, 'nothing of a refused answer stored');
    assert.equal((await f.country('PL')).eur_rate.source, 'ecb');
  });

  it('stores a poll of the bulletin workbook as a file import of it stores it, in EUR and national currencies', async (t) => {
    const up = await byteUpstream(t);
    up.answer((h) => (h['if-none-match'] === '"w47"' ? { status: 304, body: '' } : { body: RECENT, headers: { ...XLSX_TYPE, etag: '"w47"' } }));
    const f = await withFeeds(t, up.url, true);
    const report = await f.runner.runNow('eu-oil-bulletin');
    // 2 weeks x 2 sheets x 13 grades in EUR, + PL and SE in their currencies (Bulgaria pays in euro since 2026-01-01).
    assert.deepEqual([report.outcome, report.rows, report.imported, report.rejected], ['ok', 4, 2 * 2 * (13 + 5), 0], String(report.error));
    const rows = (db: typeof f.db) => db.prepare(`SELECT country, grade, date, with_taxes, currency, local_name, price, price_eur FROM fuel_country_prices
      WHERE source = 'eu-bulletin' AND date >= '2026-11-01' ORDER BY 1, 2, 3, 4, 5`).all();
    const other = createTestDeps(t, { replay: false, now: NOW });
    ingestTexts(other.db, 'eu-bulletin-xlsx', [{ text: documentText(RECENT), file: 'history.xlsx' }], { at: new Date(NOW), now: new Date(NOW) });
    assert.equal(rows(f.db).length, 72);
    assert.equal(rows(f.db).filter((r) => (r as { currency: string }).currency === 'BGN').length, 0);
    assert.deepEqual(rows(f.db), rows(other.db));
    // Austria's headline is now the bulletin of 2026-11-16, current; Poland's figure comes in PLN too.
    const at = await f.country('AT');
    assert.deepEqual([at.source, at.updated, at.current, at.prices.diesel], ['eu-bulletin', '2026-11-16', true, 1.59]);
    const plPln = (await f.country('PL')).details.find((d: { source: string; currency: string; grade: string }) => d.source === 'eu-bulletin' && d.currency === 'PLN' && d.grade === 'e5');
    assert.deepEqual([plPln.date, plPln.price], ['2026-11-16', 6.462]);
    // Asked again with the validators of that answer: 304, what is held stays.
    assert.equal((await f.runner.runNow('eu-oil-bulletin')).outcome, 'not-modified');
    assert.equal(up.requests[1]!['if-none-match'], '"w47"');
  });

  it('refuses a bulletin answer whole when it fails (500), is empty, or its layout changed', async (t) => {
    const up = await byteUpstream(t);
    const f = await withFeeds(t, up.url);
    const held = f.count("SELECT count(*) FROM fuel_country_prices WHERE source = 'eu-bulletin'");
    const renamed = workbook({ 'Prices with taxes': [['Date', 'CTR', 'AT_pwt_euro95'], [], ['Date', null, '1000 l'], [46342, null, 1603]] });
    const cases: [UpstreamAnswer, RegExp][] = [
      [{ status: 500, body: 'oops' }, /^HTTP 500$/],
      [{ body: '' }, /not an XLSX workbook/],
      [{ body: renamed, headers: XLSX_TYPE }, /row 1 names no \{country\}_price_with_tax_\{product\} column/],
      [{ body: '<html>Page not found</html>', headers: { 'content-type': 'text/html' } }, /not an XLSX workbook/],
    ];
    for (const [answer, error] of cases) {
      up.answer(() => answer);
      const report = await f.runner.runNow('eu-oil-bulletin');
      assert.equal(report.outcome, 'failed', String(report.error));
      assert.match(report.error!, error);
    }
    assert.equal(f.count("SELECT count(*) FROM fuel_country_prices WHERE source = 'eu-bulletin'"), held, 'nothing of a refused answer stored');
    assert.equal(f.deps.repos.feeds.get('eu-oil-bulletin')!.consecutive_failures, cases.length);
  });
});
