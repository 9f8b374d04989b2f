import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { RoadReportParser } from '../../../../data/importers/road/parsed.js';
import { parseReportCsv, REPORT_CSV_COLUMNS } from '../../../../data/importers/road/report-csv.js';
import { fixture } from '../../../helpers/fixtures.js';

parseReportCsv satisfies RoadReportParser;

const at = { at: new Date('2026-05-04T06:00:00Z') };
const EXAMPLE = 'road/report-csv/reports_example.csv';
const HEADER = REPORT_CSV_COLUMNS.join(',');

describe('road report CSV', () => {
  it('the fixture is the example of the documentation, line for line', () => {
    const doc = readFileSync(new URL('../../../../data/importers/road/report-csv.ts', import.meta.url), 'utf8');
    for (const line of fixture(EXAMPLE).trimEnd().split('\n')) assert.ok(doc.includes(` * ${line}\n`), line);
  });

  it('reads the documented example: a point report and a polyline report with truck limits, times in UTC', () => {
    const parsed = parseReportCsv(fixture(EXAMPLE), 'reports.csv', at);
    assert.equal(parsed.source, 'reports');
    assert.equal(parsed.rowsRead, 2);
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.reports, [
      {
        line: 2,
        record: {
          source_id: 'drv-1041', condition_type: 'pothole', severity: 'moderate', description: 'Deep pothole in the right lane', lang: 'en',
          road_name: 'A1', direction: 'towards Kaunas', country_code: 'LT', geometry: { type: 'Point', coordinates: [23.9036, 54.8985] },
          starts_at: '2026-05-04T04:40:00.000Z', expires_at: null, applies_to: 'all', truck_limits: null,
        },
      },
      {
        line: 3,
        record: {
          source_id: 'op-77', condition_type: 'roadwork', severity: 'major', description: 'Bridge repair, one lane, alternating traffic', lang: 'en',
          road_name: 'DK12', direction: 'both', country_code: 'PL',
          geometry: { type: 'LineString', coordinates: [[15.0319, 51.6337], [15.0412, 51.6371]] },
          starts_at: '2026-05-04T04:00:00.000Z', expires_at: '2026-06-30T16:00:00.000Z', applies_to: 'trucks',
          truck_limits: { max_weight_t: 18, max_axle_load_t: 8, max_height_m: null, max_width_m: 3, max_length_m: null, speed_limit_kmh: 40 },
        },
      },
    ]);
  });

  it('reports the line a row starts on with CRLF line ends and blank lines', () => {
    const crlf = fixture(EXAMPLE).replace(/\n/g, '\r\n');
    assert.deepEqual(parseReportCsv(crlf, 'r.csv', at).reports.map((r) => [r.line, r.record.source_id]), [[2, 'drv-1041'], [3, 'op-77']]);
    const blank = crlf.replace('\r\n', '\r\n\r\n\r\n');
    assert.deepEqual(parseReportCsv(blank, 'r.csv', at).reports.map((r) => [r.line, r.record.description]), [[4, 'Deep pothole in the right lane'], [5, 'Bridge repair, one lane, alternating traffic']]);
  });

  it('stores under the source the operator names', () => {
    assert.equal(parseReportCsv(fixture(EXAMPLE), 'reports.csv', { ...at, source: 'drivers-lt' }).source, 'drivers-lt');
  });

  it('rejects a row with any bad cell whole, naming every bad cell; a repeated id names the first line', () => {
    // Constructed rows after the example (line 4 on).
    const text = `${fixture(EXAMPLE).trimEnd()}
x-1,flood,high,Water on road,EN,,,lt,95,23.9,,2026-05-04 07:40,,,,,,,,
x-2,closure,critical,,en,,,LT,,,"23.9 54.8",,,,0,,12,,,
x-3,closure,critical,Closed,en,,,LT,54.8,23.9,"23.9 54.8;24.0 54.9",2026-05-04T08:00:00Z,2026-05-04T07:00:00Z,,,,,,,
x-4,hazard,low,Debris,en,,,LT,,,,,,,,,,,,abc
drv-1041,pothole,low,Again,en,,,LT,54.8985,23.9036,,,,,,,,,,
x-5,ice,low,Black ice,en,,,LT,54.8985
`;
    const parsed = parseReportCsv(text, 'reports.csv', at);
    assert.equal(parsed.rowsRead, 8);
    assert.deepEqual(parsed.reports.map((r) => r.line), [2, 3]);
    assert.deepEqual(parsed.rejected, [
      {
        file: 'reports.csv', line: 4,
        reason: "condition_type 'flood' is not one of pothole, speed_bump, roadwork, closure, hazard, ice, accident, congestion, weather, other; severity 'high' is not one of low, moderate, major, critical; lang 'EN' is not an ISO 639-1 code (two lower-case letters); country 'lt' is not an ISO 3166-1 alpha-2 code (two capital letters); lat '95', lon '23.9' is not a WGS84 position; starts_at '2026-05-04 07:40' is not an ISO-8601 time with a UTC offset",
      },
      { file: 'reports.csv', line: 5, reason: "description is empty; line '23.9 54.8' has fewer than two positions; max_weight_t '0' is not a number above 0 and at most 100; max_height_m '12' is not a number above 0 and at most 10" },
      { file: 'reports.csv', line: 6, reason: "give either lat and lon or line, not both; expires_at '2026-05-04T07:00:00Z' is not after starts_at '2026-05-04T08:00:00Z'" },
      { file: 'reports.csv', line: 7, reason: "no position: give lat and lon, or line; speed_limit_kmh 'abc' is not a number above 0 and at most 200" },
      { file: 'reports.csv', line: 8, reason: "id 'drv-1041' repeats the report of line 2" },
      { file: 'reports.csv', line: 9, reason: '9 fields where the header has 20' },
    ]);
  });

  it('accepts a header in another order and without optional columns; throws on a missing or unknown column', () => {
    const parsed = parseReportCsv('country,lat,lon,source_id,condition_type,severity,description,lang\nLT,54.9,23.9,r1,ice,major,Black ice,en\n', 'r.csv', at);
    assert.deepEqual(parsed.reports[0]?.record.geometry, { type: 'Point', coordinates: [23.9, 54.9] });
    assert.equal(parsed.reports[0]?.record.truck_limits, null);
    assert.throws(() => parseReportCsv('source_id,severity\n', 'r.csv', at), /not a road report CSV \(header lacks condition_type, description, lang, country\)/);
    assert.throws(() => parseReportCsv(`${HEADER},max_weight\n`, 'r.csv', at), /has unknown column\(s\) max_weight/);
  });
});
