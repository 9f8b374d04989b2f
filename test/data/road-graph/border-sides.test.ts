import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sideByBorder } from '../../../data/road-graph/border-sides.js';
import { buildRoutingGraph, type RoadGraphData } from '../../../engine/routing/graph.js';
import { createRouter } from '../../../engine/routing/router.js';
import type { Route } from '../../../engine/routing/matrix.js';

/*
 * Uzhhorod and its two crossings into Slovakia, X (Vyšné Nemecké - Uzhhorod) and Y (Malyi Bereznyi), as the
 * bundled graph had them: the E-road city Vyšné Nemecké, 0.5 km inside Slovakia, labelled UA, so that its links
 * to Ukraine were kept and Košice's (the E50) dropped. The border (`:`) stands in for Ukraine's at 22.264 E.
 *
 *                                        SK : UA
 *   Snina --28.5-- Y post (SK) ------------ [Y] ------------ Y post (UA) --21.3-- Perechyn
 *                      | 34.8                :           34.4 /                      | 22.9
 *   Košice --120-- X post (SK) ------------ [X] ------------ X post (UA) --5.7--- Uzhhorod
 *      \                                     :      0.6 /    /                          /
 *       \=====E50===== Vyšné Nemecké (UA!) ==:=========/====/==========E50=============/
 */
const road: RoadGraphData = {
  version: 'fixture-sides',
  nodes: [
    [1, 'Košice', 48.72, 21.26, 'SK'], [2, 'Vyšné Nemecké', 48.65937, 22.26321, 'UA'], [3, 'Uzhhorod', 48.62237, 22.30226, 'UA'],
    [4, 'Perechyn', 48.735, 22.478, 'UA'], [5, 'X post (UA)', 48.65514, 22.2656, 'UA'], [6, 'X post (SK)', 48.65514, 22.2656, 'SK'],
    [7, 'Y post (UA)', 48.88415, 22.42026, 'UA'], [8, 'Y post (SK)', 48.88415, 22.42026, 'SK'], [9, 'Snina', 48.988, 22.15, 'SK'],
  ],
  edges: [[1, 2], [2, 3], [2, 5, 0.6], [3, 5, 5.7], [2, 7, 34.4], [3, 4, 22.9], [4, 7, 21.3], [1, 6, 120], [8, 9, 28.5], [6, 8, 34.8]],
};
const crossings = [
  { ppid: 'x_out', lat: 48.65514, lon: 22.2656, from: 'UA', to: 'SK' }, { ppid: 'x_in', lat: 48.65514, lon: 22.2656, from: 'SK', to: 'UA' },
  { ppid: 'y_out', lat: 48.88415, lon: 22.42026, from: 'UA', to: 'SK' },
];
const side = { inside: (_lat: number, lon: number) => lon > 22.264, countryOutside: () => 'SK' };

const route = (data: RoadGraphData, origin: { lat: number; lon: number; country: string }, ppid: string) => {
  let out: Route | null = null;
  createRouter(buildRoutingGraph(data, crossings)).routeEach(origin, [ppid], 4, (r) => void (out = r));
  return out!;
};
const uzhhorod = { lat: 48.6208, lon: 22.2879, country: 'UA' };
/** The fixture with its nodes sided, as the build sides the bundled graph's. */
const sided = (): RoadGraphData => ({ ...road, nodes: sideByBorder(road.nodes, side, crossings).nodes });

describe('node countries checked against the border', () => {
  it('moves a node on the wrong side to its side, and leaves the posts at the crossings as built', () => {
    const { nodes, moved } = sideByBorder(road.nodes, side, crossings);
    assert.deepEqual(moved, [{ id: 2, name: 'Vyšné Nemecké', from: 'UA', to: 'SK' }]);
    assert.deepEqual(nodes.map((n) => n[4]), ['SK', 'SK', 'UA', 'UA', 'UA', 'SK', 'UA', 'SK', 'SK']);
    assert.equal(road.nodes[1]![4], 'UA', 'the network given is left as it was');
    assert.equal(sideByBorder(nodes, side, crossings).moved.length, 0, 'nothing left to move');
  });

  it('keeps the drive to a crossing on the origin\'s side: Uzhhorod to Malyi Bereznyi by Perechyn, not out by Vyšné Nemecké', () => {
    const before = route(road, uzhhorod, 'y_out');
    assert.ok(before.legs[0]!.path.includes('Vyšné Nemecké'), 'as labelled, the shortest way went out to Slovakia and back');
    const after = route(sided(), uzhhorod, 'y_out');
    assert.deepEqual(after.legs.map((l) => [l.from_country, l.to_country, l.crossing]), [['UA', 'SK', 'y_out']]);
    assert.ok(!after.legs[0]!.path.includes('Vyšné Nemecké'));
    assert.deepEqual(after.legs[0]!.path.slice(-3), ['Perechyn', 'Y post (UA)', 'y_out']);
    assert.ok(after.distance_km! > before.distance_km!, `${after.distance_km} km, was ${before.distance_km}`);
  });

  it('gives Slovakia its road back: Košice to the Uzhhorod crossing by the E50 through Vyšné Nemecké', () => {
    const before = route(road, { lat: 48.72, lon: 21.26, country: 'SK' }, 'x_in');
    assert.ok(!before.legs[0]!.path.includes('Vyšné Nemecké'));
    const after = route(sided(), { lat: 48.72, lon: 21.26, country: 'SK' }, 'x_in');
    assert.deepEqual(after.legs[0]!.path.slice(-2), ['Vyšné Nemecké', 'x_in']);
  });
});
