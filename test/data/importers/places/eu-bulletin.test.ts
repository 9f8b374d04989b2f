import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEuBulletinLong, parseEuBulletinWob } from '../../../../data/importers/places/eu-bulletin.js';
import type { PlaceParser } from '../../../../data/importers/places/parsed.js';
import { fixture } from '../../../helpers/fixtures.js';

const at = { at: new Date('2026-08-21T00:00:00Z') };
const LONG = 'places/eu-bulletin/oil_bulletin_long_excerpt.csv';
const WOB = 'places/eu-bulletin/wob_full_excerpt.csv';

[parseEuBulletinLong, parseEuBulletinWob] satisfies PlaceParser[];

/** Rows that gave neither a record nor a rejection. */
function skippedLines(places: ReturnType<PlaceParser>, dataLines: number[]): number[] {
  const used = new Set([...places.countryPrices.map((r) => r.line), ...places.rejected.map((r) => r.line)]);
  return dataLines.filter((line) => !used.has(line));
}

describe('EU Weekly Oil Bulletin, long file', () => {
  it('reads road fuels with taxes in EUR, UK as GB; skips EU/EUR aggregates and Heating Oil; rejects empty values', () => {
    const places = parseEuBulletinLong(fixture(LONG), 'long.csv', at);
    assert.equal(places.source, 'eu-bulletin');
    assert.equal(places.rowsRead, 32);
    assert.deepEqual(places.stations, []);
    assert.deepEqual(places.prices, []);
    // Line 30: `UK,United Kingdom,2020-12-21,Euro 95,1.25`.
    assert.deepEqual(places.countryPrices.find((r) => r.line === 30), {
      line: 30,
      record: { country_code: 'GB', grade: 'e5', local_name: 'Euro 95', price: 1.25, currency: 'EUR', price_eur: 1.25, date: '2020-12-21', with_taxes: true },
    });
    // Line 21: `BG,Bulgaria,2020-12-21,LPG,0.44` (a non-euro country: the long file is in EUR all the same).
    assert.deepEqual(places.countryPrices.find((r) => r.line === 21)?.record, {
      country_code: 'BG', grade: 'lpg', local_name: 'LPG', price: 0.44, currency: 'EUR', price_eur: 0.44, date: '2020-12-21', with_taxes: true,
    });
    assert.deepEqual(places.countryPrices.find((r) => r.line === 27)?.record.price, 1, 'PL diesel `1`');
    assert.deepEqual(
      places.countryPrices.map((r) => `${r.record.country_code} ${r.record.grade}`),
      ['AT e5', 'AT diesel', 'BG e5', 'BG diesel', 'BG lpg', 'HR e5', 'HR diesel', 'HR lpg', 'PL e5', 'PL diesel', 'PL lpg', 'GB e5', 'GB diesel'],
    );
    // Countries that report no LPG, and Austria's missing week, are rejected, never defaulted.
    assert.deepEqual(places.rejected, [
      { file: 'long.csv', line: 10, reason: 'value is empty (Euro 95, AT, 2023-11-27)' },
      { file: 'long.csv', line: 12, reason: 'value is empty (Diesel, AT, 2023-11-27)' },
      { file: 'long.csv', line: 16, reason: 'value is empty (LPG, AT, 2023-11-27)' },
      { file: 'long.csv', line: 17, reason: 'value is empty (LPG, AT, 2020-12-21)' },
      { file: 'long.csv', line: 33, reason: 'value is empty (LPG, UK, 2020-12-21)' },
    ]);
    // EU and EUR (lines 2-9) and every Heating Oil row (the empty AT one at 14 too) are skipped silently.
    assert.deepEqual(skippedLines(places, Array.from({ length: 32 }, (_, i) => i + 2)), [2, 3, 4, 5, 6, 7, 8, 9, 14, 15, 20, 24, 28, 32]);
  });

  it('rejects bad rows with their line and the bad value', () => {
    // Constructed rows after the real excerpt (lines 34 on).
    const text = `${fixture(LONG).trimEnd()}
XYZ,Nowhere,2020-12-21,Diesel,1.1
AT,Austria,2020-13-01,Diesel,1.1
AT,Austria,2020-12-28,Diesel,-1.1
AT,Austria,2020-12-28,Diesel,0
AT,Austria,2020-12-28,Diesel,25
AT,Austria,2020-12-28,Diesel,1,1
AT,Austria,2020-12-28,Diesel,abc
AT,Austria,2020-12-28,Kerosene,1.1
AT,Austria,2020-12-28,Diesel,20
`;
    const places = parseEuBulletinLong(text, 'long.csv', at);
    assert.equal(places.rowsRead, 41);
    assert.deepEqual(places.rejected.slice(5).map((r) => [r.line, r.reason]), [
      [34, "country 'XYZ' is not a two-letter code"],
      [35, "date '2020-13-01' is not a YYYY-MM-DD day"],
      [36, "value '-1.1' is not a plausible price (-1.1 EUR per litre; expected above 0 and at most 20) (Diesel, AT, 2020-12-28)"],
      [37, "value '0' is not a plausible price (0 EUR per litre; expected above 0 and at most 20) (Diesel, AT, 2020-12-28)"],
      [38, "value '25' is not a plausible price (25 EUR per litre; expected above 0 and at most 20) (Diesel, AT, 2020-12-28)"],
      [39, '6 fields where the header has 5'],
      [40, "value 'abc' is not a number (Diesel, AT, 2020-12-28)"],
      [41, "variable 'Kerosene' is not a known fuel"],
    ]);
    assert.equal(places.countryPrices.at(-1)?.record.price, 20, '20 EUR is the highest price taken');
  });

  it('rejects a file without the columns it needs, once', () => {
    const places = parseEuBulletinLong('country,date,variable\nAT,2020-12-21,Diesel\n', 'x.csv', at);
    assert.deepEqual(places.rejected, [{ file: 'x.csv', line: 1, reason: 'header lacks column(s) value' }]);
    assert.equal(places.countryPrices.length, 0);
  });
});

