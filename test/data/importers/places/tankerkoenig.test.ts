import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectTankerkoenig, parseTankerkoenig } from '../../../../data/importers/places/tankerkoenig.js';
import { fixture } from '../../../helpers/fixtures.js';

// Tankerkoenig API responses (payload CC BY 4.0), copied whole, see test/fixtures/places/tankerkoenig/README.md.
const at = new Date('2026-11-22T10:15:00Z');
const opts = { at };
const body = (kind: string) => JSON.parse(fixture(`places/tankerkoenig/${kind}.json`)) as Record<string, any>;
const parse = (kind: string, value: unknown = body(kind), file = `${kind}.json`) => parseTankerkoenig(JSON.stringify(value), file, opts);
const price = (station_id: string, grade: string, value: number) =>
  ({ station_id, grade, local_name: grade, price: value, currency: 'EUR', reported_at: '2026-11-22T10:15:00.000Z', self_service: null });

const AVIA = '4fd02fd5-0a4c-46b3-a9b9-a488a62454be';
const ALBERS = '0f20f3c7-4ee0-4a9a-7d36-39d309a6ca94';
const HOYER = '5a27e942-38b4-5e83-adb8-cd396c99e0ab';

describe('Tankerkoenig responses', () => {
  it('list: stations with address, brand, position, and their current prices (null = not offered), at options.at', () => {
    const feed = parseTankerkoenig(fixture('places/tankerkoenig/list.json'), 'list.json', opts);
    assert.equal(feed.source, 'tankerkoenig');
    assert.equal(feed.rowsRead, 3);
    assert.deepEqual(feed.rejected, []);
    assert.deepEqual(feed.stations, [
      // The fixture's street is double-escaped (`Hauptstra\\u00dfe`): decoded.
      { line: 1, record: { source_id: AVIA, name: 'AVIA Tankstelle', brand: 'AVIA', address: 'Hauptstraße 115, 26689 Apen', city: 'Apen', country_code: 'DE', lat: 53.22333, lon: 7.812575, services: [] } },
      // An empty brand is no brand.
      { line: 2, record: { source_id: ALBERS, name: 'Heinrich Albers OHG', brand: null, address: 'Hauptstr. 455, 26689 Apen-Augustfehn', city: 'Apen-Augustfehn', country_code: 'DE', lat: 53.21672, lon: 7.76265, services: [] } },
      { line: 3, record: { source_id: HOYER, name: 'Apen', brand: 'Hoyer', address: 'Dampfhammerstr. 8, 26689 Apen', city: 'Apen', country_code: 'DE', lat: 53.24424362183, lon: 7.77206611633, services: [] } },
    ]);
    assert.deepEqual(feed.prices.map((p) => [p.line, p.record]), [
      [1, price(AVIA, 'e5', 1.749)], [1, price(AVIA, 'e10', 1.689)], [1, price(AVIA, 'diesel', 1.669)],
      [2, price(ALBERS, 'e5', 1.739)], [2, price(ALBERS, 'e10', 1.679)], [2, price(ALBERS, 'diesel', 1.659)],
      [3, price(HOYER, 'diesel', 1.649)],
    ]);
  });

  it('detail: one station (line 1) and its prices; opening times and isOpen ignored', () => {
    const feed = parse('detail');
    assert.equal(feed.rowsRead, 1);
    assert.deepEqual(feed.stations, [{ line: 1, record: {
      source_id: 'abc123-0a4c-12cc-a9b9-a488a62454be', name: 'AVIA Tankstelle', brand: 'AVIA', address: 'Mainstreet 115, 26689 Exampletown', city: 'Exampletown',
      country_code: 'DE', lat: 53.1, lon: 7.8, services: [],
    } }]);
    assert.deepEqual(feed.prices.map((p) => p.record.grade), ['e5', 'e10', 'diesel']);
    assert.deepEqual(feed.rejected, []);
  });

  it('prices: price records by station id, no stations', () => {
    const feed = parse('prices');
    assert.equal(feed.rowsRead, 1);
    assert.deepEqual(feed.stations, []);
    assert.deepEqual(feed.prices, [{ line: 1, record: price(AVIA, 'e5', 1.739) }, { line: 1, record: price(AVIA, 'e10', 1.679) }, { line: 1, record: price(AVIA, 'diesel', 1.669) }]);
  });

  it('detects the kind by shape; an error response throws with its message; anything else throws', () => {
    assert.deepEqual(['list', 'detail', 'prices'].map((k) => detectTankerkoenig(body(k))), ['list', 'detail', 'prices']);
    assert.throws(() => parse('x', { ok: false, status: 'error', message: 'apikey nicht angegeben, falsch, oder im falschen Format' }, 'err.json'),
      /err\.json: Tankerkoenig error response: apikey nicht angegeben, falsch, oder im falschen Format/);
    assert.throws(() => parse('x', { ok: true, data: [] }, 'odd.json'), /odd\.json: not a Tankerkoenig list, detail or prices response \(keys: ok, data\)/);
    assert.throws(() => parse('x', [], 'arr.json'), /arr\.json: not a Tankerkoenig response/);
    assert.throws(() => parseTankerkoenig('{', 'bad.json', opts), /bad\.json: not JSON/);
  });

  it('false, null or 0 is "not offered"; other bad prices are rejected naming the value, the station kept; id-less stations rejected', () => {
    const list = body('list');
    const [a, b, c] = list.stations;
    Object.assign(a, { e5: false, e10: 0, diesel: 25.9 });
    Object.assign(b, { e5: '1.739', e10: -1, postCode: 1067, place: 'Dresden', street: 'Hauptstr.', houseNumber: '' });
    Object.assign(c, { lat: null, lng: null });
    list.stations.push({ ...c, id: '' }, { ...c }, { ...c, id: 'x-1', lat: 7.8, lng: 53.2 });
    const feed = parse('list', list, 'l.json');
    assert.equal(feed.rowsRead, 6);
    assert.deepEqual(feed.stations.map((s) => s.record.source_id), [AVIA, ALBERS, HOYER]);
    assert.equal(feed.stations[1]!.record.address, 'Hauptstr., 01067 Dresden', 'numeric postCode padded to five digits');
    assert.deepEqual([feed.stations[2]!.record.lat, feed.stations[2]!.record.lon], [null, null], 'no position: kept, null');
    assert.deepEqual(feed.prices.map((p) => [p.record.station_id, p.record.grade, p.record.price]), [[ALBERS, 'diesel', 1.659], [HOYER, 'diesel', 1.649]]);
    assert.deepEqual(feed.rejected, [
      { file: 'l.json', line: 1, reason: `station ${AVIA} diesel: price 25.9 is not a positive EUR price below 20` },
      { file: 'l.json', line: 2, reason: `station ${ALBERS} e5: price '1.739' is not a positive EUR price below 20` },
      { file: 'l.json', line: 2, reason: `station ${ALBERS} e10: price -1 is not a positive EUR price below 20` },
      { file: 'l.json', line: 4, reason: "station id '' is missing or not an id" },
      { file: 'l.json', line: 5, reason: `station id '${HOYER}' repeats station 3` },
      { file: 'l.json', line: 6, reason: 'station x-1: coordinates 7.8, 53.2 are outside Germany' },
    ]);
  });

  it('prices response: closed stations with false prices give no records; a non-object entry is rejected', () => {
    const feed = parse('x', { ok: true, prices: { [AVIA]: { status: 'closed', e5: false, e10: false, diesel: false }, [HOYER]: 'no prices', [ALBERS]: { status: 'open', diesel: 1.7 } } }, 'p.json');
    assert.equal(feed.rowsRead, 3);
    assert.deepEqual(feed.prices.map((p) => [p.line, p.record.station_id, p.record.grade]), [[3, ALBERS, 'diesel']]);
    assert.deepEqual(feed.rejected, [{ file: 'p.json', line: 2, reason: `station ${HOYER}: prices 'no prices' are not an object` }]);
  });
});
