import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { snapToNamesakes } from '../../../data/road-graph/snap.js';

const node = (id: number, name: string, lat: number, lon: number) => ({ id, name, lat, lon, country: 'UA' });
const places: Record<string, { lat: number; lon: number; country: string; population: number }[]> = {
  Zhytomyr: [{ lat: 50.265, lon: 28.677, country: 'UA', population: 282_192 }, { lat: 50.9, lon: 28.4, country: 'UA', population: 300 }],
  Dubno: [{ lat: 50.4, lon: 25.6, country: 'UA', population: 37_000 }],
  Far: [{ lat: 46, lon: 30, country: 'UA', population: 1_000_000 }],
};

describe('snapping E-road cities onto their namesakes', () => {
  const { nodes, snapped } = snapToNamesakes([node(1, 'Zhytomyr', 50.908, 28.387), node(2, 'Dubno', 50.417, 25.734), node(3, 'Far', 50, 30), node(4, 'Nowhere', 50, 30)],
    (name) => places[name] ?? []);
  it('moves a city onto the most populous namesake near it when that is a city of 50,000 or more, not onto a village beside its point', () => {
    assert.deepEqual([nodes[0]!.lat, nodes[0]!.lon], [50.265, 28.677]);
    assert.deepEqual(snapped.map((s) => s.name), ['Zhytomyr']);
  });
  it('leaves a city whose namesake is smaller, farther than 100 km, or absent', () => {
    assert.deepEqual(nodes.slice(1).map((n) => [n.lat, n.lon]), [[50.417, 25.734], [50, 30], [50, 30]]);
  });
});
