import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDirectoryRepo } from '../../../data/directory/directory-repo.js';
import { parseDpsu } from '../../../data/importers/dpsu.js';
import { parseDpsuLive } from '../../../data/importers/dpsu-live.js';
import type { ParsedFeed } from '../../../data/importers/feed.js';
import { importFeeds } from '../../../data/importers/run-import.js';
import { createResolver } from '../../../data/importers/resolve.js';
import { closeStore, openStore } from '../../../data/store.js';
import { refusal } from '../../../services/feeds/validate.js';
import { tempDir } from '../../helpers/deps.js';
import { fixture } from '../../helpers/fixtures.js';
import { seededStore } from '../../helpers/store-templates.js';

const PAGE = 'pl-ua/dpsu-live/uk-map_2026-08-20T0928Z.html';
const FETCHED = new Date('2026-08-20T09:28:00Z');
const at = (iso: string) => Date.parse(iso) / 1000;
const readings = (feed: ParsedFeed) => feed.readings.map(({ reading }) => reading);
const byCrossing = (feed: ParsedFeed, crossing: string) => readings(feed).filter((r) => r.crossing === crossing);

/** One option of the map's crossing list, laid out as the recorded one (RECON_dpsu_map.md); null leaves an attribute out. */
function option(name: string, o: { country?: string; type?: string; created?: string | null; state?: string; busy?: string | null } = {}): string {
  const created = o.created === undefined ? '2026-08-20 12:00:00' : o.created;
  const busy = o.busy === undefined ? 'Кількість легкових авто перед ППр: 5 <br> Швидкість оформлення легкових авто: 40 авто/год <br> Кількість вантажних авто перед ППр: 100' : o.busy;
  return `<option data-country="${o.country ?? 'poland'}"${created === null ? '' : `\n        data-created_at="${created}"`}
        data-category="міжнародний, цілодобовий"
        data-color="green"
        data-type_text="Автомобільний"
        data-type="${o.type ?? 'car'}"${busy === null ? '' : `\n        data-state_of_busy="${busy}"`}
        data-video_out=""
        data-state="${o.state ?? 'відкритий'}"
        value="${name}">${name}</option>`;
}
const page = (...options: string[]) => `<!doctype html><html><body><div class="map"></div>\n<select class="mb-4" id="by_name">\n${options.join('\n')}\n</select></body></html>`;

