import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CityGraph } from '../../../data/road-graph/local-network.js';
import { addMainRoads, MAIN_ROADS } from '../../../data/road-graph/main-roads.js';

// Two Mykolaivs (the southern city and the town near Lviv), Kyiv and Odesa joined directly, Uman apart.
const graph: CityGraph = {
  nodes: [[1, 'Kiev', 50.45, 30.52, 'UA'], [2, 'Odessa', 46.48, 30.73, 'UA'], [3, 'Uman', 48.75, 30.22, 'UA'],
    [4, 'Mykolaiv', 47.39, 31.94, 'UA'], [5, 'Mykolaiv', 49.52, 23.98, 'UA'], [6, 'Kirovohrad', 48.37, 31.78, 'UA']],
  edges: [[1, 2]],
};
const geonames = (name: string) => (name === 'Bila Tserkva' ? [{ lat: 49.8, lon: 30.11, country: 'UA' }] : []);

describe('main roads the E-road set lacks', () => {
  it('links the cities of a road in a row, adding a city the graph lacks from GeoNames, and keeps what was there', () => {
    const road = addMainRoads(graph, geonames, [{ ref: 'M-05', cities: [['Kiev', 50.45, 30.52], ['Bila Tserkva', 49.8, 30.11], ['Uman', 48.75, 30.22], ['Odessa', 46.48, 30.73]] }]);
    const bila = road.nodes.find((n) => n[1] === 'Bila Tserkva')!;
    assert.deepEqual(road.cities, ['Bila Tserkva']);
    assert.deepEqual(road.edges, [[1, 2], [1, bila[0]], [bila[0], 3], [3, 2]]);
    assert.deepEqual(road.added, ['M-05: Kiev - Bila Tserkva', 'M-05: Bila Tserkva - Uman', 'M-05: Uman - Odessa']);
  });
  it('tells namesakes apart by the point given, and adds no link twice', () => {
    const road = addMainRoads(graph, geonames, [{ ref: 'H-14', cities: [['Kirovohrad', 48.51, 32.26], ['Mykolaiv', 46.97, 31.99]] },
      { ref: 'again', cities: [['Mykolaiv', 46.97, 31.99], ['Kirovohrad', 48.51, 32.26]] }]);
    assert.deepEqual(road.edges.slice(1), [[6, 4]], 'the southern Mykolaiv, once');
  });
  it('fails the build on a city found nowhere near its point (a misspelt name must not drop a road)', () => {
    assert.throws(() => addMainRoads(graph, geonames, [{ ref: 'X', cities: [['Kiev', 50.45, 30.52], ['Kyyiv Nowhere', 50, 30]] }]), /Kyyiv Nowhere/);
    assert.throws(() => addMainRoads(graph, geonames, [{ ref: 'X', cities: [['Uman', 46.48, 30.73]] }]), /Uman/, 'Uman is 250 km from that point');
  });
  it('every road of the list names two or more cities, each with a point in the region', () => {
    for (const road of MAIN_ROADS) {
      assert.ok(road.cities.length >= 2, road.ref);
      for (const [, lat, lon] of road.cities) assert.ok(lat > 44 && lat < 53 && lon > 20 && lon < 41, `${road.ref} ${lat},${lon}`);
    }
  });
  it('takes a city of the country given, not a namesake of another', () => {
    const road = addMainRoads({ nodes: [[1, 'Satu Mare', 47.79, 22.89, 'RO'], [2, 'Csenger', 47.84, 22.68, 'HU'], [3, 'Csenger', 47.84, 22.7, 'RO']], edges: [] }, geonames,
      [{ ref: 'HU 49', cities: [['Csenger', 47.84, 22.68, 'HU'], ['Satu Mare', 47.79, 22.89, 'RO']] }]);
    assert.deepEqual(road.edges, [[2, 1]]);
  });
});
