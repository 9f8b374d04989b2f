import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlaceParser } from '../../../../data/importers/places/parsed.js';
import { parseRoNational, parseRoPrices, parseRoStations } from '../../../../data/importers/places/ro-fuel.js';
import { fixture } from '../../../helpers/fixtures.js';

[parseRoStations, parseRoPrices, parseRoNational] satisfies PlaceParser[];

const at = { at: new Date('2026-03-24T00:00:00Z') };
const STATIONS = 'places/ro-fuel/stations_excerpt.csv';
const PRICES = 'places/ro-fuel/station_prices_2026-03-21_excerpt.csv';
const NATIONAL = 'places/ro-fuel/romania_national_daily_excerpt.csv';

describe('Romanian stations', () => {
  it('reads stations in RO with their network as brand; an empty city is null', () => {
    const places = parseRoStations(fixture(STATIONS), 'stations.csv', at);
    assert.equal(places.source, 'ro-monitor');
    assert.equal(places.rowsRead, 20);
    assert.deepEqual(places.rejected, []);
    assert.equal(places.stations.length, 20);
    assert.deepEqual(places.stations[0], {
      line: 2,
      record: { source_id: 'P387', name: 'Arad 8', brand: 'LUKOIL România S.R.L.', address: null, city: null, country_code: 'RO', lat: 46.202766, lon: 21.231549, services: [] },
    });
    assert.deepEqual(places.stations.find((s) => s.line === 4)?.record, {
      source_id: '041ADJ', name: 'Adjud', brand: 'Rompetrol', address: null, city: 'adjud', country_code: 'RO', lat: 46.0891266, lon: 27.19043389, services: [],
    });
  });

  it('keeps a station without coordinates; rejects a bad id, a repeated id and an impossible position', () => {
    // Constructed rows after the real excerpt (lines 22 on).
    const text = `${fixture(STATIONS).trimEnd()}
X1,"No position",OMV,,,arad,
P387,"Arad 8 again",LUKOIL,46.2,21.2,arad,
"bad id",Name,OMV,46.2,21.2,arad,
X2,Name,OMV,146.2,21.2,arad,
X3,Name,OMV,46.2,,arad,
,Name,OMV,46.2,21.2,arad,
`;
    const places = parseRoStations(text, 'stations.csv', at);
    assert.equal(places.rowsRead, 26);
    assert.deepEqual(places.stations.at(-1)?.record, {
      source_id: 'X1', name: 'No position', brand: 'OMV', address: null, city: 'arad', country_code: 'RO', lat: null, lon: null, services: [],
    });
    assert.deepEqual(places.rejected.map((r) => [r.line, r.reason]), [
      [23, "id 'P387' repeats line 2"],
      [24, "id 'bad id' is not a station id"],
      [25, "lat '146.2', lon '21.2' is not a position"],
      [26, "lat '46.2', lon '' is not a position"],
      [27, "id '' is not a station id"],
    ]);
  });
});

