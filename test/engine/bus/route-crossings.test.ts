import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { countryPlaces } from '../../../data/geo/gazetteer.js';
import { parseFlixbusNetwork } from '../../../data/importers/bus/flixbus-network.js';
import { loadRoadGraph } from '../../../data/seed.js';
import { createPlaceLocator, type CountryLocator } from '../../../engine/bus/country-locator.js';
import { busPassages, type PassageCheckpoint } from '../../../engine/bus/passages.js';
import { inferRouteCrossings, type RouteCrossingsResult } from '../../../engine/bus/route-crossings.js';
import type { BusNetwork, BusRoute } from '../../../models/bus.js';
import { fixture } from '../../helpers/fixtures.js';

// The real inputs: the bundled road graph and directory, GeoNames places, the FlixBus routes of the excerpt.
const directory = JSON.parse(readFileSync(new URL('../../../data/bundled/directory.json', import.meta.url), 'utf8')) as {
  locations: { location_id: number; lat: number; lon: number; checkpoints: Omit<PassageCheckpoint, 'lat' | 'lon' | 'location_id'>[] }[];
};
const checkpoints: PassageCheckpoint[] = directory.locations.flatMap((l) => l.checkpoints.map((c) => ({ ...c, location_id: l.location_id, lat: l.lat, lon: l.lon })));
const roadGraph = loadRoadGraph();
// GeoNames places through the gazetteer, as the service passes them (it lets go of the package's own array).
const countryAt = createPlaceLocator(countryPlaces());
const excerpt = fixture('bus/flixbus_network_excerpt.json');
const { network } = parseFlixbusNetwork(excerpt, 'flixbus_network_excerpt.json');
const city = (id: string) => network.stops.get(id)!.city;
const stopAt = (prefix: string) => [...network.stops.values()].find((s) => s.name.startsWith(prefix))!.id;
const route = (id: string, stops: string[]): BusRoute => ({ id, carrier: 'Test', short_name: null, long_name: null, stops });

const result = inferRouteCrossings({ roadGraph, checkpoints, network, countryAt });

/** Route -> [last city before the border, first after it, inferred ppid], for the 28 routes touching UA or MD. */
const EXPECTED: Record<string, [string, string, string]> = {
  3224: ['Lutsk Bus Station', 'Lublin', 'id_816'],
  N3223: ['Lutsk Bus Station', 'Lublin', 'id_816'],
  N3225: ['Lutsk Bus Station', 'Lublin', 'id_816'],
  N3227: ['Lutsk Bus Station', 'Lublin', 'id_816'],
  N3220: ['Kovel', 'Lublin', 'id_516'],
  N3221: ['Zviahel', 'Lublin', 'id_516'],
  N3222: ['Kyiv', 'Lublin', 'id_516'],
  3241: ['Lviv train station', 'Lublin', 'id_116'],
  N3242: ['Lviv train station', 'Lublin', 'id_116'],
  N3240: ['Lviv train station', 'Swidnik', 'id_116'],
  3231: ['Lviv train station', 'Jasionka', 'id_416'],
  3232: ['Lviv train station', 'Krakow', 'id_416'],
  N3271A: ['Lviv train station', 'Krakow', 'id_416'],
  N3209: ['Lviv train station', 'Krakow', 'id_416'],
  N3270: ['Lviv train station', 'Krakow', 'id_416'],
  N3205: ['Lviv train station', 'Dresden central station', 'id_416'],
  N3214: ['Lviv train station', 'Dresden central station', 'id_416'],
  N3206: ['Lviv train station', 'Berlin central bus station', 'id_416'],
  N3207: ['Lviv train station', 'Berlin central bus station', 'id_416'],
  N3212: ['Lviv train station', 'Berlin central bus station', 'id_416'],
  N3217: ['Lviv train station', 'Berlin central bus station', 'id_416'],
  3285: ['Uzhhorod-1', 'Budapest Airport', 'id_1314'],
  N3273: ['Uzhhorod-1', 'Budapest Airport', 'id_1314'],
  N3280: ['Uzhhorod-1', 'Budapest Airport', 'id_1314'],
  N3272: ['Uzhhorod-1', 'Košice', 'id_1014'],
  3290: ['Mohyliv-Podilskyi', 'Soroca Bus Station', 'id_2914'],
  3291: ['Odesa', 'Chisinau', 'id_4014'],
  3292: ['Odesa', 'Chisinau', 'id_4014'],
};
/** The ppids above: checkpoint, direction and vehicle type in the bundled directory. */
const CHECKPOINTS: Record<string, string> = {
  id_816: 'Ustyluh-Zosin UA->PL bus', id_516: 'Yahodyn-Dorohusk UA->PL bus', id_116: 'Rava-Ruska-Hrebenne UA->PL bus',
  id_416: 'Krakovets-Korczowa UA->PL bus', id_1314: 'Chop-Zahony UA->HU car', id_1014: 'Uzhhorod-Vysne Nemecke UA->SK car',
  id_2914: 'Mohyliv-Podilskyi-Otaci UA->MD car', id_4014: 'Mayaky-Udobne-Palanca UA->MD car',
};

