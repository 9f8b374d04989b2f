import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildRoutingGraph, type RoadGraphData } from '../../../engine/routing/graph.js';
import { routeToCrossings, type Route } from '../../../engine/routing/matrix.js';
import { countryDetour, createRouter } from '../../../engine/routing/router.js';
import { loadRoadGraph } from '../../../data/seed.js';
import { COUNTRY_ISO2 } from '../../../models/codes.js';

// The real network: the bundled road graph and every car crossing of the bundled directory.
const directory = JSON.parse(readFileSync(new URL('../../../data/bundled/directory.json', import.meta.url), 'utf8')) as {
  locations: { lat: number; lon: number; checkpoints: { ppid: string; origin: number; destination: number; crossing_type: number }[] }[];
};
const cars = directory.locations.flatMap((l) => l.checkpoints.filter((c) => c.crossing_type === 4)
  .map((c) => ({ ppid: c.ppid, lat: l.lat, lon: l.lon, from: COUNTRY_ISO2[c.origin]!, to: COUNTRY_ISO2[c.destination]! })));
const g = buildRoutingGraph(loadRoadGraph(), cars);
const plain = createRouter(g, { oncePerCountry: false });
const trees = createRouter(g, { targetTrees: true, oncePerCountry: false });

const routes = (router: typeof plain, origin: { lat: number; lon: number; country: string | null }, targets: string[]) => {
  const out: Route[] = [];
  router.routeEach(origin, targets, 4, (r) => void out.push(r));
  return out;
};
const legKm = (r: Route) => r.legs.reduce((sum, l) => sum + l.distance_km, 0);
/**
 * The same routes: reachable alike, the same distance, and the same legs, unless two paths tie (the same length
 * through other crossings, either a shortest route): a kept tree breaks a tie its own way (seed -1531893905: from
 * 44 N 25.85 E, id_3724 by id_3714 then 0 km, or by id_3614 then 5.8 km, both 361.9 km). Each leg set adds up to its
 * route's distance (legs rounded to 0.1 km each).
 */
const same = (a: Route[], b: Route[], what: string) => {
  for (let i = 0; i < a.length; i++) {
    const at = `${what}: ${a[i]!.ppid}`;
    assert.equal(a[i]!.reachable, b[i]!.reachable, at);
    assert.equal(a[i]!.distance_km, b[i]!.distance_km, at);
    const legs = (r: Route) => r.legs.map((l) => [l.crossing, l.distance_km]);
    if (JSON.stringify(legs(a[i]!)) === JSON.stringify(legs(b[i]!))) continue;
    for (const r of [a[i]!, b[i]!]) assert.ok(Math.abs(legKm(r) - r.distance_km!) <= 0.05 * r.legs.length + 1e-9, `${at}: legs ${JSON.stringify(legs(r))} add up to ${r.distance_km}`);
  }
};

