import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LT_RESTRICTION_TYPES, ltRoadName, parseLtClosures } from '../../../../data/importers/road/lt-closures.js';
import type { RoadReportParser } from '../../../../data/importers/road/parsed.js';
import { fixture } from '../../../helpers/fixtures.js';

parseLtClosures satisfies RoadReportParser;

const at = { at: new Date('2026-04-04T21:00:00Z') };
const WEEK1 = 'road/lt-eismoinfo/road_closed_2026-04-04T2100_excerpt.csv';
const WEEK2 = 'road/lt-eismoinfo/road_closed_2026-04-13T0541_excerpt.csv';
const HEADER = 'start_time,end_time,description,location,direction,street,location_description,restrictionType,transportType';

describe('Lithuanian road closure snapshots (lt-eismoinfo)', () => {
  it('reads every row of the real excerpt as a closure in Lithuania', () => {
    const parsed = parseLtClosures(fixture(WEEK1), 'week1.csv', at);
    assert.equal(parsed.source, 'lt-eismoinfo');
    assert.equal(parsed.rowsRead, 10);
    assert.deepEqual(parsed.rejected, []);
    // Line 11: a quoted description spanning lines 11-12 is reported at the line it starts on.
    assert.deepEqual(parsed.reports.map((r) => r.line), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const { record } of parsed.reports) {
      assert.deepEqual([record.condition_type, record.country_code, record.lang, record.applies_to, record.direction], ['closure', 'LT', 'lt', 'all', 'both']);
    }
  });

  it('maps a border checkpoint closure exactly: road without km, polyline as [lon, lat], days as Vilnius midnights in UTC', () => {
    const parsed = parseLtClosures(fixture(WEEK1), 'week1.csv', at);
    assert.deepEqual(parsed.reports.find((r) => r.line === 3), {
      line: 3,
      record: {
        source_id: 'A4 Vilnius–Varėna–Gardinas* 133.862-133.962km.|2024-03-01|53.944373 23.977621',
        condition_type: 'closure',
        severity: 'critical',
        description: 'Raigardo PKP uždarymas. — A4 Vilnius–Varėna–Gardinas* 133.862-133.962km.',
        lang: 'lt',
        road_name: 'A4 Vilnius–Varėna–Gardinas',
        direction: 'both',
        country_code: 'LT',
        geometry: { type: 'LineString', coordinates: [[23.977621, 53.944373], [23.977466, 53.944305], [23.977005, 53.944109]] },
        // 2024-03-01 00:00 EET (UTC+2); the end of 2026-12-31 is 2027-01-01 00:00 EET.
        starts_at: '2024-02-29T22:00:00.000Z',
        expires_at: '2026-12-31T22:00:00.000Z',
        applies_to: 'all',
        truck_limits: null,
      },
    });
  });

  it('keeps every checkpoint closed by decision ("PKP uždarymas", "Pasienio punkto uždarymas") as a critical closure', () => {
    const parsed = parseLtClosures(fixture(WEEK1), 'week1.csv', at);
    const checkpoints = parsed.reports.filter((r) => /PKP uždarymas|Pasienio punkto uždarymas/.test(r.record.description));
    assert.deepEqual(
      checkpoints.map((r) => [r.record.road_name, r.record.severity, r.record.geometry.type === 'LineString' ? r.record.geometry.coordinates[0] : null]),
      [
        ['5006 Druskininkai–Pariečė', 'critical', [24.077935, 53.939161]],
        ['A4 Vilnius–Varėna–Gardinas', 'critical', [23.977621, 53.944373]],
        ['103 Vilnius–Polockas', 'critical', [25.672205, 54.708943]],
        ['104 Šalčininkai–Dieveniškės–Krakūnai', 'critical', [25.602511, 54.147685]],
        ['184 Kiduliai–Ramoniškiai', 'critical', [22.596288, 55.056988]],
      ],
    );
    // The Lavoriškės closure is a 93-position line; the trailing space of "Latežerio PKP uždarymas. " is dropped.
    const lavoriskes = parsed.reports.find((r) => r.line === 4)!.record.geometry;
    assert.equal(lavoriskes.type === 'LineString' && lavoriskes.coordinates.length, 93);
    assert.equal(parsed.reports.find((r) => r.line === 2)!.record.description, 'Latežerio PKP uždarymas. — 5006 Druskininkai–Pariečė* 12.102-12.152km.');
    // Road 104: the double space of the street is one space in the id and the name.
    assert.equal(parsed.reports.find((r) => r.line === 5)!.record.source_id, '104 Šalčininkai–Dieveniškės–Krakūnai* 32.398-32.408km.|2023-09-18|54.147685 25.602511');
  });

  it('converts days across the change to summer time (2026-03-29): UTC+2 before, UTC+3 after', () => {
    const flood = parseLtClosures(fixture(WEEK1), 'week1.csv', at).reports.find((r) => r.line === 8)!.record;
    assert.equal(flood.description, 'Apsemtas kelio ruožas nuo 0 iki 14,27 km. Vandens gylis 50 cm. — 4213 Rusnė–Galzdonai–Plaškiai 0.100-14.270km.');
    assert.deepEqual([flood.starts_at, flood.expires_at], ['2026-03-12T22:00:00.000Z', '2026-04-15T21:00:00.000Z']);
  });

  it('keeps a row with no description (its street is the text) and a description with a tab and a line break', () => {
    const parsed = parseLtClosures(fixture(WEEK1), 'week1.csv', at);
    assert.equal(parsed.reports.find((r) => r.line === 9)!.record.description, '4229 Vilkiškiai–Bitėnai–Panemunė 28.780-28.800km.');
    const bridge = parsed.reports.find((r) => r.line === 11)!.record;
    assert.match(bridge.description, /^Tilto rekonstravimo darbai\. Darbų metu eismas draudžiamas/);
    assert.deepEqual([bridge.road_name, bridge.starts_at, bridge.expires_at], ['1906 Aukštutiniai Kaniūkai–Babtai–Labūnava–Kėdainiai', '2026-01-15T22:00:00.000Z', '2026-05-31T21:00:00.000Z']);
  });

  it('gives a closure the same id the next week when only its end day changed (an update, not a new closure)', () => {
    const week1 = parseLtClosures(fixture(WEEK1), 'week1.csv', at).reports.find((r) => r.record.road_name === '4514 Žygaičiai–Visbarai–Bikavėnai')!.record;
    const week2 = parseLtClosures(fixture(WEEK2), 'week2.csv', at).reports.find((r) => r.record.road_name === '4514 Žygaičiai–Visbarai–Bikavėnai')!.record;
    assert.equal(week2.source_id, week1.source_id);
    assert.deepEqual([week1.expires_at, week2.expires_at], ['2026-04-10T21:00:00.000Z', '2026-04-26T21:00:00.000Z']);
    assert.deepEqual({ ...week2, expires_at: week1.expires_at }, week1);
  });

  it('rejects rows it cannot use, naming every bad value; a repeated closure names the first line', () => {
    // Constructed rows after the real excerpt (line 13 on), each a real row with one cell changed.
    const text = `${fixture(WEEK1).trimEnd()}
2026-13-01,2026-04-30,X,55.928400 21.993021 55.928377 21.993339,BOTH_DIRECTIONS,3207 Staneliai–Vilkaičiai 4.190-12.599km.,,roadClosed,All
2026-03-31,2026-03-30,X,55.928400 21.993021 55.928377,BOTH_DIRECTIONS,3207 Staneliai–Vilkaičiai 4.190-12.599km.,,laneClosed,All
2026-03-31,2026-04-30,X,95.928400 21.993021,BOTH_DIRECTIONS,,,roadClosed,All
2024-03-01,2026-12-31,Raigardo PKP uždarymas.,53.944373 23.977621 53.944305 23.977466 53.944109 23.977005,BOTH_DIRECTIONS,A4 Vilnius–Varėna–Gardinas* 133.862-133.962km.,,roadClosed,All
2026-03-31,2026-04-30,X,55.928400 21.993021,BOTH_DIRECTIONS
2026-04-01,2026-04-30,Sunkvežimiams,55.928400 21.993021 55.928377 21.993339,ONE_DIRECTION,3207 Staneliai–Vilkaičiai 4.190-12.599km.,,roadClosed,lorry
`;
    const parsed = parseLtClosures(text, 'week1.csv', at);
    assert.equal(parsed.rowsRead, 16);
    assert.deepEqual(parsed.rejected, [
      { file: 'week1.csv', line: 13, reason: "start_time '2026-13-01' is not a YYYY-MM-DD day" },
      { file: 'week1.csv', line: 14, reason: "end_time '2026-03-30' is before start_time '2026-03-31'; restrictionType 'laneClosed' is not one this importer maps; location has 3 numbers, not lat/lon pairs" },
      { file: 'week1.csv', line: 15, reason: "location pair '95.928400 21.993021' is not a latitude/longitude; street is empty" },
      { file: 'week1.csv', line: 16, reason: "id 'A4 Vilnius–Varėna–Gardinas* 133.862-133.962km.|2024-03-01|53.944373 23.977621' repeats the report of line 3" },
      { file: 'week1.csv', line: 17, reason: '5 fields where the header has 9' },
    ]);
    // A closure for lorries only: applies to trucks, major (not all traffic); one direction.
    const trucks = parsed.reports.find((r) => r.line === 18)!.record;
    assert.deepEqual([trucks.condition_type, trucks.severity, trucks.applies_to, trucks.direction], ['closure', 'major', 'trucks', 'one direction']);
  });

  it('throws on a file that is not a snapshot', () => {
    assert.throws(() => parseLtClosures('source_id,lat,lon\n1,2,3\n', 'x.csv', at), /not a Lithuanian road-closure snapshot \(header lacks start_time/);
    assert.equal(parseLtClosures(`${HEADER}\n`, 'empty.csv', at).rowsRead, 0);
  });

  it('maps restriction types by meaning and strips the kilometre range from a street', () => {
    assert.deepEqual(LT_RESTRICTION_TYPES.roadClosed, { condition: 'closure', severity: 'critical' });
    assert.deepEqual(LT_RESTRICTION_TYPES.weightLimit, { condition: 'other', severity: 'moderate' });
    assert.deepEqual(LT_RESTRICTION_TYPES.speedLimit, { condition: 'other', severity: 'low' });
    assert.equal(ltRoadName('0001037004 A01_113.669_04 (Sitkūnų I sankr.) 0.010-0.460km.'), '0001037004 A01_113.669_04 (Sitkūnų I sankr.)');
    assert.equal(ltRoadName('110 Švenčionys–Adutiškis* 30.566-30.616km.'), '110 Švenčionys–Adutiškis');
  });
});