describe('DPSU map, live', () => {
  it('reads the Polish road crossings as dpsu.ts reads the logger rows of the same update', () => {
    const feed = parseDpsuLive(fixture(PAGE), 'map.html', FETCHED);
    assert.equal(feed.source, 'dpsu');
    assert.equal(feed.rowsRead, 9);
    assert.deepEqual(feed.rejected, []);
    assert.equal(feed.empty, 0);
    // Dorohusk 12:08:01 Kyiv (summer, UTC+3) = 09:08:01Z: 2898 trucks (type 9, or 8 where only small
    // trucks pass); cars "Пропуск легкових автомобілів тимчасово не здійснюється": no car reading.
    assert.deepEqual(byCrossing(feed, 'dorohusk'), [
      { crossing: 'dorohusk', from: 'UA', crossing_type: 9, alt_type: 8, ts: at('2026-08-20T09:08:01Z'), queue: 2898, wait_min: null, rate_per_h: null },
    ]);
    // Korczowa 12:04:55 Kyiv: 45 cars at 73 cars an hour, 1090 trucks.
    assert.deepEqual(byCrossing(feed, 'korczowa'), [
      { crossing: 'korczowa', from: 'UA', crossing_type: 4, ts: at('2026-08-20T09:04:55Z'), queue: 45, wait_min: null, rate_per_h: 73 },
      { crossing: 'korczowa', from: 'UA', crossing_type: 9, alt_type: 8, ts: at('2026-08-20T09:04:55Z'), queue: 1090, wait_min: null, rate_per_h: null },
    ]);
    // Hrebenne ("Рава-Руська автомобільний", no Polish name): no car waiting is 0, a value, not a missing one.
    assert.deepEqual(byCrossing(feed, 'hrebenne').map((r) => [r.crossing_type, r.queue, r.rate_per_h, r.ts]), [
      [4, 0, 67, at('2026-08-20T09:03:37Z')], [9, 845, null, at('2026-08-20T09:03:37Z')],
    ]);
    assert.deepEqual(feed.readings.filter(({ reading }) => reading.crossing === 'korczowa').map(({ line }) => line), [5, 5]);

    // The same readings as the logger's CSV rows of that scrape give (its own Kyiv -> UTC conversion).
    const logged = parseDpsu(fixture('pl-ua/dpsu-live/dpsu_2026-08-20_0928.csv'), 'd.csv');
    const key = (r: ParsedFeed['readings'][number]['reading']) => `${r.crossing}|${r.crossing_type}`;
    const sorted = (f: ParsedFeed) => readings(f).sort((a, b) => key(a).localeCompare(key(b)));
    assert.equal(logged.readings.length, 17);
    assert.deepEqual(sorted(feed), sorted(logged));
  });

  it('maps to the same checkpoints as the logger CSV: a poll and the file store the same rows', (t) => {
    const db = openStore(seededStore(tempDir(t)), { integrityCheck: false }); // a template's copy: as test/helpers/deps.ts opens them
    t.after(() => closeStore(db));
    const resolve = createResolver(createDirectoryRepo(db));
    const live = parseDpsuLive(fixture(PAGE), 'map.html', FETCHED);
    const first = importFeeds(db, [live], resolve);
    assert.deepEqual(first.rejected, []);
    assert.ok(first.imported >= 15, `imported ${first.imported}`);
    assert.equal(db.prepare("SELECT queue FROM observations WHERE ppid = 'id_519' AND source = 'dpsu' AND ts = ?").pluck().get(at('2026-08-20T09:08:01Z')), 2898);
    assert.deepEqual(db.prepare("SELECT queue, rate_per_h FROM observations WHERE ppid = 'id_814' AND source = 'dpsu' AND ts = ?").get(at('2026-08-20T09:08:31Z')), { queue: 50, rate_per_h: 46 });
    const logged = importFeeds(db, [parseDpsu(fixture('pl-ua/dpsu-live/dpsu_2026-08-20_0928.csv'), 'd.csv')], resolve);
    assert.equal(logged.imported, 0);
    assert.equal(logged.duplicates, first.imported);
    assert.equal(importFeeds(db, [live], resolve).imported, 0, 'polling an unchanged map adds nothing');
  });

  it('reads the one option recorded verbatim from the real page (RECON_dpsu_map.md, 2026-06-17)', () => {
    const feed = parseDpsuLive(fixture('pl-ua/dpsu-live/recon-option_2026-06-17.html'), 'recon.html', new Date('2026-06-17T20:08:00Z'));
    assert.deepEqual(feed.rejected, []);
    // 18:42:36 Kyiv = 15:42:36Z, as the logger's own test has it; cars suspended, car rate 58 dropped with them.
    assert.deepEqual(readings(feed), [
      { crossing: 'dorohusk', from: 'UA', crossing_type: 9, alt_type: 8, ts: at('2026-06-17T15:42:36Z'), queue: 2251, wait_min: null, rate_per_h: null },
    ]);
  });

  it('rejects an unknown crossing with its index and reason, and leaves other borders, rail and the dropped point out', () => {
    const html = page(
      '<option value="all">Усі</option>',
      option('Ужгород - Вишнє-Нємецьке', { country: 'slovakia' }),
      option('Ягодин залізничний', { type: 'train' }),
      option('Лудин (пункт контролю)', { created: '2024-09-24 20:22:22' }),
      option('Нова Невідома'),
      option('Шегині - Медика'),
      option('Краківець - Корчова', { type: '[&quot;car&quot;,&quot;person&quot;]' }),
    );
    const feed = parseDpsuLive(html, 'map.html', FETCHED);
    assert.equal(feed.rowsRead, 3);
    assert.equal(feed.rejected.length, 1);
    assert.equal(feed.rejected[0]!.file, 'map.html');
    assert.equal(feed.rejected[0]!.line, 5);
    assert.match(feed.rejected[0]!.reason, /unknown DPSU crossing 'Нова Невідома'/);
    assert.deepEqual([...new Set(readings(feed).map((r) => r.crossing))], ['medyka', 'korczowa']);
    assert.deepEqual(feed.readings.map(({ line }) => line), [6, 6, 7, 7]);
  });

  it('rejects an option it cannot use, keeps missing figures missing, and never throws for one row', () => {
    const html = page(
      // The status text's attribute renamed away.
      option('Ягодин - Дорогуськ', { busy: null }),
      // An open crossing whose status text names no figure it knows.
      option('Устилуг - Зосін', { busy: 'Дані оновлюються' }),
      // A closed crossing stating no figure: a row with no value.
      option('Угринів - Долгобичув', { state: 'зачинений', busy: 'Пропуск тимчасово не здійснюється' }),
      // The trucks part left empty (Małhowice, 2026-06-28 06:00:45 Kyiv, as logged): cars only.
      option('Нижанковичі-Мальховіце', { created: '2026-06-28 09:00:45', busy: 'Кількість легкових авто перед ППр: 5 <br> Швидкість оформлення легкових авто: 21 авто/год <br> Кількість вантажних авто перед ППр: ' }),
      // A time that is no time.
      option('Грушів - Будомєж', { created: '2026-02-30 10:00:00' }),
      option('Смільниця - Кросьценко', { created: 'вчора' }),
      // No time stated: stamped with when the answer was fetched, as the logger stamps it with its poll.
      option('Рава-Руська автомобільний', { created: null }),
    );
    const feed = parseDpsuLive(html, 'map.html', FETCHED);
    assert.equal(feed.rowsRead, 7);
    assert.equal(feed.empty, 1);
    assert.deepEqual(feed.rejected.map((r) => r.line), [1, 2, 5, 6]);
    assert.match(feed.rejected[0]!.reason, /data-state_of_busy/);
    assert.match(feed.rejected[1]!.reason, /names neither cars nor trucks/);
    assert.match(feed.rejected[2]!.reason, /'2026-02-30 10:00:00' is no Kyiv time/);
    assert.match(feed.rejected[3]!.reason, /data-created_at/);
    assert.deepEqual(byCrossing(feed, 'malhowice'), [
      { crossing: 'malhowice', from: 'UA', crossing_type: 4, ts: at('2026-06-28T06:00:45Z'), queue: 5, wait_min: null, rate_per_h: 21 },
    ]);
    assert.deepEqual(byCrossing(feed, 'hrebenne').map((r) => r.ts), [at('2026-08-20T09:28:00Z'), at('2026-08-20T09:28:00Z')]);
  });

  it('throws on an answer that is not the map, and a changed one yields no usable row', () => {
    assert.throws(() => parseDpsuLive('', 'map.html', FETCHED), /no <select id="by_name">/);
    // What a blocked request gets instead of the map (the logger met 403s for days).
    assert.throws(() => parseDpsuLive('<!doctype html><html><head><title>Just a moment...</title></head><body>Forbidden</body></html>', 'map.html', FETCHED), /no <select id="by_name">/);
    assert.throws(() => parseDpsuLive(page(option('Ужгород - Вишнє-Нємецьке', { country: 'slovakia' })), 'map.html', FETCHED), /none a Polish road crossing/);
    assert.throws(() => parseDpsuLive(page(), 'map.html', FETCHED), /none a Polish road crossing/);
    assert.throws(() => parseDpsuLive(fixture(PAGE).replaceAll('id="by_name"', 'id="checkpoints"'), 'map.html', FETCHED), /no <select id="by_name">/);

    // The status attribute renamed: every crossing rejected, nothing usable, and the poll refuses the answer.
    const renamed = parseDpsuLive(fixture(PAGE).replaceAll('data-state_of_busy=', 'data-busy='), 'map.html', FETCHED);
    assert.equal(renamed.rowsRead, 9);
    assert.equal(renamed.readings.length, 0);
    assert.equal(renamed.rejected.length, 9);
    assert.match(refusal({ dataset: 'observations', format: 'dpsu-live', feeds: [renamed] }) ?? '', /none of its 9 rows is usable/);
    // The status reworded: the same.
    const reworded = parseDpsuLive(fixture(PAGE).replaceAll('перед ППр', 'у черзі'), 'map.html', FETCHED);
    assert.equal(reworded.readings.length, 0);
    assert.equal(reworded.rejected.length, 9);
    assert.equal(refusal({ dataset: 'observations', format: 'dpsu-live', feeds: [parseDpsuLive(fixture(PAGE), 'map.html', FETCHED)] }), null);
  });

  it('converts Kyiv local time to UTC across both DST changes, as the logger does', () => {
    const times: [string, string][] = [
      ['2026-01-15 10:00:00', '2026-01-15T08:00:00Z'], // winter, UTC+2
      ['2026-03-29 02:30:00', '2026-03-29T00:30:00Z'], // spring change at 03:00 local (01:00Z): still UTC+2
      ['2026-03-29 03:30:00', '2026-03-29T01:30:00Z'], // skipped hour: read with the offset before the change
      ['2026-03-29 04:30:00', '2026-03-29T01:30:00Z'], // summer, UTC+3
      ['2026-10-25 02:30:00', '2026-10-24T23:30:00Z'], // autumn change at 04:00 local (01:00Z): still UTC+3
      ['2026-10-25 03:30:00', '2026-10-25T00:30:00Z'], // repeated hour: its first, summer-time instance
      ['2026-10-25 04:30:00', '2026-10-25T02:30:00Z'], // winter again, UTC+2
    ];
    const names = ['Ягодин - Дорогуськ', 'Устилуг - Зосін', 'Угринів - Долгобичув', 'Рава-Руська автомобільний', 'Грушів - Будомєж', 'Краківець - Корчова', 'Шегині - Медика'];
    const feed = parseDpsuLive(page(...times.map(([local], i) => option(names[i]!, { created: local }))), 'map.html', FETCHED);
    assert.deepEqual(feed.rejected, []);
    const stamps = feed.readings.filter(({ reading }) => reading.crossing_type === 9).map(({ reading }) => reading.ts);
    assert.deepEqual(stamps, times.map(([, utc]) => at(utc)));
  });
});
