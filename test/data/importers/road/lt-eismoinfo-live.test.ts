import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LT_EISMOINFO_SOURCE, parseLtClosures } from '../../../../data/importers/road/lt-closures.js';
import { LT_EVENT_TYPES, parseLtEismoinfoLive } from '../../../../data/importers/road/lt-eismoinfo-live.js';
import type { RoadReportParser } from '../../../../data/importers/road/parsed.js';
import { importRoadReports, type RoadFeed } from '../../../../data/importers/road/run.js';
import { closeStore, openStore } from '../../../../data/store.js';
import { fixture } from '../../../helpers/fixtures.js';

parseLtEismoinfoLive satisfies RoadReportParser;

const at = { at: new Date('2026-04-20T06:00:00Z') };
// Constructed (no recorded answer of the feed exists publicly): see the fixture's README.
const FEED = 'road/lt-eismoinfo-live/restrictions_constructed.json';
const CSV_WEEK1 = 'road/lt-eismoinfo/road_closed_2026-04-04T2100_excerpt.csv';

type Item = Record<string, unknown> & { location: Record<string, unknown>; restrictions: Record<string, unknown>[] };
/** The fixture's items, to change one thing each. */
const items = (): Item[] => JSON.parse(fixture(FEED)) as Item[];
const parse = (body: unknown, file = 'restrictions.json') => parseLtEismoinfoLive(typeof body === 'string' ? body : JSON.stringify(body), file, at);

