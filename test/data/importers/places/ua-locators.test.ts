import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectUaLocator, parseUaLocator, parseUaPrices, settlementOf, uaGrade, uaPriceParser } from '../../../../data/importers/places/ua-locators.js';
import { fixture } from '../../../helpers/fixtures.js';

// Excerpts of the networks' locators (no licence: tests only), see test/fixtures/places/ua-locators/README.md.
const at = new Date('2024-02-01T09:00:00Z');
const opts = { at };
const text = (brand: string) => fixture(`places/ua-locators/${brand}_stations_excerpt.json`);
const items = (brand: string) => JSON.parse(text(brand)) as Record<string, any>[];
const parse = (brand: string, body = text(brand), file = `${brand}.json`) => parseUaLocator(body, file, opts);
const record = (feed: ReturnType<typeof parse>, line: number) => feed.stations.find((s) => s.line === line)?.record;

describe('Ukrainian station locators: shape detection', () => {
  it('tells each of the four networks by its shape, not by its file name', () => {
    const names = { anp: 'wog_stations.json', okko: 'stations.json', ukrnafta: 'okko.json', wog: 'anp_stations.json' };
    const counts = { anp: 10, okko: 7, ukrnafta: 9, wog: 6 };
    for (const brand of ['anp', 'okko', 'ukrnafta', 'wog'] as const) {
      const feed = parse(brand, text(brand), names[brand]);
      assert.equal(feed.source, `ua-${brand}`, names[brand]);
      assert.equal(feed.file, names[brand]);
      assert.equal(feed.rowsRead, counts[brand]);
      assert.equal(feed.stations.length, counts[brand]);
      assert.deepEqual(feed.rejected, []);
      assert.deepEqual([feed.prices, feed.countryPrices, feed.pois], [[], [], []]);
      assert.equal(detectUaLocator(JSON.parse(text(brand))), brand);
    }
  });

  it('throws, clearly, for a file of none of the four shapes', () => {
    assert.throws(() => parse('x', fixture('places/tankerkoenig/list.json'), 'list.json'), /list\.json: not a Ukrainian station locator: expected a JSON array/);
    assert.throws(() => parse('x', JSON.stringify([{ id: 1, lat: 50, lon: 30 }, { id: 2, lat: 50, lon: 31 }]), 'x.json'),
      /x\.json: not one of the ANP, OKKO, Ukrnafta or WOG locator shapes \(first item's keys: id, lat, lon\)/);
    assert.throws(() => parse('x', '[]', 'empty.json'), /empty\.json: not a Ukrainian station locator: no station objects/);
    assert.throws(() => parse('x', '<html>', 'page.html'), /page\.html: not JSON/);
    // A few foreign items do not make the file foreign: the majority shape wins, the rest are rejected.
    const mixed = [...items('wog'), items('anp')[0]];
    const feed = parse('x', JSON.stringify(mixed), 'mixed.json');
    assert.equal(feed.source, 'ua-wog');
    assert.deepEqual(feed.rejected, [{ file: 'mixed.json', line: 7, reason: 'not a WOG station (№ п.п., Область, Район, Адреса, Бренд, Широта, Довгота)' }]);
  });
});

describe('Ukrainian station locators: records', () => {
  it('ANP: id from the network and coordinates, partner brands kept (look-alike Cyrillic letters made Latin), Crimean 0 address null', () => {
    const feed = parse('anp');
    assert.deepEqual(record(feed, 1), {
      source_id: 'anp@49.238261,28.479269', name: null, brand: 'ANP', address: 'м.Вінниця, вул.Київська, 3а', city: 'Вінниця',
      country_code: 'UA', lat: 49.238261, lon: 28.479269, services: [],
    });
    // Road + km address of a village council: kept as the address, no city.
    assert.deepEqual(record(feed, 2), {
      source_id: 'anp@49.222319,28.581339', name: null, brand: 'ANP',
      address: "с/р Вінницько-Хутірська, а/ш Стрий-Тернопіль-Кропивницький-Знам'янка, 399км+708м", city: null,
      country_code: 'UA', lat: 49.222319, lon: 28.581339, services: [],
    });
    assert.equal(record(feed, 3)?.brand, 'АВІАС ПЛЮС');
    assert.equal(record(feed, 5)?.city, "Кам'янське", 'street run on without a comma is cut off');
    assert.deepEqual([record(feed, 6)?.address, record(feed, 6)?.city], ['сщ.Дослідне, вул.Яснополянська, 6', 'Дослідне'], 'leading space trimmed');
    assert.equal(items('anp')[6]!['Бренд'], 'Rub\u0456x', 'the source writes a Cyrillic і');
    assert.equal(record(feed, 7)?.brand, 'Rubix');
    assert.deepEqual(record(feed, 9), {
      source_id: 'anp@44.833833,33.976931', name: null, brand: 'Sentosa Oil', address: null, city: null,
      country_code: 'UA', lat: 44.833833, lon: 33.976931, services: [],
    });
    assert.equal(record(feed, 10)?.city, 'Братковичі', 'settlement after oblast and district');
  });

  it('OKKO: Cod_AZK id, the АЗК label as name, services the schema states (EasyPay terminal is not an ATM), councils lead the address', () => {
    const feed = parse('okko');
    // Station 1 has an EasyPay terminal ("Bankomat"), Starlink, tyre inflation and a Meest point: none is a service here.
    assert.deepEqual(record(feed, 1), {
      source_id: '60113100', name: 'АЗК №31', brand: 'OKKO', address: 'вул. Сінна, 42 А', city: 'Полтава',
      country_code: 'UA', lat: 49.583683, lon: 34.536987, services: [],
    });
    // `restaurants` is a single object here, not a list; AdBlue is a fuel type; EV chargers listed.
    assert.equal(Array.isArray(items('okko')[1]!.attributes.restaurants), false);
    assert.deepEqual(record(feed, 2), {
      source_id: '60160400', name: 'АЗК №33', brand: 'OKKO', address: 'автодорога Київ-Харків-Довжанський 463 км', city: 'Пісочин',
      country_code: 'UA', lat: 49.967205, lon: 36.010737, services: ['adblue', 'ev_charging', 'restaurant'],
    });
    assert.deepEqual(record(feed, 3)?.services, ['adblue', 'car_wash', 'currency_exchange', 'truck_wash']);
    assert.deepEqual([record(feed, 4)?.address, record(feed, 4)?.city], ['с/р Тарасівка, автодорога Київське півкільце-Крюківщина-Боярка, 6', null]);
    // Locality type is a NUL byte and the "locality" a council.
    assert.equal(items('okko')[4]!.attributes.Typ_naselenogo_punktu, '\u0000');
    assert.deepEqual(record(feed, 5), {
      source_id: '41261600', name: 'АЗК №39', brand: 'OKKO', address: "Новоолександрівська с.р., а/д Знам'янка-Луганськ-Ізварино,193-194 км(лів), 7",
      city: null, country_code: 'UA', lat: 48.430801, lon: 34.944533, services: ['ev_charging'],
    });
    assert.deepEqual(record(feed, 7), {
      source_id: '40312900', name: 'АЗК №29', brand: 'OKKO', address: 'Автодорога Київ-Чоп, 828 км', city: 'Соломоново',
      country_code: 'UA', lat: 48.442284, lon: 22.191696, services: ['adblue', 'car_wash', 'currency_exchange', 'ev_charging', 'truck_wash'],
    });
  });

  it('Ukrnafta: title id (odd ones as given), road + km addresses kept, settlement chains give the smallest', () => {
    const feed = parse('ukrnafta');
    assert.deepEqual(record(feed, 1), {
      source_id: '01/001', name: null, brand: 'Ukrnafta', address: "м. Немирів, а/ш Львів-Кіровоград-Знам'янка 412 км+192 (праворуч)", city: 'Немирів',
      country_code: 'UA', lat: 48.978611, lon: 28.819166, services: [],
    });
    assert.equal(record(feed, 4)?.source_id, '003/058');
    assert.deepEqual([record(feed, 8)?.address, record(feed, 8)?.city], ['Сільська рада Родатицька, а/ш Львів-Шегині, км 40+810 (з права)', null]);
    assert.deepEqual([6, 7, 9].map((l) => record(feed, l)?.city), ['Березний', 'Микитинці', null]);
  });

  it('WOG: numeric id, English address from `name` (trimmed, spaces collapsed), city as given', () => {
    const feed = parse('wog');
    assert.deepEqual(record(feed, 1), {
      source_id: '806', name: null, brand: 'WOG', address: 'Sumy city, Kursk ave 32/1', city: 'Sumy',
      country_code: 'UA', lat: 50.946202, lon: 34.776657, services: [],
    });
    assert.equal(record(feed, 3)?.address, 'Poltavskyi District,Govtvyanchyk Village, Kyiv Road Str., 1');
    assert.equal(record(feed, 4)?.address, 'Mykolayiv, Odeske Road Str., 116 , road М-14 Odesa-Mykolayi');
  });

  it('settlementOf reads the settlement an address names, never a council', () => {
    assert.equal(settlementOf('смт Літин, вул. Радянська, 68'), 'Літин');
    assert.equal(settlementOf('селище Хорошеве, а/д Харків-Сімферополь 971а км'), 'Хорошеве');
    assert.equal(settlementOf("м. Знам'янка смт Знам'янка Друга, вул. Степова, буд. 1"), "Знам'янка Друга");
    assert.equal(settlementOf(' сщ/рада Чумаківська,  а/ш Дніпро-Царичанка, км26+400'), null);
    assert.equal(settlementOf(null), null);
  });
});

describe('Ukrainian station locators: rejected items', () => {
  it('keeps a station without coordinates (null), reads string coordinates, rejects bad ones, missing ids and repeats', () => {
    const okko = items('okko');
    okko[0]!.attributes.coordinates = {};
    okko[1]!.attributes.coordinates = { lat: '49,967205', lng: '36.010737' };
    okko[2]!.attributes.coordinates = { lat: 'n/a', lng: 24.05 };
    okko[3]!.attributes.Cod_AZK = null;
    okko[4]!.attributes.Cod_AZK = okko[5]!.attributes.Cod_AZK;
    const feed = parse('okko', JSON.stringify(okko), 'okko.json');
    assert.equal(feed.rowsRead, 7);
    assert.deepEqual([record(feed, 1)?.lat, record(feed, 1)?.lon, record(feed, 1)?.source_id], [null, null, '60113100']);
    assert.deepEqual([record(feed, 2)?.lat, record(feed, 2)?.lon], [49.967205, 36.010737]);
    assert.deepEqual(feed.rejected, [
      { file: 'okko.json', line: 3, reason: "coordinates 'n/a', 24.05 are not a position" },
      { file: 'okko.json', line: 4, reason: 'Cod_AZK null is not a station code' },
      { file: 'okko.json', line: 6, reason: "station id '60112800' repeats item 5" },
    ]);
  });

  it('ANP without coordinates cannot be keyed; swapped coordinates lie outside Ukraine; hidden Ukrnafta stations and id-less WOG items are rejected', () => {
    const anp = items('anp');
    anp[1]!['Широта'] = null;
    anp[2]!['Широта'] = 28.378501;
    anp[2]!['Довгота'] = 49.246361;
    const a = parse('anp', JSON.stringify(anp), 'anp.json');
    assert.deepEqual(a.rejected, [
      { file: 'anp.json', line: 2, reason: 'no coordinates (Широта null, Довгота 28.581339): ANP has no station id, the id is built from them' },
      { file: 'anp.json', line: 3, reason: 'coordinates 28.378501, 49.246361 are outside Ukraine' },
    ]);
    assert.equal(a.stations.length, 8);

    const ukrnafta = items('ukrnafta');
    ukrnafta[0]!.isShow = false;
    ukrnafta[1]!.title = '  ';
    const u = parse('ukrnafta', JSON.stringify(ukrnafta), 'u.json');
    assert.deepEqual(u.rejected, [
      { file: 'u.json', line: 1, reason: 'station 01/001 is hidden on the locator (isShow false)' },
      { file: 'u.json', line: 2, reason: "title '  ' is not a station number" },
    ]);

    const wog = items('wog');
    wog[0]!.id = 'abc';
    wog[1]!.coordinates = { latitude: 91, longitude: 30 };
    const w = parse('wog', JSON.stringify(wog), 'w.json');
    assert.deepEqual(w.rejected, [
      { file: 'w.json', line: 1, reason: "id 'abc' is not a station id" },
      { file: 'w.json', line: 2, reason: 'coordinates 91, 30 are not a position' },
    ]);
    assert.equal(w.rowsRead, 6);
  });
});

describe('Ukrainian brand price snapshot', () => {
  it('one feed per network under its own source: UAH country-level records with the network in local_name, dated options.at', () => {
    const feeds = parseUaPrices(fixture('places/ua-locators/prices.json'), 'prices.json', opts);
    assert.deepEqual(feeds.map((f) => [f.source, f.rowsRead, f.countryPrices.length, f.rejected.length]),
      [['ua-anp', 5, 4, 1], ['ua-okko', 6, 6, 0], ['ua-ukrnafta', 5, 4, 1], ['ua-wog', 4, 4, 0]]);
    const okko = feeds[1]!;
    const row = (grade: string, local_name: string, price: number) =>
      ({ country_code: 'UA', grade, local_name, price, currency: 'UAH', price_eur: null, date: '2024-02-01', with_taxes: true });
    assert.deepEqual(okko.countryPrices.map((p) => p.record), [
      row('diesel_premium', 'OKKO ДП (Pulls Diesel)', 57.99),
      row('diesel', 'OKKO ДП (DP)', 54.99),
      row('e5_premium', 'OKKO 95 (Pulls 95)', 56.99),
      row('e5', 'OKKO 95 (A-95)', 54.99),
      row('lpg', 'OKKO ГАЗ (SPBT)', 32.49),
      row('adblue', 'OKKO AdBlue', 39.9), // the price is the string "39.90" in the file
    ]);
    assert.deepEqual(feeds[3]!.countryPrices.map((p) => [p.record.grade, p.record.local_name, p.record.price]), [
      ['diesel', 'WOG ДП (Євро5)', 54.99], ['diesel_premium', 'WOG ДП (Mustang+)', 57.99], ['e5', 'WOG 95 (Євро5)', 54.99], ['e5_premium', 'WOG 95 (Mustang)', 56.99],
    ]);
    assert.deepEqual(feeds[2]!.countryPrices.map((p) => [p.line, p.record.grade, p.record.price]),
      [[1, 'e5_premium', 51.9], [2, 'e5', 49.9], [4, 'diesel', 50.9], [5, 'lpg', 31]]);
    assert.deepEqual(feeds[0]!.rejected, [{ file: 'prices.json', line: 3, reason: "ANP A-92: grade 'A-92' (92 octane) has no normalised grade" }]);
    assert.deepEqual(feeds[2]!.rejected, [{ file: 'prices.json', line: 3, reason: "Ukrnafta A-92: grade 'A-92' (92 octane) has no normalised grade" }]);
  });

  it('rejects implausible prices, unknown fuels and a second price for a grade; throws for unknown networks', () => {
    const body = { wog: [
      { price: 54.99, brand: 'Євро5', name: 'ДП' }, { price: 549.9, brand: 'Євро5', name: '95' }, { price: 0, name: 'Gas' },
      { price: 55.5, brand: 'Євро5', name: 'ДП' }, { price: 20, name: 'Керосин' },
    ] };
    const wog = uaPriceParser('wog')(JSON.stringify(body), 'p.json', opts);
    assert.equal(wog.source, 'ua-wog');
    assert.equal(wog.rowsRead, 5);
    assert.deepEqual(wog.countryPrices.map((p) => [p.record.grade, p.record.price]), [['diesel', 54.99]]);
    assert.deepEqual(wog.rejected.map((r) => [r.line, r.reason]), [
      [2, "WOG 95 (Євро5): price 549.9 is not a positive UAH price below 200"],
      [3, 'WOG Gas: price 0 is not a positive UAH price below 200'],
      [4, 'WOG ДП (Євро5): a second diesel price (first at entry 1)'],
      [5, "WOG Керосин: grade 'Керосин' is not a known fuel"],
    ]);
    assert.throws(() => uaPriceParser('okko')(JSON.stringify(body), 'p.json', opts), /p\.json: no 'okko' price list/);
    assert.throws(() => parseUaPrices(JSON.stringify({ ...body, socar: [] }), 'p.json', opts), /price lists of unknown networks: socar/);
    assert.throws(() => parseUaPrices(text('wog'), 'w.json', opts), /not the Ukrainian brand price snapshot/);
  });

  it('maps the networks\' grade names', () => {
    const grade = (name: string, variant?: string) => { const g = uaGrade(name, variant); return 'grade' in g ? g.grade : g.reason; };
    assert.deepEqual(['ДП', 'Дизельне пальне', 'Diesel', 'DP'].map((n) => grade(n)), ['diesel', 'diesel', 'diesel', 'diesel']);
    assert.deepEqual(['А-95', 'A-95', '95'].map((n) => grade(n)), ['e5', 'e5', 'e5'], 'Cyrillic and Latin A');
    assert.deepEqual([grade('А-95+'), grade('Pulls 95'), grade('Mustang 95'), grade('95', 'Mustang'), grade('ДП', 'pulls Pulls Diesel')],
      ['e5_premium', 'e5_premium', 'e5_premium', 'e5_premium', 'diesel_premium']);
    assert.deepEqual([grade('ГАЗ'), grade('LPG'), grade('Gas'), grade('AdBlue')], ['lpg', 'lpg', 'lpg', 'adblue']);
    assert.equal(grade('А-92'), "grade 'А-92' (92 octane) has no normalised grade");
  });
});
