import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FLIXBUS_CARRIER, parseFlixbusNetwork } from '../../../../data/importers/bus/flixbus-network.js';
import { fixture } from '../../../helpers/fixtures.js';

const text = fixture('bus/flixbus_network_excerpt.json');

describe('FlixBus network (flixbusmap flixbus_network.json)', () => {
  it('reads the excerpt: every stop, every route once, carrier FlixBus, stop order as published', () => {
    const parsed = parseFlixbusNetwork(text, 'flixbus_network.json');
    assert.equal(parsed.source, 'flixbus-network');
    assert.equal(parsed.rowsRead, 103 + 31);
    assert.equal(parsed.network.stops.size, 103);
    // The file lists route 700 twice with the same stops: the first is kept.
    assert.deepEqual(parsed.rejected, [{ file: 'flixbus_network.json#routes', line: 31, reason: "route '700' repeats item 1 (the same stops)" }]);
    assert.equal(parsed.network.routes.length, 30);
    assert.ok(parsed.network.routes.every((r) => r.carrier === FLIXBUS_CARRIER));
    const budapest = parsed.network.routes.find((r) => r.id === '3285')!;
    assert.equal(budapest.short_name, 'FlixBus 3285');
    assert.equal(budapest.long_name, 'Lviv  - Uzhorod - Budapest', 'as published');
    assert.deepEqual(budapest.stops.map((id) => parsed.network.stops.get(id)!.city), ['Lviv', 'Stryi', 'Mukachevo', 'Uzhhorod-1', 'Budapest Airport', 'Budapest Népliget bus station']);
    // The stop as the file gives it, without its (faulty) country.
    const uzhhorod = parsed.network.stops.get(budapest.stops[3]!)!;
    assert.deepEqual(uzhhorod, { id: 'c631aa93-31e6-4c6d-91eb-8838f1173d8f', name: 'Uzhhorod-1 (Central Bus Station)', city: 'Uzhhorod-1', lat: 48.609517, lon: 22.298054 });
    assert.ok(!('country' in uzhhorod));
  });

  it('reads ids with or without the feed prefix EU:, on stops and in routes alike', () => {
    const doc = {
      stops: {
        'EU:a1': { id: 'a1', name: 'Lviv', city: 'Lviv', lat: 49.84, lon: 23.99, country: 'Germany' },
        b2: { id: 'b2', name: 'Krakow', city: 'Krakow', lat: 50.06, lon: 19.94, country: 'Poland' },
      },
      routes: [{ id: 'N1', shortName: 'FlixBus N1', longName: 'Lviv - Krakow', stops: ['a1', 'EU:b2'] }],
    };
    const parsed = parseFlixbusNetwork(JSON.stringify(doc), 'n.json');
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.network.routes, [{ id: 'N1', carrier: 'FlixBus', short_name: 'FlixBus N1', long_name: 'Lviv - Krakow', stops: ['a1', 'b2'] }]);
    assert.deepEqual([...parsed.network.stops.keys()], ['a1', 'b2']);
  });

  it('rejects stops without a position or name and routes it cannot use, with their item number', () => {
    const doc = {
      stops: {
        a: { name: 'A', lat: 50, lon: 24 },
        b: { name: 'B', lat: '49.5', lon: '24.5' },
        c: { name: 'C', lat: null, lon: 24 },
        d: { name: '  ', lat: 50, lon: 25 },
        e: { name: 'E', lat: 0, lon: 0 },
        f: { name: 'F', lat: 95, lon: 24 },
      },
      routes: [
        { id: 1, stops: ['a', 'b'] },
        { id: '2', stops: ['a', 'c'] },
        { id: '3', stops: ['a', 'zz'] },
        { id: '4', stops: ['a', 'a'] },
        { stops: ['a', 'b'] },
        { id: '5' },
        { id: '1', stops: ['b', 'a'] },
      ],
    };
    const parsed = parseFlixbusNetwork(JSON.stringify(doc), 'n.json');
    assert.deepEqual(parsed.rejected.map((r) => `${r.file}:${r.line} ${r.reason}`), [
      "n.json#stops:3 stop 'c': lat 'null', lon '24' not a WGS84 position",
      "n.json#stops:4 stop 'd' has no name",
      "n.json#stops:5 stop 'e': lat '0', lon '0' not a WGS84 position",
      "n.json#stops:6 stop 'f': lat '95', lon '24' not a WGS84 position",
      "n.json#routes:2 route '2' names a stop the file does not hold: 'c' (rejected, stop item 3)",
      "n.json#routes:3 route '3' names a stop the file does not hold: 'zz'",
      "n.json#routes:4 route '4' has 1 stop",
      'n.json#routes:5 route has no id',
      "n.json#routes:6 route '5' has no stops list",
      "n.json#routes:7 route '1' repeats item 1 with other stops: the first is kept",
    ]);
    assert.deepEqual(parsed.network.routes.map((r) => [r.id, r.stops]), [['1', ['a', 'b']]]);
    assert.deepEqual(parsed.network.stops.get('b'), { id: 'b', name: 'B', city: null, lat: 49.5, lon: 24.5 });
  });

  it('throws on what is not a network', () => {
    assert.throws(() => parseFlixbusNetwork('[]', 'x.json'), /x\.json: not a JSON object/);
    assert.throws(() => parseFlixbusNetwork('{"stops": {}}', 'x.json'), /not a FlixBus network/);
    assert.throws(() => parseFlixbusNetwork('{"stops"', 'x.json'), SyntaxError);
  });
});