describe('Lithuanian live restrictions (restrictions.eismoinfo.lt)', () => {
  it('maps every restriction exactly: _id, closures, limits, times in UTC, polyline as [lon, lat], the Lithuanian text', () => {
    const parsed: RoadFeed = parseLtEismoinfoLive(fixture(FEED), 'restrictions.json', at);
    assert.equal(parsed.source, 'lt-eismoinfo');
    assert.equal(parsed.source, LT_EISMOINFO_SOURCE);
    assert.equal(parsed.rowsRead, 3);
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.reports, [
      {
        line: 1,
        record: {
          source_id: 'fixture-1',
          condition_type: 'closure',
          severity: 'critical',
          // An empty location_description is left out; the street keeps its kilometres in the text.
          description: 'Raigardo PKP uždarymas. — A4 Vilnius–Varėna–Gardinas* 133.862-133.962km.',
          lang: 'lt',
          road_name: 'A4 Vilnius–Varėna–Gardinas',
          direction: 'both',
          country_code: 'LT',
          geometry: { type: 'LineString', coordinates: [[23.977621, 53.944373], [23.977466, 53.944305], [23.977005, 53.944109]] },
          // +02:00 as stated.
          starts_at: '2024-02-29T22:00:00.000Z',
          expires_at: '2026-12-31T21:00:00.000Z',
          applies_to: 'all',
          truck_limits: null,
        },
      },
      {
        line: 2,
        record: {
          source_id: 'fixture-2',
          // CONSTRUCTION, but the road is closed: a closure.
          condition_type: 'closure',
          severity: 'critical',
          // The leading tab and line break are dropped.
          description: 'Tilto rekonstravimo darbai. Darbų metu eismas draudžiamas ir kreipiamas apylanka krašto keliu Nr. 144 Jonava–Kėdainiai–Šeduva ir krašto keliu 229 Aristava–Kėdainiai–Cinkiškiai, vietinės reikšmės Šėtos gatve. Darbų vykdytojas: UAB „Kauno keliai", tel.: 069604702. — 1906 Aukštutiniai Kaniūkai–Babtai–Labūnava–Kėdainiai 44.337-44.434km.',
          lang: 'lt',
          road_name: '1906 Aukštutiniai Kaniūkai–Babtai–Labūnava–Kėdainiai',
          direction: 'both',
          country_code: 'LT',
          geometry: {
            type: 'LineString',
            coordinates: [[23.985026, 55.287563], [23.984724, 55.287672], [23.984392, 55.287792], [23.984047, 55.287917], [23.983737, 55.28803]],
          },
          // +02:00 in January, +03:00 in May.
          starts_at: '2026-01-15T22:00:00.000Z',
          expires_at: '2026-05-31T20:00:00.000Z',
          applies_to: 'all',
          truck_limits: null,
        },
      },
      {
        line: 3,
        record: {
          source_id: 'fixture-3',
          condition_type: 'roadwork',
          // A weight limit: moderate (the speed limit alone would be low).
          severity: 'moderate',
          // Only a short description; the limits are written out, the lorry limit with its class of vehicles.
          description: 'Kelio remonto darbai. — A1 Vilnius–Kaunas–Klaipėda 10.000-10.100km. — Greičio apribojimas 50 km/h — Svorio apribojimas 10 t (lorry)',
          lang: 'lt',
          road_name: 'A1 Vilnius–Kaunas–Klaipėda',
          direction: 'one direction',
          country_code: 'LT',
          // One position: a Point.
          geometry: { type: 'Point', coordinates: [25.279652, 54.687157] },
          starts_at: '2026-04-19T21:00:00.000Z',
          // endTime null: until further notice.
          expires_at: null,
          // The speed limit applies to all traffic.
          applies_to: 'all',
          truck_limits: { max_weight_t: 10, max_axle_load_t: null, max_height_m: null, max_width_m: null, max_length_m: null, speed_limit_kmh: 50 },
        },
      },
    ]);
  });

  // The cases below change the fixture (each says what), to exercise what its three items do not hold.

  it('reads the lower-case names of the open-data catalogue (starttime, endtime, short_description) the same', () => {
    const text = fixture(FEED).replaceAll('"startTime"', '"starttime"').replaceAll('"endTime"', '"endtime"').replace('"shortDescription"', '"short_description"');
    assert.deepEqual(parse(text), parse(fixture(FEED)));
  });

  it('keeps a time with Z as it is and reads one without an offset as Vilnius time', () => {
    const body = items();
    body[0]!.startTime = '2024-02-29T22:00:00.000Z';
    body[2]!.startTime = '2026-04-20T00:00:00';
    body[2]!.endTime = '';
    const [first, , third] = parse(body).reports.map((r) => r.record);
    assert.equal(first!.starts_at, '2024-02-29T22:00:00.000Z');
    assert.deepEqual([third!.starts_at, third!.expires_at], ['2026-04-19T21:00:00.000Z', null]);
  });

  it('maps a closure for lorries to a major closure for trucks, and the event types where no closure says more', () => {
    const body = items();
    body[0]!.restrictions = [{ restrictionType: 'roadClosed', transportType: 'lorry' }];
    body[2]!.type = 'ACCIDENT';
    body[2]!.restrictions = [];
    body.push({ ...body[2]!, _id: 'fixture-4', type: 'HAZARD', subtype: 'flooding', restrictions: [{ restrictionType: 'speedLimit', transportType: 'All', value: 30 }, { restrictionType: 'speedLimit', transportType: 'All', value: '50' }] });
    body.push({ ...body[2]!, _id: 'fixture-5', type: 'SOMETHING', restrictions: [{ restrictionType: 'LD', transportType: 'All', value: 3 }, { restrictionType: 'heightLimit', transportType: 'lorry', value: 4.2 }] });
    const parsed = parse(body);
    assert.deepEqual(parsed.rejected, []);
    const [lorry, , accident, hazard, unknown] = parsed.reports.map((r) => r.record);
    assert.deepEqual([lorry!.condition_type, lorry!.severity, lorry!.applies_to], ['closure', 'major', 'trucks']);
    assert.equal(lorry!.description, 'Raigardo PKP uždarymas. — A4 Vilnius–Varėna–Gardinas* 133.862-133.962km. — Uždarytas kelias (lorry)');
    // An accident with no restriction: major, applies to no one in particular.
    assert.deepEqual([accident!.condition_type, accident!.severity, accident!.applies_to, accident!.truck_limits], ['accident', 'major', null, null]);
    // Two speed limits: the stricter is the limit; both are in the text.
    assert.deepEqual([hazard!.condition_type, hazard!.severity, hazard!.truck_limits?.speed_limit_kmh], ['hazard', 'low', 30]);
    assert.match(hazard!.description, / — Greičio apribojimas 30 km\/h — Greičio apribojimas 50 km\/h$/);
    // An unknown type and restriction: other; LD kept raw, no limit made of it; the height limit is moderate.
    assert.deepEqual([unknown!.condition_type, unknown!.severity, unknown!.applies_to], ['other', 'moderate', 'all']);
    assert.deepEqual(unknown!.truck_limits, { max_weight_t: null, max_axle_load_t: null, max_height_m: 4.2, max_width_m: null, max_length_m: null, speed_limit_kmh: null });
    assert.match(unknown!.description, / — LD 3 — Aukščio apribojimas 4\.2 m \(lorry\)$/);
    assert.deepEqual(LT_EVENT_TYPES, { CONSTRUCTION: 'roadwork', ACCIDENT: 'accident', HAZARD: 'hazard' });
  });

  it('rejects a restriction it cannot use, naming every problem, and keeps the others', () => {
    const body: unknown[] = items();
    const [first, second, third] = body as Item[];
    second!.location.polyline = '55.287563 23.985026 55.287672';
    second!.endTime = '2025-12-31T23:00:00+02:00';
    delete third!._id;
    third!.startTime = '2026-04-31T00:00:00+03:00';
    third!.restrictions[1]!.value = 'dešimt';
    body.push({ ...first!, location: { ...first!.location, polyline: '95.944373 23.977621' } });
    body.push('fixture-6');
    body.push({ _id: 'fixture-7', location: { polyline: '54.687157 25.279652' }, restrictions: [{ transportType: 'All' }, null] });
    body.push({ _id: 'fixture-8', location: { polyline: '54.687157 25.279652' } });
    const parsed = parse(body);
    assert.equal(parsed.rowsRead, 7);
    assert.deepEqual(parsed.reports.map((r) => [r.line, r.record.source_id]), [[1, 'fixture-1']]);
    assert.deepEqual(parsed.rejected, [
      { file: 'restrictions.json', line: 2, reason: 'location.polyline has 3 numbers, not lat/lon pairs; the end 2025-12-31T21:00:00.000Z is before the start 2026-01-15T22:00:00.000Z' },
      { file: 'restrictions.json', line: 3, reason: "_id is missing; startTime '2026-04-31T00:00:00+03:00' is not a date-time; restrictions[1] weightLimit value 'dešimt' is not a positive number" },
      { file: 'restrictions.json', line: 4, reason: "location.polyline pair '95.944373 23.977621' is not a latitude/longitude" },
      { file: 'restrictions.json', line: 5, reason: "item 'fixture-6' is not an object" },
      { file: 'restrictions.json', line: 6, reason: 'restrictions[0] has no restrictionType; restrictions[1] null is not an object; no description, location_description or street' },
      { file: 'restrictions.json', line: 7, reason: 'no description, location_description or street' },
    ]);
    // The same _id twice: the second names the first.
    const twice = parse([...items(), items()[0]]);
    assert.deepEqual(twice.rejected, [{ file: 'restrictions.json', line: 4, reason: "id 'fixture-1' repeats the report of line 1" }]);
  });

  it('throws on a body that is not the feed; an empty list is a feed with nothing in force', () => {
    assert.throws(() => parse('<html><body>502 Bad Gateway</body></html>'), /^Error: restrictions\.json: not the eismoinfo restrictions feed \(not JSON/);
    assert.throws(() => parse({ error: 'Not found' }), /not the eismoinfo restrictions feed \(expected a JSON list, got \{"error":"Not found"\}\)/);
    // eismoinfo's weather-conditions service also answers a JSON list.
    assert.throws(() => parse([{ id: 1, pavadinimas: 'Vilnius' }, { id: 2 }]), /not the eismoinfo restrictions feed \(no item has a location or restrictions\)/);
    assert.deepEqual(parse([]), { source: 'lt-eismoinfo', file: 'restrictions.json', rowsRead: 0, reports: [], rejected: [] });
  });

  it('shares its source with the CSV snapshots: a live snapshot ends what a CSV snapshot left in force, and the reverse', () => {
    const db = openStore(':memory:');
    try {
      const inForce = (when: string) => (db.prepare("SELECT source_id FROM road_reports WHERE source = 'lt-eismoinfo' AND (expires_at IS NULL OR expires_at > ?) ORDER BY source_id")
        .pluck().all(when) as string[]);
      const csv = parseLtClosures(fixture(CSV_WEEK1), 'week1.csv', at);
      importRoadReports(db, [csv], { now: new Date('2026-04-05T00:00:00Z'), status: 'approved', snapshot: true });
      // The excerpt's ten closures, seven of them still in force on 2026-04-20.
      assert.equal(inForce('2026-04-20T06:00:00.000Z').length, 7);
      const live = importRoadReports(db, [parse(fixture(FEED))], { now: at.at, status: 'approved', snapshot: true });
      assert.deepEqual([live.added, live.ended], [3, 7]);
      assert.deepEqual(inForce('2026-04-20T06:00:00.000Z'), ['fixture-1', 'fixture-2', 'fixture-3']);
      const back = importRoadReports(db, [csv], { now: new Date('2026-04-20T07:00:00Z'), status: 'approved', snapshot: true });
      assert.deepEqual([back.ended, back.updated], [3, 7]);
      const after = inForce('2026-04-20T07:00:00.000Z');
      assert.equal(after.length, 7);
      assert.ok(!after.some((id) => id.startsWith('fixture-')));
    } finally {
      closeStore(db);
    }
  });
});
