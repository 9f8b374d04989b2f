import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRoutingGraph, nearestRoadNodes, type RoadGraphData } from '../../../engine/routing/graph.js';
import { queueAtArrival } from '../../../engine/routing/journey.js';
import { routeToCrossings } from '../../../engine/routing/matrix.js';

/*
 * A small fixture network (longitude grows to the right, all on latitude 50 except B at 50.5):
 *
 *   Berlin(DE) --- Poznan(PL) --- Warsaw(PL)
 *                     |              |
 *                  Krakow(PL) --- Rzeszow(PL) ==[X1]== Lviv(UA) --- Kyiv(UA)
 *                                    |                   |
 *                                    +------ Rzeszow-Lviv road link (crosses the UA border: removed)
 *                                           Zamosc(PL) ==[X2]== Kovel(UA)
 *
 * X1 and X2 are monitored crossings (both directions); the direct Rzeszow-Lviv link must not be used.
 */
const road: RoadGraphData = {
  version: 'fixture-1',
  nodes: [
    [1, 'Berlin', 52.52, 13.40, 'DE'], [2, 'Poznan', 52.41, 16.93, 'PL'], [3, 'Warsaw', 52.23, 21.01, 'PL'],
    [4, 'Krakow', 50.06, 19.94, 'PL'], [5, 'Rzeszow', 50.04, 22.00, 'PL'], [6, 'Lviv', 49.84, 24.03, 'UA'],
    [7, 'Kyiv', 50.45, 30.52, 'UA'], [8, 'Zamosc', 50.72, 23.25, 'PL'], [9, 'Kovel', 51.21, 24.71, 'UA'],
  ],
  edges: [[1, 2], [2, 3], [2, 4], [3, 5], [4, 5], [5, 6], [6, 7], [3, 8], [6, 9]],
};
const crossings = [
  { ppid: 'x1_in', lat: 49.95, lon: 23.0, from: 'PL', to: 'UA' }, { ppid: 'x1_out', lat: 49.95, lon: 23.0, from: 'UA', to: 'PL' },
  { ppid: 'x2_in', lat: 51.0, lon: 24.0, from: 'PL', to: 'UA' }, { ppid: 'x2_out', lat: 51.0, lon: 24.0, from: 'UA', to: 'PL' },
];

describe('routing graph', () => {
  const g = buildRoutingGraph(road, crossings);
  it('removes road links across the monitored border and passes through crossings one way', () => {
    const lviv = 5;
    const rzeszow = 4;
    const links = (n: number) => Array.from(g.targets.subarray(g.offsets[n]!, g.offsets[n + 1]!));
    assert.ok(!links(rzeszow).includes(lviv), 'Rzeszow-Lviv is gone');
    const inNode = g.inNodeOf.get('x1_in')!;
    assert.deepEqual(links(inNode), [inNode + 1], 'entry leads only to the exit');
    assert.ok(links(inNode + 1).every((n) => g.country[n] === 'UA'), 'the exit leads into Ukraine');
  });
  it('snaps a point to the nearest cities, of its own country when asked', () => {
    assert.equal(g.name[nearestRoadNodes(g, 49.7, 23.3, 1)[0]!], 'Lviv');
    assert.equal(g.name[nearestRoadNodes(g, 49.7, 23.3, 1, 'PL')[0]!], 'Rzeszow');
  });
  it('routes from Krakow to both crossings into Ukraine, shortest first, in one leg', () => {
    const [x1, x2] = routeToCrossings(g, { lat: 50.06, lon: 19.94, country: 'PL' }, ['x1_in', 'x2_in'], 4);
    assert.ok(x1!.reachable && x2!.reachable);
    assert.ok(x1!.distance_km! < x2!.distance_km!);
    assert.deepEqual(x1!.legs.map((l) => [l.from_country, l.to_country, l.crossing]), [['PL', 'UA', 'x1_in']]);
    assert.equal(x1!.drive_minutes, Math.round((x1!.distance_km! / 75) * 60), 'cars at 75 km/h');
  });
  it('routes from Berlin through Poland: an open border leg, then the crossing', () => {
    const [route] = routeToCrossings(g, { lat: 52.52, lon: 13.40, country: 'DE' }, ['x1_in'], 9);
    assert.deepEqual(route!.legs.map((l) => [l.from_country, l.to_country, l.crossing]), [['DE', 'PL', null], ['PL', 'UA', 'x1_in']]);
    const sum = route!.legs.reduce((a, l) => a + l.distance_km, 0);
    assert.ok(Math.abs(sum - route!.distance_km!) < 0.5, 'legs add up to the route');
  });
  it('routes from Kyiv out of Ukraine through the crossing entered from the Ukrainian side', () => {
    const [route] = routeToCrossings(g, { lat: 50.45, lon: 30.52, country: 'UA' }, ['x1_out'], 4);
    assert.deepEqual(route!.legs.map((l) => [l.from_country, l.to_country, l.crossing]), [['UA', 'PL', 'x1_out']]);
    const [nowhere] = routeToCrossings(g, { lat: 50.45, lon: 30.52, country: 'UA' }, ['x9'], 4);
    assert.equal(nowhere!.reachable, false);
  });
});

describe('queue at arrival', () => {
  const forecast = { startS: 36_000, minutes: [10, 20, null, 40] };
  it('takes the forecast for the hour of arrival', () => {
    assert.deepEqual(queueAtArrival(36_000 + 3_600 + 1_200, forecast, 99), { minutes: 20, basis: 'forecast' });
    assert.deepEqual(queueAtArrival(36_000 + 3 * 3_600, forecast, 99), { minutes: 40, basis: 'forecast' });
  });
  it('falls back to the current queue where the forecast has nothing, and to null', () => {
    assert.deepEqual(queueAtArrival(36_000 + 2 * 3_600, forecast, 99), { minutes: 99, basis: 'current' });
    assert.deepEqual(queueAtArrival(36_000 + 9 * 3_600, forecast, 7), { minutes: 7, basis: 'current' });
    assert.deepEqual(queueAtArrival(0, null, null), { minutes: null, basis: null });
  });
});
