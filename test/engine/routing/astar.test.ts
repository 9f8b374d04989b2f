import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createAStarRouter } from '../../../engine/routing/astar.js';
import { buildRoutingGraph } from '../../../engine/routing/graph.js';
import { routeToCrossings, type Route } from '../../../engine/routing/matrix.js';
import { COUNTRY_ISO2 } from '../../../models/codes.js';
import type { RoadGraphData } from '../../../models/engine-results.js';
import { loadRoadGraph } from '../../../data/seed.js';

// The real network: the bundled road graph and every car crossing of the bundled directory.
const directory = JSON.parse(readFileSync(new URL('../../../data/bundled/directory.json', import.meta.url), 'utf8')) as {
  locations: { lat: number; lon: number; checkpoints: { ppid: string; origin: number; destination: number; crossing_type: number }[] }[];
};
const cars = directory.locations.flatMap((l) => l.checkpoints.filter((c) => c.crossing_type === 4)
  .map((c) => ({ ppid: c.ppid, lat: l.lat, lon: l.lon, from: COUNTRY_ISO2[c.origin]!, to: COUNTRY_ISO2[c.destination]! })));
const road: RoadGraphData = loadRoadGraph();
const g = buildRoutingGraph(road, cars);
const router = createAStarRouter(g);

function aStarRoutes(origin: { lat: number; lon: number; country: string | null }, targets: string[]): Route[] {
  const out: Route[] = [];
  router.routeEach(origin, targets, 4, (r) => void out.push(r));
  return out;
}

describe('A* routing with ngraph.path', () => {
  it('finds the same shortest distances as the Dijkstra tree for random origins (oracle, property)', () => {
    assert.ok(cars.length > 50, `${cars.length} car crossings`);
    fc.assert(fc.property(
      fc.double({ min: 44, max: 54, noNaN: true }), fc.double({ min: 14, max: 38, noNaN: true }), fc.constantFrom(null, 'UA', 'PL'),
      (lat, lon, country) => {
        const origin = { lat, lon, country };
        const into = cars.filter((c) => (country === 'UA' ? c.from === 'UA' : c.to === 'UA')).map((c) => c.ppid);
        const tree = routeToCrossings(g, origin, into, 4);
        const astar = aStarRoutes(origin, into);
        for (let i = 0; i < into.length; i++) {
          assert.equal(astar[i]!.reachable, tree[i]!.reachable, into[i]);
          assert.equal(astar[i]!.distance_km, tree[i]!.distance_km, `${into[i]} from ${lat.toFixed(2)},${lon.toFixed(2)}`);
          // The same crossings on the way, unless two paths tie (the same length through others: either is a shortest route).
          const crossings = (r: typeof astar[number]) => r.legs.map((l) => l.crossing).join(',');
          if (crossings(astar[i]!) !== crossings(tree[i]!)) {
            for (const r of [astar[i]!, tree[i]!]) {
              assert.ok(Math.abs(r.legs.reduce((sum, l) => sum + l.distance_km, 0) - r.distance_km!) <= 0.05 * r.legs.length + 1e-9, `${into[i]}: a tie's legs add up`);
            }
          }
        }
      }), { numRuns: 25 });
  });

  it('returns each leg\'s places in order, from a city near the origin to the crossing', () => {
    const [route] = aStarRoutes({ lat: 52.52, lon: 13.40, country: 'DE' }, [cars.find((c) => c.from === 'PL' && c.to === 'UA')!.ppid]);
    assert.ok(route!.reachable);
    const legs = route!.legs;
    const cities = new Set(road.nodes.map((n) => n[1]));
    assert.ok(cities.has(legs[0]!.path[0]!), `starts at a city near Berlin (${legs[0]!.path[0]})`);
    assert.ok(legs.flatMap((l) => l.path).filter((p) => !p.startsWith('id_')).every((p) => cities.has(p)), 'every other place is a city');
    assert.equal(legs.at(-1)!.path.at(-1), route!.ppid, 'the last leg ends at the crossing');
    for (let i = 1; i < legs.length; i++) assert.equal(legs[i]!.path[0], legs[i - 1]!.path.at(-1), 'legs join where the last ended');
  });

  it('stops when the caller has what it needs, and leaves the graph as it found it', () => {
    const targets = cars.filter((c) => c.to === 'UA').map((c) => c.ppid);
    const seen: string[] = [];
    router.routeEach({ lat: 50.06, lon: 19.94, country: 'PL' }, targets, 4, (r) => { seen.push(r.ppid); return seen.length < 3; });
    assert.equal(seen.length, 3);
    const again = aStarRoutes({ lat: 50.06, lon: 19.94, country: 'PL' }, targets.slice(0, 3));
    assert.deepEqual(again.map((r) => r.ppid), seen, 'the temporary origin node was removed (a second search works the same)');
  });
});
