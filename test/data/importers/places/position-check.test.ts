import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkStationPositions } from '../../../../data/importers/places/position-check.js';
import { feed, station } from '../../../helpers/places.js';

const MILAN = { lat: 45.4642, lon: 9.18998 };

describe('station positions checked against what the station says of itself', () => {
  it("takes the position from stations of several towns on one point, as the ministry puts Brescia's on Milan's centre", () => {
    const parsed = feed('mimit', { stations: [
      station('1', MILAN.lat, MILAN.lon, 'IT', { city: 'BRESCIA' }),
      station('2', MILAN.lat + 0.00001, MILAN.lon, 'IT', { city: 'LISSONE' }),
      station('3', MILAN.lat, MILAN.lon, 'IT', { city: 'FINALE EMILIA' }),
      station('4', 45.5416, 10.2118, 'IT', { city: 'BRESCIA' }), // Brescia's own centre, alone there
    ] });
    checkStationPositions(parsed);
    assert.deepEqual(parsed.stations.map((s) => [s.record.source_id, s.record.lat]), [['1', null], ['2', null], ['3', null], ['4', 45.5416]]);
    assert.equal(parsed.unplaced!.length, 3);
    assert.match(parsed.unplaced![0]!.reason, /^1: position 45\.4642,9\.1900 is shared by stations of 3 towns/);
    assert.equal(parsed.stations[0]!.record.name, 'Station 1', 'the station itself is kept');
  });

  it('takes a position far from the stated town, or outside the stated country', () => {
    const parsed = feed('mimit', { stations: [
      station('5', 45.4590, 12.1176, 'IT', { city: 'ALTAMURA' }), // near Venice; Altamura is in Apulia
      station('6', 12.1176, 45.4590, 'IT', { city: null }), // latitude and longitude swapped: the Gulf of Aden
      station('7', 41.8902, 12.4922, 'IT', { city: 'ROMA' }),
    ] });
    checkStationPositions(parsed);
    assert.deepEqual(parsed.unplaced!.map((u) => u.reason.replace(/^(\d+): position [\d.,]+ /, '$1: ')), [
      '5: is 628 km from ALTAMURA, its stated town',
      '6: is in no known country, not in IT',
    ]);
    assert.equal(parsed.stations[2]!.record.lat, 41.8902);
  });

  it('does not hold an OpenStreetMap node to its postal town: its position is the map itself', () => {
    const parsed = feed('osm', { stations: [station('node/1', 53.085, 21.4088, 'PL', { city: 'Nowa Wieś' })] });
    checkStationPositions(parsed);
    assert.deepEqual(parsed.unplaced, []);
    assert.equal(parsed.stations[0]!.record.lat, 53.085);
  });
});
