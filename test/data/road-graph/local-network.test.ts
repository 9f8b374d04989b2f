import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CITY_LINK_FACTOR, measureCircuity } from '../../../data/road-graph/circuity.js';
import { addLocalNetwork, localLinkFactor, type CityGraph } from '../../../data/road-graph/local-network.js';
import { relocateMisplaced } from '../../../data/road-graph/misplaced.js';
import { ROAD_DETOUR_FACTOR } from '../../../engine/routing/graph.js';
import { haversineKm } from '../../../models/geo.js';

/*
 * Two E-road cities and the border between them (Poland west, Ukraine east):
 *
 *   Rzeszow(PL) ........................ Lviv(UA)
 *          post A(PL) | post A(UA)   town T(UA)
 *          post B(PL) | post B(UA)
 *          town P(PL)
 */
const cities: CityGraph = {
  nodes: [[1, 'Rzeszow', 50.04, 22.0, 'PL'], [2, 'Lviv', 49.84, 24.03, 'UA'], [3, 'Krakow', 50.06, 19.94, 'PL']],
  edges: [[1, 3]],
};
const posts = [
  { name: 'A (PL)', lat: 49.96, lon: 23.11, country: 'PL' }, { name: 'A (UA)', lat: 49.96, lon: 23.11, country: 'UA' },
  { name: 'B (PL)', lat: 49.80, lon: 22.94, country: 'PL' }, { name: 'B (UA)', lat: 49.80, lon: 22.94, country: 'UA' },
];
const towns = [{ name: 'P', lat: 49.78, lon: 22.77, country: 'PL' }, { name: 'T', lat: 49.79, lon: 23.06, country: 'UA' },
  { name: 'Far', lat: 45, lon: 30, country: 'UA' }];
const options = { circuity: 1.46, areaKm: 90, linkKm: 100, stretch: 1.2, cityLinkFactor: 1.25 };

describe('local network around the border', () => {
  const local = addLocalNetwork(cities, posts, towns, options);
  const byName = new Map(local.nodes.map((n) => [n[1], n]));
  const linksOf = (name: string) => local.edges.filter(([a, b]) => a === byName.get(name)![0] || b === byName.get(name)![0]);

  it('adds the posts and the towns near them, not a town far from every post', () => {
    assert.equal(local.posts, 4);
    assert.equal(local.towns, 2);
    assert.ok(!byName.has('Far'));
  });
  it('links only places of one country, each link its great-circle x the E-road link factor (not the path circuity), never shorter than the line', () => {
    for (const [a, b, km] of local.edges.slice(cities.edges.length)) {
      const [, , la1, lo1, c1] = local.nodes.find((n) => n[0] === a)!;
      const [, , la2, lo2, c2] = local.nodes.find((n) => n[0] === b)!;
      assert.equal(c1, c2);
      const line = haversineKm(la1, lo1, la2, lo2);
      assert.ok(km! >= line && Math.abs(km! - line * 1.25) < 0.1, `${a}-${b}: ${km} for ${line.toFixed(1)} km`);
    }
  });
  it('joins the two posts of one side directly, and the Ukrainian pieces to Lviv', () => {
    const a = byName.get('A (UA)')![0];
    const b = byName.get('B (UA)')![0];
    assert.ok(local.edges.some(([x, y]) => (x === a && y === b) || (x === b && y === a)));
    assert.ok(linksOf('Lviv').length >= 1, 'Lviv reached from the local places');
  });
  it('counts a run of towns on a straight road at the link factor, not at the circuity of whole paths', () => {
    // Four towns 20 km apart on a line (the M11 from Lviv to Shehyni, drawn straight): the spanner links
    // neighbours, and the run from end to end is 1.25 x its line (it was 1.46 x before).
    const line = [0, 1, 2, 3].map((i) => ({ name: `M${i}`, lat: 49.8, lon: 23.0 + i * 0.279, country: 'UA' }));
    const run = addLocalNetwork({ nodes: [], edges: [] }, [{ ...line[0]!, name: 'post' }], line, options);
    const total = run.edges.reduce((sum, e) => sum + (e[2] ?? 0), 0);
    const straight = haversineKm(line[0]!.lat, line[0]!.lon, line[3]!.lat, line[3]!.lon);
    assert.ok(Math.abs(total / straight - 1.25) < 0.01, `${total} km for ${straight.toFixed(1)}`);
  });
  it('takes the smaller of the link factor and the measured circuity, never under 1', () => {
    assert.equal(localLinkFactor({ circuity: 1.46, cityLinkFactor: 1.25 }), 1.25);
    assert.equal(localLinkFactor({ circuity: 1.1, cityLinkFactor: 1.25 }), 1.1);
    assert.equal(localLinkFactor({ circuity: 1.3, cityLinkFactor: 0.9 }), 1, 'never under 1: a link is never shorter than its straight line');
  });
  it('refuses a circuity under 1', () => {
    assert.throws(() => addLocalNetwork(cities, posts, towns, { ...options, circuity: 0.9 }), /circuity must be at least 1, got 0.9/);
  });
});

describe('circuity of the city graph', () => {
  it('is the median path over straight line of the connected pairs of one country, links at the router\'s factor', () => {
    // A - B - C on a bend: A-C is reached only through B.
    const g: CityGraph = { nodes: [[1, 'A', 50, 20, 'PL'], [2, 'B', 50.3, 20.5, 'PL'], [3, 'C', 50, 21, 'PL']], edges: [[1, 2], [2, 3]] };
    const { factor, pairs } = measureCircuity(g, 1.25, 20, 150);
    const ab = haversineKm(50, 20, 50.3, 20.5);
    const ac = haversineKm(50, 20, 50, 21);
    assert.equal(pairs, 3);
    // Ratios: 1.25 (A-B), 1.25 (B-C) and 1.25 x 2 AB / AC; the median is 1.25.
    assert.ok((2 * ab * 1.25) / ac > 1.25);
    assert.equal(factor, 1.25);
  });
  it('takes the factor the router gives an E-road link', () => {
    assert.equal(CITY_LINK_FACTOR, ROAD_DETOUR_FACTOR);
  });
});

describe('misplaced cities, second look', () => {
  it('moves a city to the namesake that halves its longest link, and drops pieces of two', () => {
    const nodes = [
      { id: 1, name: 'Kobryn', lat: 52.21, lon: 24.35, country: 'BY' }, { id: 2, name: 'Dubno', lat: 48.19, lon: 20.0, country: 'HU' },
      { id: 3, name: 'Ternopil', lat: 49.55, lon: 25.59, country: 'UA' }, { id: 4, name: 'Batumi', lat: 52.18, lon: 21.05, country: 'PL' },
      { id: 5, name: 'Poti', lat: 53, lon: 27, country: 'BY' },
    ];
    const namesakes = (name: string) => (name === 'Dubno' ? [{ lat: 50.42, lon: 25.73, country: 'UA', population: 37_000 }] : []);
    const out = relocateMisplaced({ nodes, edges: [[1, 2], [2, 3], [4, 5]] }, namesakes, () => 'UA');
    assert.deepEqual(out.relocated.map((r) => [r.name, r.country]), [['Dubno', 'UA']]);
    assert.equal(out.nodes.find((n) => n.name === 'Dubno')!.country, 'UA');
    assert.deepEqual(out.dropped.sort(), ['Batumi', 'Poti']);
    assert.deepEqual(out.edges, [[1, 2], [2, 3]]);
  });
});