describe('EU Weekly Oil Bulletin, wob_full', () => {
  it('gives EUR per litre with and without taxes, plus the national currency for non-euro countries', () => {
    const places = parseEuBulletinWob(fixture(WOB), 'wob.csv', at);
    assert.equal(places.source, 'eu-bulletin');
    assert.equal(places.rowsRead, 58);
    assert.deepEqual(places.rejected, []);
    // 35 road-fuel rows, 15 of them in a non-euro country: 35 x 2 EUR records + 15 x 2 national ones.
    assert.equal(places.countryPrices.length, 100);
    // Line 3, Austria (euro): `1128` and `446.64` EUR per 1000 L.
    assert.deepEqual(places.countryPrices.filter((r) => r.line === 3).map((r) => r.record), [
      { country_code: 'AT', grade: 'e5', local_name: 'Euro-super 95', price: 1.128, currency: 'EUR', price_eur: 1.128, date: '2015-01-12', with_taxes: true },
      { country_code: 'AT', grade: 'e5', local_name: 'Euro-super 95', price: 0.44664, currency: 'EUR', price_eur: 0.44664, date: '2015-01-12', with_taxes: false },
    ]);
    // Line 12, Bulgaria: EUR 1059.85 per 1000 L at 0.5113 EUR per BGN = 2.0729 BGN per litre (BGN is pegged at 1.95583).
    assert.deepEqual(places.countryPrices.filter((r) => r.line === 12).map((r) => r.record), [
      { country_code: 'BG', grade: 'e5', local_name: 'Euro-super 95', price: 1.059853, currency: 'EUR', price_eur: 1.059853, date: '2015-01-12', with_taxes: true },
      { country_code: 'BG', grade: 'e5', local_name: 'Euro-super 95', price: 2.07286, currency: 'BGN', price_eur: 1.059853, date: '2015-01-12', with_taxes: true },
      { country_code: 'BG', grade: 'e5', local_name: 'Euro-super 95', price: 0.520186, currency: 'EUR', price_eur: 0.520186, date: '2015-01-12', with_taxes: false },
      { country_code: 'BG', grade: 'e5', local_name: 'Euro-super 95', price: 1.01738, currency: 'BGN', price_eur: 0.520186, date: '2015-01-12', with_taxes: false },
    ]);
    // Line 57, the United Kingdom: stored as GB; 1.397 EUR / 1.2835 EUR per GBP = 1.089 GBP per litre.
    const uk = places.countryPrices.filter((r) => r.line === 57).map((r) => r.record);
    assert.deepEqual(uk.map((r) => [r.country_code, r.currency, r.with_taxes, r.price]), [
      ['GB', 'EUR', true, 1.39733], ['GB', 'GBP', true, 1.08866], ['GB', 'EUR', false, 0.420639], ['GB', 'GBP', false, 0.32772],
    ]);
    // Line 14: `LPG - motor fuel` is lpg; line 55: HUF.
    assert.equal(places.countryPrices.find((r) => r.line === 14)?.record.grade, 'lpg');
    assert.deepEqual(places.countryPrices.filter((r) => r.line === 55 && r.record.currency === 'HUF').map((r) => r.record.price), [335.62422, 142.77104]);
    // Heating gas oil, fuel oils per tonne, UK burning oil and Greek lead substitute petrol: skipped, not rejected.
    const used = new Set(places.countryPrices.map((r) => r.line));
    for (const line of [4, 5, 8, 9, 13, 17, 18, 53, 58, 59]) assert.ok(!used.has(line), `line ${line} is skipped`);
    assert.equal(58 - used.size, 23);
  });

  it('rejects unknown products, wrong units, missing prices and rates, implausible prices', () => {
    const header = fixture(WOB).split('\n')[0];
    // Constructed rows (lines 2 on).
    const text = `${header}
"2015-01-12","Austria","AT","Biodiesel B100","EUR","1000L",1,1100,500
"2015-01-12","Austria","AT","Automotive gas oil","EUR","t",1,1100,500
"2015-01-12","Austria","AT","Automotive gas oil","EUR","1000L",1,,500
"2015-01-12","Hungary","HU","Automotive gas oil","HUF","1000L",,1100,500
"2015-01-12","Austria","AT","Automotive gas oil","EUR","1000L",1,25000,0
"2015-01-12","Austria","A","Automotive gas oil","EUR","1000L",1,1100,500
"2015-13-12","Austria","AT","Automotive gas oil","EUR","1000L",1,1100,500
`;
    const places = parseEuBulletinWob(text, 'wob.csv', at);
    assert.equal(places.rowsRead, 7);
    assert.equal(places.countryPrices.length, 0);
    assert.deepEqual(places.rejected.map((r) => [r.line, r.reason]), [
      [2, "product 'Biodiesel B100' is not a known fuel"],
      [3, "unit 't' of Automotive gas oil: expected 1000L"],
      [4, 'price_with_taxes (Automotive gas oil) is empty'],
      [5, "eur_exchange_rate '' of HUF is not a positive number"],
      [6, "price_with_taxes (Automotive gas oil) '25000' is not a plausible price (25 EUR per litre; expected above 0 and at most 20); price_without_taxes (Automotive gas oil) '0' is not a plausible price (0 EUR per litre; expected above 0 and at most 20)"],
      [7, "country_code 'A' is not a two-letter code"],
      [8, "prices_in_force_on '2015-13-12' is not a YYYY-MM-DD day"],
    ]);
  });
});