describe('bus passages from the directory', () => {
  it('takes the bus checkpoint where a location has one, else the car one, each direction apart', () => {
    const passages = busPassages(checkpoints);
    const byPpid = new Map(passages.map((p) => [p.ppid, p]));
    // 9 Polish locations with bus checkpoints both ways, 31 others with car checkpoints both ways.
    assert.equal(passages.length, 80);
    assert.equal(passages.filter((p) => p.crossing_type === 6).length, 18);
    assert.ok(passages.every((p) => (p.crossing_type === 6) === (p.from === 'PL' || p.to === 'PL')));
    assert.ok(passages.every((p) => p.from === 'UA' || p.to === 'UA'));
    for (const [ppid, what] of Object.entries(CHECKPOINTS)) {
      const p = byPpid.get(ppid)!;
      assert.equal(`${p.from}->${p.to} ${p.crossing_type === 6 ? 'bus' : 'car'}`, /\S+->\S+ \S+$/.exec(what)![0], `${ppid} ${what}`);
    }
    assert.ok(!byPpid.has('id_114') && byPpid.has('id_116'), 'Rava-Ruska: the bus checkpoint, not the car one');
    assert.equal(byPpid.get('id_516')!.location_types, 2, 'Dorohusk serves buses and trucks');
    assert.equal(byPpid.get('id_2914')!.location_types, 3);
    assert.equal(byPpid.get('id_3014')!.location_types, 1);
  });

  it('leaves out checkpoints not open and other vehicle types, and groups by position when there is no location id', () => {
    const at = { lat: 50, lon: 24 };
    const passages = busPassages([
      { ppid: 'id_1', ...at, origin: 1, destination: 2, crossing_type: 4 },
      { ppid: 'id_2', ...at, origin: 1, destination: 2, crossing_type: 6, status: 'closed' },
      { ppid: 'id_3', ...at, origin: 2, destination: 1, crossing_type: 4 },
      { ppid: 'id_4', ...at, origin: 2, destination: 1, crossing_type: 6, status: 'open' },
      { ppid: 'id_5', ...at, origin: 2, destination: 1, crossing_type: 9 },
      { ppid: 'id_6', lat: 51, lon: 24, origin: 1, destination: 2, crossing_type: 4 },
    ]);
    assert.deepEqual(passages.map((p) => [p.ppid, p.from, p.to, p.crossing_type, p.location_types]), [
      ['id_1', 'UA', 'PL', 4, 3], ['id_4', 'PL', 'UA', 6, 3], ['id_6', 'UA', 'PL', 4, 1],
    ]);
  });
});

