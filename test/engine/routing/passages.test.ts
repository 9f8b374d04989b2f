import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRouter } from '../../../engine/routing/router.js';
import { buildRoutingGraph, type RoadGraphData } from '../../../engine/routing/graph.js';
import { routeToCrossings, type Route } from '../../../engine/routing/matrix.js';

/*
 * Poland, Ukraine and Romania, and a Romanian crossing far south that a shortest path would reach through
 * Ukraine (in at X1, out at X2, in again at X3); the only road that stays outside goes Krakow - Kosice -
 * Debrecen - Satu Mare:
 *
 *   Krakow(PL) --- Rzeszow(PL) ==[X1]== Lviv(UA)
 *       |                                 |
 *   Kosice(SK)                       Mukachevo(UA) ==[X2]== Halmeu(RO) ==[X3]== Solotvyno(UA)
 *       |                                                     |
 *   Debrecen(HU) --------------------------------------- Satu Mare(RO)
 */
const road: RoadGraphData = {
  version: 'fixture-passages',
  nodes: [
    [1, 'Krakow', 50.06, 19.94, 'PL'], [2, 'Rzeszow', 50.04, 22.0, 'PL'], [3, 'Lviv', 49.84, 24.03, 'UA'],
    [4, 'Mukachevo', 48.44, 22.72, 'UA'], [5, 'Halmeu', 47.98, 23.01, 'RO'], [6, 'Solotvyno', 47.96, 23.87, 'UA'],
    [7, 'Kosice', 48.72, 21.25, 'SK'], [8, 'Debrecen', 47.53, 21.63, 'HU'], [9, 'Satu Mare', 47.79, 22.87, 'RO'],
  ],
  edges: [[1, 2], [3, 4], [1, 7], [7, 8], [8, 9], [9, 5]],
};
const crossings = [
  { ppid: 'x1_in', lat: 49.95, lon: 23.0, from: 'PL', to: 'UA' }, { ppid: 'x1_out', lat: 49.95, lon: 23.0, from: 'UA', to: 'PL' },
  { ppid: 'x2_out', lat: 48.2, lon: 22.9, from: 'UA', to: 'RO' }, { ppid: 'x2_in', lat: 48.2, lon: 22.9, from: 'RO', to: 'UA' },
  { ppid: 'x3_in', lat: 47.97, lon: 23.5, from: 'RO', to: 'UA' }, { ppid: 'x3_out', lat: 47.97, lon: 23.5, from: 'UA', to: 'RO' },
];
const g = buildRoutingGraph(road, crossings);
const router = createRouter(g);
const crossed = (r: Route) => r.legs.filter((l) => l.crossing).map((l) => l.crossing);
const both = (origin: { lat: number; lon: number; country: string }, target: string) => {
  const [tree] = routeToCrossings(g, origin, [target], 4);
  const served: Route[] = [];
  router.routeEach(origin, [target], 4, (r) => void served.push(r));
  assert.equal(served[0]!.distance_km, tree!.distance_km, 'the served router and the Dijkstra oracle agree');
  return tree!;
};

describe('passages a route may take', () => {
  it('into Ukraine from outside: enters once, at its own crossing, by the long way round', () => {
    const route = both({ lat: 50.06, lon: 19.94, country: 'PL' }, 'x3_in');
    assert.deepEqual(crossed(route), ['x3_in']);
    assert.deepEqual(route.legs.map((l) => l.to_country), ['SK', 'HU', 'RO', 'UA']);
  });
  it('out of Ukraine from inside: leaves once, at its own crossing', () => {
    const route = both({ lat: 49.84, lon: 24.03, country: 'UA' }, 'x1_out');
    assert.deepEqual(crossed(route), ['x1_out']);
    assert.equal(both({ lat: 47.96, lon: 23.87, country: 'UA' }, 'x2_out').reachable, true);
  });
  it('from inside Ukraine back into it (a tax-free car): leaves once, then enters at its own crossing', () => {
    const route = both({ lat: 48.44, lon: 22.72, country: 'UA' }, 'x3_in');
    assert.deepEqual(crossed(route), ['x2_out', 'x3_in']);
  });
  it('states the graph and the speed of each leg', () => {
    const route = both({ lat: 50.06, lon: 19.94, country: 'PL' }, 'x3_in');
    for (const leg of route.legs) assert.deepEqual([leg.graph, leg.speed_kmh, leg.speed_basis], ['fixture-passages', 75, 'vehicle_average']);
  });
});