describe('Romanian station prices', () => {
  it('reads RON prices with Romanian names (with diacritics), reported at the start of the scrape day in Bucharest', () => {
    const places = parseRoPrices(fixture(PRICES), 'prices.csv', at);
    assert.equal(places.source, 'ro-monitor');
    assert.equal(places.rowsRead, 24);
    assert.deepEqual(places.rejected, []);
    assert.equal(places.prices.length, 21);
    assert.deepEqual(places.prices[1], {
      line: 3,
      record: { station_id: '041AR1', grade: 'e5_premium', local_name: 'Benzină premium', price: 9.85, currency: 'RON', reported_at: '2026-03-20T22:00:00.000Z', self_service: null },
    });
    assert.deepEqual(
      places.prices.slice(0, 5).map((p) => `${p.record.local_name} -> ${p.record.grade}`),
      ['GPL -> lpg', 'Benzină premium -> e5_premium', 'Benzină standard -> e5', 'Motorină premium -> diesel_premium', 'Motorină standard -> diesel'],
    );
    // Electric charging (per kWh, lines 12, 18 and 23: 2.35 and 29.0) is not a fuel: skipped, not rejected.
    const used = new Set(places.prices.map((p) => p.line));
    assert.deepEqual([12, 18, 23].filter((line) => used.has(line)), []);
  });

  it('matches names without diacritics, takes the summer offset, rejects unknown names and bad prices', () => {
    // Constructed rows after the real excerpt (lines 26 on).
    const text = `${fixture(PRICES).trimEnd()}
1,041AR1,Motorina standard,9.75,2026-07-01
2,041AR1,"MOTORINĂ  PREMIUM",10.2,2026-03-21
3,041AR1,AdBlue,4.5,2026-03-21
4,041AR1,GPL,0,2026-03-21
5,041AR1,GPL,-4,2026-03-21
6,041AR1,GPL,0.5,2026-03-21
7,041AR1,GPL,120,2026-03-21
8,041AR1,GPL,,2026-03-21
9,041AR1,GPL,4.08,21.03.2026
10,,GPL,4.08,2026-03-21
11,041AR1,GPL,4.08,2026-03-21,x
12,041AR1,GPL,100,2026-03-21
`;
    const places = parseRoPrices(text, 'prices.csv', at);
    assert.equal(places.rowsRead, 36);
    assert.deepEqual(places.prices.find((p) => p.line === 26)?.record, {
      station_id: '041AR1', grade: 'diesel', local_name: 'Motorina standard', price: 9.75, currency: 'RON', reported_at: '2026-06-30T21:00:00.000Z', self_service: null,
    });
    assert.equal(places.prices.find((p) => p.line === 27)?.record.grade, 'diesel_premium');
    assert.equal(places.prices.find((p) => p.line === 37)?.record.price, 100);
    assert.deepEqual(places.rejected.map((r) => [r.line, r.reason]), [
      [28, "fuel 'AdBlue' has no grade"],
      [29, "price '0' is not a plausible RON price (1 to 100)"],
      [30, "price '-4' is not a plausible RON price (1 to 100)"],
      [31, "price '0.5' is not a plausible RON price (1 to 100)"],
      [32, "price '120' is not a plausible RON price (1 to 100)"],
      [33, 'price is empty'],
      [34, "scrape_date '21.03.2026' is not a YYYY-MM-DD day"],
      [35, "station_id '' is not a station id"],
      [36, '6 fields where the header has 5'],
    ]);
  });
});

describe('Romanian national daily averages', () => {
  it('reads RON averages with taxes (CRLF file), no EUR price', () => {
    const places = parseRoNational(fixture(NATIONAL), 'national.csv', at);
    assert.equal(places.source, 'ro-monitor');
    assert.equal(places.rowsRead, 20);
    assert.deepEqual(places.rejected, []);
    assert.deepEqual(places.countryPrices[0], {
      line: 2,
      record: { country_code: 'RO', grade: 'e5', local_name: 'b95', price: 4.88, currency: 'RON', price_eur: null, date: '2016-08-01', with_taxes: true },
    });
    assert.deepEqual(places.countryPrices.at(-1), {
      line: 21,
      record: { country_code: 'RO', grade: 'diesel_premium', local_name: 'diesel_plus', price: 9.92, currency: 'RON', price_eur: null, date: '2026-03-23', with_taxes: true },
    });
    assert.deepEqual(places.countryPrices.slice(0, 5).map((r) => `${r.record.local_name} -> ${r.record.grade}`), [
      'b95 -> e5', 'diesel -> diesel', 'gpl -> lpg', 'b98 -> e5_premium', 'diesel_plus -> diesel_premium',
    ]);
  });

  it('rejects unknown fuel types, missing or implausible prices and bad dates', () => {
    // Constructed rows after the real excerpt (lines 22 on).
    const text = `${fixture(NATIONAL).trimEnd()}\r
2026-03-24,b100,9.1\r
2026-03-24,b95,\r
2026-03-24,b95,120\r
2026-03-24,b95,0\r
2026-02-30,b95,8.6\r
,b95,8.6\r
`;
    const places = parseRoNational(text, 'national.csv', at);
    assert.equal(places.rowsRead, 26);
    assert.equal(places.countryPrices.length, 20);
    assert.deepEqual(places.rejected.map((r) => [r.line, r.reason]), [
      [22, "fuel_type 'b100' has no grade"],
      [23, 'price_ron_per_l is empty'],
      [24, "price_ron_per_l '120' is not a plausible RON price (above 0, at most 100)"],
      [25, "price_ron_per_l '0' is not a plausible RON price (above 0, at most 100)"],
      [26, "date '2026-02-30' is not a YYYY-MM-DD day"],
      [27, "date '' is not a YYYY-MM-DD day"],
    ]);
  });
});
