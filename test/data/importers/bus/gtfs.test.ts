import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { GTFS_FILES, parseGtfs } from '../../../../data/importers/bus/gtfs.js';
import { fixturePath } from '../../../helpers/fixtures.js';

/** The sample feed's folder as the caller hands it over: file name -> text. */
function sampleFeed(): Map<string, string> {
  const dir = fixturePath('bus/gtfs-sample');
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

const feed = (files: Record<string, string>) => ({
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nA,Carrier A,https://a.example,Europe/Kyiv\n',
  'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nK,Kyiv,50.4065,30.5198\nL,Lviv,49.8404,23.9956\nP,Przemysl,49.7836,22.7745\nR,Rzeszow,50.0371,22.0004\n',
  'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR1,A,101,Kyiv - Rzeszow,3\n',
  'trips.txt': 'route_id,service_id,trip_id\nR1,D,T1\nR1,D,T2\n',
  'stop_times.txt': 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n',
  ...files,
});

describe('GTFS feed importer', () => {
  it('reads Google\'s sample feed: stops with positions, one representative trip per route, the agency as carrier', () => {
    const parsed = parseGtfs(sampleFeed(), { prefix: 'sample/' });
    assert.deepEqual(parsed.rejected, [], 'rows shorter than the header (the sample feed writes them) are read');
    assert.equal(parsed.source, 'gtfs');
    assert.equal(parsed.rowsRead, 1 + 9 + 5 + 11 + 28);
    assert.equal(parsed.network.stops.size, 9);
    assert.deepEqual(parsed.network.stops.get('BEATTY_AIRPORT'), { id: 'BEATTY_AIRPORT', name: 'Nye County Airport (Demo)', city: null, lat: 36.868446, lon: -116.784582 });
    const routes = new Map(parsed.network.routes.map((r) => [r.id, r]));
    assert.deepEqual([...routes.keys()], ['AB', 'BFC', 'STBA', 'CITY', 'AAMV'], 'in the order of routes.txt');
    assert.ok(parsed.network.routes.every((r) => r.carrier === 'Demo Transit Authority'));
    // Two trips of five stops each way: the first listed (CITY1) is the representative one.
    assert.deepEqual(routes.get('CITY'), { id: 'CITY', carrier: 'Demo Transit Authority', short_name: '40', long_name: 'City', stops: ['STAGECOACH', 'NANAA', 'NADAV', 'DADAN', 'EMSI'] });
    assert.deepEqual(routes.get('AB')!.stops, ['BEATTY_AIRPORT', 'BULLFROG'], 'AB1 before AB2');
    assert.deepEqual(routes.get('AAMV')!.stops, ['BEATTY_AIRPORT', 'AMV']);
    assert.deepEqual(routes.get('BFC')!.stops, ['BULLFROG', 'FUR_CREEK_RES']);
    assert.deepEqual(routes.get('STBA')!.stops, ['STAGECOACH', 'BEATTY_AIRPORT']);
  });

  it('orders stops by stop_sequence as numbers, keeps the trip with the most stops, and merges a stop written twice', () => {
    const parsed = parseGtfs(feed({
      'stop_times.txt': [
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
        'T1,08:00:00,08:00:00,K,1', 'T1,20:00:00,20:00:00,R,2',
        // T2 lists its rows out of order, with gaps, and Lviv as arrival and departure rows.
        'T2,23:00:00,23:00:00,R,30', 'T2,08:00:00,08:00:00,K,2', 'T2,16:00:00,16:00:00,L,10', 'T2,16:30:00,16:30:00,L,11', 'T2,19:00:00,19:00:00,P,20',
      ].join('\n'),
    }));
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.network.routes, [{ id: 'R1', carrier: 'Carrier A', short_name: '101', long_name: 'Kyiv - Rzeszow', stops: ['K', 'L', 'P', 'R'] }]);
  });

  it('reads routes by road only: a train\'s route, trips and stop times are skipped, not rejected', () => {
    const parsed = parseGtfs(feed({
      'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR1,A,101,Kyiv - Rzeszow,3\nT9,A,FLX,Lviv - Przemysl train,2\nC5,A,5,Coach,200\nB7,A,7,Bus service,700\n',
      'trips.txt': 'route_id,service_id,trip_id\nR1,D,T1\nT9,D,TR\nC5,D,TC\nB7,D,TB\n',
      'stop_times.txt': ['trip_id,arrival_time,departure_time,stop_id,stop_sequence',
        'T1,08:00:00,08:00:00,K,1', 'T1,20:00:00,20:00:00,R,2', 'TR,08:00:00,08:00:00,L,1', 'TR,10:00:00,10:00:00,P,2',
        'TC,08:00:00,08:00:00,L,1', 'TC,10:00:00,10:00:00,P,2', 'TB,08:00:00,08:00:00,P,1', 'TB,10:00:00,10:00:00,R,2'].join('\n'),
    }));
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.network.routes.map((r) => r.id), ['R1', 'C5', 'B7']);
  });

  it('rejects the rows it cannot use with file and line, and drops a route no trip serves', () => {
    const parsed = parseGtfs(feed({
      'agency.txt': 'agency_id,agency_name\nA,Carrier A\nB,\nA,Carrier A again\n',
      'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon,location_type\nK,Kyiv,50.4065,30.5198,\nL,Lviv,49.8404,23.9956,\nX,Nowhere,,,0\nE,Entrance,,,2\n,Empty id,50,30,\nK,Kyiv again,50.4,30.5,\nN,,50.1,30.1,\n',
      'routes.txt': 'route_id,agency_id,route_short_name,route_long_name\nR1,A,1,One\nR2,Z,2,Two\nR3,A,3,Three\nR1,A,1,One again\n,A,4,No id\n',
      'trips.txt': 'route_id,service_id,trip_id\nR1,D,T1\nR2,D,T2\nR1,D,T1\nR3,D,T3\n',
      'stop_times.txt': [
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
        'T1,08:00:00,08:00:00,K,1', // 2
        'T1,16:00:00,16:00:00,L,2', // 3
        'T1,17:00:00,17:00:00,K,2', // 4: sequence 2 again
        'T9,08:00:00,08:00:00,K,1', // 5: unknown trip
        'T1,18:00:00,18:00:00,Q,3', // 6: unknown stop
        'T1,19:00:00,19:00:00,X,4', // 7: a stop rejected
        'T1,19:00:00,19:00:00,L,fifth', // 8: bad sequence
        'T2,08:00:00,08:00:00,K,1', // 9: trip of a rejected route: already reported
        'T3,08:00:00,08:00:00,K,1,extra', // 10: a field too many
        'T3,09:00:00,09:00:00,L,2', // 11
      ].join('\n'),
    }), { prefix: 'feed/' });
    const got = parsed.rejected.map((r) => `${r.file}:${r.line} ${r.reason}`);
    assert.deepEqual(got, [
      "feed/agency.txt:3 agency 'B' has no agency_name",
      "feed/agency.txt:4 agency_id 'A' repeats",
      "feed/routes.txt:3 route 'R2': unknown agency_id 'Z'",
      "feed/routes.txt:4 route 'R3': no trip serves two stops or more",
      "feed/routes.txt:5 route_id 'R1' repeats line 2",
      'feed/routes.txt:6 route_id is empty',
      "feed/stop_times.txt:4 trip 'T1': stop_sequence 2 repeats line 3",
      "feed/stop_times.txt:5 unknown trip_id 'T9'",
      "feed/stop_times.txt:6 unknown stop_id 'Q'",
      "feed/stop_times.txt:7 stop 'X' was rejected (line 4)",
      "feed/stop_times.txt:8 stop_sequence 'fifth' is not a non-negative integer",
      'feed/stop_times.txt:10 6 fields where the header has 5',
      "feed/stops.txt:4 stop 'X': stop_lat '', stop_lon '' not a WGS84 position",
      'feed/stops.txt:6 stop_id is empty',
      "feed/stops.txt:7 stop_id 'K' repeats line 2",
      "feed/stops.txt:8 stop 'N' has no stop_name",
      "feed/trips.txt:3 trip 'T2': unknown route_id 'R2'",
      "feed/trips.txt:4 trip_id 'T1' repeats line 2",
    ]);
    assert.deepEqual(parsed.network.routes.map((r) => [r.id, r.stops]), [['R1', ['K', 'L']]]);
    assert.deepEqual([...parsed.network.stops.keys()], ['K', 'L'], 'the entrance without a position is skipped quietly');
  });

  it('names the one agency of a feed for routes without agency_id, and refuses to guess among several', () => {
    const times = 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,,,K,1\nT1,,,L,2\n';
    const one = parseGtfs(feed({ 'agency.txt': 'agency_name,agency_url\nSolo Bus,https://solo.example\n', 'routes.txt': 'route_id,route_short_name\nR1,1\n', 'trips.txt': 'route_id,trip_id\nR1,T1\n', 'stop_times.txt': times }));
    assert.deepEqual(one.network.routes.map((r) => r.carrier), ['Solo Bus']);
    const two = parseGtfs(feed({ 'agency.txt': 'agency_id,agency_name\nA,Bus A\nB,Bus B\n', 'routes.txt': 'route_id,route_short_name\nR1,1\n', 'trips.txt': 'route_id,trip_id\nR1,T1\n', 'stop_times.txt': times }));
    assert.deepEqual(two.network.routes, []);
    assert.match(two.rejected[0]!.reason, /route 'R1' names no agency_id and the feed has 2 agencies/);
  });

  it('throws on a missing file or a file without its required columns', () => {
    const files = feed({});
    for (const name of GTFS_FILES) {
      const without: Record<string, string> = { ...files };
      delete without[name];
      assert.throws(() => parseGtfs(without, { prefix: 'f/' }), new RegExp(`f/${name.replace('.', '\\.')} is missing`));
    }
    assert.throws(() => parseGtfs(feed({ 'stop_times.txt': 'trip_id,stop_id\nT1,K\n' })), /stop_times\.txt: header lacks stop_sequence/);
  });
});