describe('where bus routes cross the borders of Ukraine and Moldova', () => {
  it('finds the 28 FlixBus routes of the excerpt that touch Ukraine or Moldova, with their countries in order', () => {
    const touching = new Map(result.touching.map((t) => [t.route_id, t.countries.join('>')]));
    assert.deepEqual([...touching.keys()].sort(), Object.keys(EXPECTED).sort());
    assert.equal(touching.get('N3273'), 'UA>HU>SK>AT');
    assert.equal(touching.get('N3209'), 'UA>PL>CZ>DE');
    assert.equal(touching.get('N3272'), 'UA>SK>AT');
    assert.equal(touching.get('3290'), 'UA>MD');
    assert.equal(touching.get('N3207'), 'UA>DE', 'Lviv to Berlin with no stop in Poland');
    assert.ok(!touching.has('3903') && !touching.has('700'));
    assert.deepEqual(result.unplaced, []);
    assert.deepEqual(result.unclassified_stops, []);
  });

  it('infers each route\'s checkpoint, between the last stop before the border and the first after it', () => {
    assert.equal(result.routes.length, 28);
    for (const r of result.routes) {
      const [from, to, ppid] = EXPECTED[r.route_id]!;
      assert.equal(r.carrier, 'FlixBus');
      assert.equal(r.crossings.length, 1, r.route_id);
      const c = r.crossings[0]!;
      assert.equal(c.ppid, ppid, `${r.route_id} ${r.long_name}: ${city(c.from_stop)} -> ${city(c.to_stop)} via ${c.ppid}, expected ${CHECKPOINTS[ppid]}`);
      assert.ok(city(c.from_stop)!.startsWith(from) && city(c.to_stop)!.startsWith(to), `${r.route_id}: ${city(c.from_stop)} -> ${city(c.to_stop)}`);
      assert.equal(c.from_country, 'UA');
      assert.ok(c.route_km >= c.gap_km * 1.25 - 0.1 && c.extra_km >= -0.1, `${r.route_id}: the road is not shorter than the straight line`);
    }
  });

  it('says how sure it is: close alternatives, the detour, and the stops classified by a thin margin', () => {
    const crossing = (id: string) => result.routes.find((r) => r.route_id === id)!.crossings[0]!;
    // Lutsk -> Lublin: Ustyluh-Zosin or Yahodyn-Dorohusk, 1-2 km apart on the estimate.
    assert.deepEqual(crossing('3224').alternatives!.map((a) => a.ppid), ['id_516']);
    assert.ok(crossing('3224').alternatives![0]!.longer_km < 5);
    // Uzhhorod -> Budapest: Chop-Zahony; the next are Vysne Nemecke and Mali Selmentsi through Slovakia, 13-19 km
    // longer (Slovak road 79 into Hungary at Sátoraljaújhely, Hungarian road 37 to Miskolc: data/road-graph/main-roads.ts).
    assert.deepEqual(crossing('3285').alternatives!.map((a) => a.ppid), ['id_1014', 'id_1114']);
    assert.ok(crossing('3285').alternatives!.every((a) => a.longer_km > 5 && a.longer_km < 25));
    // Mohyliv-Podilskyi -> Soroca: Bronnytsia-Unguri is as short on the straight line; the main crossing wins the tie.
    assert.deepEqual(crossing('3290').alternatives!.map((a) => a.ppid), ['id_3014']);
    assert.ok(crossing('3290').alternatives![0]!.longer_km < 0);
    // Lviv -> Berlin: 800 km without a stop; the bus may as well cross elsewhere in the south-east of Poland,
    // Rava-Ruska-Hrebenne (id_116) among them since local links count like E-road links.
    const berlin = crossing('N3207');
    assert.ok(berlin.gap_km > 700);
    assert.deepEqual(berlin.alternatives!.map((a) => a.ppid).sort(), ['id_116', 'id_216', 'id_616', 'id_916']);
    // Lviv -> Rzeszow airport lies on the line through Krakovets.
    assert.ok(crossing('3231').extra_km < 1);
    assert.deepEqual(result.uncertain_stops.map((s) => [s.name, s.country]), [['Mohyliv-Podilskyi', 'UA']]);
  });

  it('takes the checkpoint of the direction travelled', () => {
    const reversed: BusNetwork = { stops: network.stops, routes: ['3285', '3241', '3291', 'N3272'].map((id) => {
      const r = network.routes.find((x) => x.id === id)!;
      return { ...r, stops: [...r.stops].reverse() };
    }) };
    const back = inferRouteCrossings({ roadGraph, checkpoints, network: reversed, countryAt });
    assert.deepEqual(back.routes.map((r) => r.crossings.map((c) => `${c.ppid} ${c.from_country}->${c.to_country}`)), [
      ['id_1324 HU->UA'], ['id_126 PL->UA'], ['id_4024 MD->UA'], ['id_1024 SK->UA'],
    ]);
  });

  it('lists crossings it cannot place with the reason, and finds a road through Ukraine between two other countries', () => {
    const chisinau = stopAt('Chisinau (Bus Station');
    const iasi = stopAt('Iași');
    const odesa = stopAt('Odesa');
    const lublin = stopAt('Lublin, Bus Station');
    const own = inferRouteCrossings({ roadGraph, checkpoints, countryAt, network: { stops: network.stops, routes: [
      route('S1', [iasi, chisinau, odesa]),
      route('S2', [lublin, chisinau]),
    ] } });
    assert.deepEqual(own.unplaced.map((u) => [u.route_id, u.from_country, u.to_country]), [['S1', 'RO', 'MD']]);
    assert.match(own.unplaced[0]!.reason, /no checkpoint on the RO-MD border \(it lists the borders of Ukraine only\)/);
    const s1 = own.routes.find((r) => r.route_id === 'S1')!;
    assert.deepEqual(s1.crossings.map((c) => [c.ppid, c.from_stop, c.to_stop]), [['id_4024', chisinau, odesa]], 'Chisinau -> Odesa through Palanca');
    const s2 = own.routes.find((r) => r.route_id === 'S2')!;
    // Into Ukraine from Poland, out of it towards Chisinau: into Moldova, or into Romania and on through Iasi.
    assert.equal(s2.crossings.length, 2);
    assert.equal(`${s2.crossings[0]!.from_country}->${s2.crossings[0]!.to_country}`, 'PL->UA');
    assert.ok(['UA->MD', 'UA->RO'].includes(`${s2.crossings[1]!.from_country}->${s2.crossings[1]!.to_country}`));
    assert.ok(s2.crossings.every((c) => c.from_stop === lublin && c.to_stop === chisinau));
  });

  it('depends on the stops\' countries: the file\'s own "country" (Germany for Ukraine) finds no crossing', () => {
    const doc = JSON.parse(excerpt) as { stops: Record<string, { country: string }> };
    const ISO2: Record<string, string> = { Germany: 'DE', Poland: 'PL', Romania: 'RO', Slovakia: 'SK', 'Czech Republic': 'CZ', Austria: 'AT', Hungary: 'HU', 'United Kingdom': 'GB', France: 'FR' };
    const byPosition = new Map([...network.stops.values()].map((s) => [`${s.lat},${s.lon}`, ISO2[doc.stops[s.id]!.country]!]));
    const fileCountry: CountryLocator = (lat, lon) => byPosition.get(`${lat},${lon}`) ?? null;
    const wrong = inferRouteCrossings({ roadGraph, checkpoints, network, countryAt: fileCountry });
    assert.deepEqual(wrong.touching, []);
    assert.deepEqual(wrong.routes, []);
  });

  // How fast: npm run bench:bus (the whole bundled network), not here.
  it('is pure: the same input gives the same result, and the network is left as it was', () => {
    const before = JSON.stringify({ stops: [...network.stops], routes: network.routes });
    const again: RouteCrossingsResult = inferRouteCrossings({ roadGraph, checkpoints, network, countryAt });
    assert.deepEqual(again, result);
    assert.equal(JSON.stringify({ stops: [...network.stops], routes: network.routes }), before);
  });
});