describe('the one-to-many router (plain, and with kept trees into each crossing)', () => {
  it('gives the Dijkstra tree\'s distances and legs for random origins, both ways across (oracle, property)', () => {
    fc.assert(fc.property(
      fc.double({ min: 44, max: 54, noNaN: true }), fc.double({ min: 14, max: 38, noNaN: true }), fc.constantFrom(null, 'UA', 'PL', 'MD'),
      fc.boolean(),
      (lat, lon, country, into) => {
        const origin = { lat, lon, country };
        const targets = cars.filter((c) => (into ? c.to === 'UA' : c.from === 'UA')).map((c) => c.ppid);
        const tree = routeToCrossings(g, origin, targets, 4);
        same(routes(plain, origin, targets), tree, 'plain');
        same(routes(trees, origin, targets), tree, 'target trees');
      }), { numRuns: 30 });
  });

  it('keeps one tree per crossing and policy, built on first use, a few per call', () => {
    const capped = createRouter(g, { targetTrees: true, treesPerCall: 2 });
    routes(capped, { lat: 50.06, lon: 19.94, country: 'PL' }, cars.filter((c) => c.to === 'UA').map((c) => c.ppid));
    assert.equal(capped.treesKept, 2, 'the rest of the first matrix by the one-to-many search');
    const fresh = createRouter(g, { targetTrees: true, treesPerCall: 10 });
    const into = cars.filter((c) => c.to === 'UA').map((c) => c.ppid).slice(0, 5);
    routes(fresh, { lat: 50.06, lon: 19.94, country: 'PL' }, into);
    routes(fresh, { lat: 52.23, lon: 21.01, country: 'PL' }, into);
    assert.equal(fresh.treesKept, 5);
    routes(fresh, { lat: 49.84, lon: 24.03, country: 'UA' }, into); // from inside Ukraine: the other policy
    assert.equal(fresh.treesKept, 10);
  });

  it('stops searching when the caller stops, and the next call starts afresh', () => {
    const targets = cars.filter((c) => c.to === 'UA').map((c) => c.ppid);
    const seen: string[] = [];
    plain.routeEach({ lat: 50.06, lon: 19.94, country: 'PL' }, targets, 4, (r) => { seen.push(r.ppid); return seen.length < 3; });
    assert.equal(seen.length, 3);
    same(routes(plain, { lat: 50.06, lon: 19.94, country: 'PL' }, targets), routeToCrossings(g, { lat: 50.06, lon: 19.94, country: 'PL' }, targets, 4), 'again');
  });

  it('routes on a small network drawn by hand, where the only way round is through the crossing', () => {
    //   PL:  1 --- 2 --- 3          a crossing X (PL -> UA) at node 3's place;
    //             |                 4 - 5 in Ukraine; the road 3-4 across the border is dropped.
    //   UA:       4 --- 5
    const data: RoadGraphData = {
      version: 'hand',
      nodes: [[1, 'A', 50, 22, 'PL'], [2, 'B', 50, 22.2, 'PL'], [3, 'C', 50, 22.4, 'PL'], [4, 'D', 49.9, 22.4, 'UA'], [5, 'E', 49.9, 22.6, 'UA']],
      edges: [[1, 2, 16, 0, 0, 0], [2, 3, 16, 0, 0, 0], [2, 4, 20, 0, 0, 0], [3, 4, 12, 0, 0, 0], [4, 5, 16, 0, 0, 0]],
    } as RoadGraphData;
    const hand = buildRoutingGraph(data, [{ ppid: 'X', lat: 50, lon: 22.41, from: 'PL', to: 'UA' }, { ppid: 'Y', lat: 49.9, lon: 22.39, from: 'UA', to: 'PL' }]);
    for (const router of [createRouter(hand), createRouter(hand, { targetTrees: true })]) {
      const [x] = routes(router, { lat: 50, lon: 22, country: 'PL' }, ['X']);
      assert.ok(x!.reachable && x!.legs.length === 1 && x!.legs[0]!.crossing === 'X');
      const [y] = routes(router, { lat: 49.9, lon: 22.6, country: 'UA' }, ['Y']);
      assert.ok(y!.reachable && y!.legs.at(-1)!.crossing === 'Y');
      // Into Ukraine from inside it (the tax-free trip): leave through Y, come back through X.
      const [back] = routes(router, { lat: 49.9, lon: 22.6, country: 'UA' }, ['X']);
      assert.deepEqual(back!.legs.map((l) => l.crossing), ['Y', 'X']);
    }
  });

  it('passes each country once: a shortest path that dips into a neighbour and back is routed without it', () => {
    const served = createRouter(g);
    const warsaw = { lat: 52.2297, lon: 21.0122, country: null };
    const all = cars.filter((c) => c.to === 'UA').map((c) => c.ppid);
    let detoured = 0;
    const shortest = routes(plain, warsaw, all);
    routes(served, warsaw, all).forEach((route, i) => {
      const countries = [route.legs[0]?.from_country, ...route.legs.map((l) => l.to_country)];
      assert.equal(new Set(countries).size, countries.length, `${route.ppid}: ${countries.join('>')}`);
      assert.equal(countryDetour(route.legs), null);
      if (countryDetour(shortest[i]!.legs)) {
        detoured++;
        assert.ok(route.distance_km! >= shortest[i]!.distance_km!, 'the rule never finds a shorter route');
      } else assert.equal(route.distance_km, shortest[i]!.distance_km, 'a route without a detour is unchanged');
    });
    assert.ok(detoured >= 1, 'the bundled graph has such a path from Warsaw (Miskolc - Debrecen - Oradea - Püspökladány)');
    assert.deepEqual([...countryDetour([{ from_country: 'PL', to_country: 'SK' }, { from_country: 'SK', to_country: 'HU' }, { from_country: 'HU', to_country: 'RO' },
      { from_country: 'RO', to_country: 'HU' }, { from_country: 'HU', to_country: 'UA' }])!], ['RO']);
    // Out of Ukraine and in again (the tax-free trip) is the route, not a detour; a dip on the way is.
    assert.equal(countryDetour([{ from_country: 'UA', to_country: 'RO' }, { from_country: 'RO', to_country: 'UA' }]), null);
    assert.deepEqual([...countryDetour([{ from_country: 'UA', to_country: 'RO' }, { from_country: 'RO', to_country: 'HU' }, { from_country: 'HU', to_country: 'RO' },
      { from_country: 'RO', to_country: 'UA' }])!], ['HU']);
  });
});
