import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlaceFormatOptions, PlaceParser } from '../../../../data/importers/places/parsed.js';
import { parseStationCsv, STATION_CSV_COLUMNS } from '../../../../data/importers/places/station-csv.js';
import { fixture } from '../../../helpers/fixtures.js';

const FILE = 'places/station-csv/stations.csv';
const at: PlaceFormatOptions = { at: new Date('2026-07-01T00:00:00Z') };
const parser: PlaceParser = parseStationCsv;

describe('generic station CSV', () => {
  const parsed = parser(fixture(FILE), 'stations.csv', at);

  it('reads each station once, from its first row, and one price per row', () => {
    assert.equal(parsed.source, 'csv');
    assert.equal(parsed.rowsRead, 13);
    assert.deepEqual(parsed.stations, [
      { line: 2, record: {
        source_id: 'okko-lviv-1', name: 'OKKO Horodotska', brand: 'OKKO', address: 'Городоцька вулиця 355', city: 'Львів', country_code: 'UA',
        lat: 49.8561, lon: 23.9712, services: ['adblue', 'car_wash', 'shop'],
      } },
      { line: 4, record: {
        source_id: 'it-123', name: 'Stazione Roma Sud', brand: 'ENI', address: 'Via Appia Nuova 1000, km 3', city: 'Roma', country_code: 'IT',
        lat: 41.85, lon: 12.55, services: [],
      } },
      { line: 7, record: {
        source_id: 'pl-no-position', name: 'Stacja bez pozycji', brand: null, address: null, city: null, country_code: 'PL', lat: null, lon: null, services: [],
      } },
    ]);
    assert.deepEqual(parsed.pois, []);
    assert.deepEqual(parsed.countryPrices, []);
  });

  it('normalises prices: grade, currency, the instant in UTC, decimal comma, self-service', () => {
    assert.deepEqual(parsed.prices, [
      { line: 2, record: { station_id: 'okko-lviv-1', grade: 'diesel', local_name: 'ДП', price: 57.99, currency: 'UAH', reported_at: '2026-07-01T05:00:00.000Z', self_service: null } },
      { line: 3, record: { station_id: 'okko-lviv-1', grade: 'lpg', local_name: 'Газ', price: 29.99, currency: 'UAH', reported_at: '2026-07-01T05:00:00.000Z', self_service: null } },
      { line: 4, record: { station_id: 'it-123', grade: 'diesel', local_name: 'Gasolio', price: 1.789, currency: 'EUR', reported_at: '2026-07-01T07:30:00.000Z', self_service: true } },
      { line: 5, record: { station_id: 'it-123', grade: 'diesel', local_name: 'Gasolio', price: 1.899, currency: 'EUR', reported_at: '2026-07-01T07:30:00.000Z', self_service: false } },
      { line: 7, record: { station_id: 'pl-no-position', grade: 'e5', local_name: 'e5', price: 6.49, currency: 'PLN', reported_at: '2026-07-01T08:00:00.000Z', self_service: true } },
    ]);
  });

  it('rejects a row whole, naming every bad cell; a station that disagrees with its first row; a second price for the same instant', () => {
    assert.deepEqual(parsed.rejected, [
      { file: 'stations.csv', line: 8, reason: "station 'okko-lviv-1': name differs from its line 2" },
      { file: 'stations.csv', line: 9, reason: "station 'it-123': a second diesel self-service price at 2026-07-01T07:30:00.000Z (first on line 4)" },
      { file: 'stations.csv', line: 10, reason: "country 'Poland' is not an ISO 3166-1 alpha-2 code; lat 'abc', lon '12.5' not a WGS84 position (leave both empty when unknown)" },
      { file: 'stations.csv', line: 11, reason: "lat '50.1', lon '' not a WGS84 position (leave both empty when unknown); "
        + "grade 'petrol' is not one of diesel, diesel_premium, e5, e5_premium, e10, e85, lpg, cng, lng, adblue, hvo, hydrogen; price '0' is not a positive number; "
        + "currency 'EURO' is not an ISO 4217 code; reported_at '2026-07-01 08:00' is not an ISO-8601 instant with its offset; self_service 'maybe' is not 1/0, true/false or yes/no" },
      { file: 'stations.csv', line: 12, reason: 'source_id is empty' },
      { file: 'stations.csv', line: 13, reason: "lat '0', lon '0' not a WGS84 position (leave both empty when unknown); services item 'car/wash' is not a plain name (letters, digits, _)" },
      { file: 'stations.csv', line: 14, reason: '8 fields where the header has 15' },
    ]);
    assert.equal(parsed.stations.length + parsed.rejected.length + 3, parsed.rowsRead, 'rows 3, 5 and 6 add prices (or nothing) to stations already read');
  });

  it('stores under the source the runner passes, else csv', () => {
    const options = { ...at, source: 'my-stations' };
    assert.equal(parseStationCsv(fixture(FILE), 'stations.csv', options).source, 'my-stations');
    assert.equal(parseStationCsv(fixture(FILE), 'stations.csv').source, 'csv');
  });

  it('reads a file with only the station columns it needs; throws on a header with unknown or missing columns', () => {
    const few = parseStationCsv('source_id,country,lat,lon\nx-1,de,52.5,13.4\n', 'few.csv', at);
    assert.deepEqual(few.stations, [{ line: 2, record: { source_id: 'x-1', name: null, brand: null, address: null, city: null, country_code: 'DE', lat: 52.5, lon: 13.4, services: [] } }]);
    assert.deepEqual(few.prices, []);
    assert.throws(() => parseStationCsv('source_id,country,prcie\nx,DE,1\n', 'typo.csv', at), /typo\.csv: header has unknown columns prcie/);
    assert.throws(() => parseStationCsv('source_id,name\nx,Y\n', 'no-country.csv', at), /no-country\.csv: header lacks country/);
    assert.equal(STATION_CSV_COLUMNS.join(','), fixture(FILE).split('\n')[0]);
  });
});
