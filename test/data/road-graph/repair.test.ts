import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { repairGraph, type Place } from '../../../data/road-graph/repair.js';
import { bundledPath } from '../../../data/seed.js';

const places: Record<string, Place[]> = {
  Brest: [{ lat: 48.39, lon: -4.49, country: 'FR', population: 140_000 }, { lat: 52.10, lon: 23.69, country: 'BY', population: 300_000 }],
  Wels: [{ lat: 48.17, lon: 14.03, country: 'AT', population: 60_000 }, { lat: 52.29, lon: -3.74, country: 'GB', population: 100 }],
};
const countryAt = (lat: number, lon: number) => (lon < 0 ? 'FR' : lon > 23.5 ? 'BY' : lon > 14.5 ? 'PL' : 'AT');

describe('road graph repair', () => {
  it('moves a city placed at a far namesake back among its neighbours', () => {
    // Wels (Austria) was geocoded to Wales; its neighbours are Linz and Salzburg.
    const g = repairGraph(
      [{ id: 1, name: 'Linz', lat: 48.31, lon: 14.29 }, { id: 2, name: 'Wels', lat: 52.29, lon: -3.74 }, { id: 3, name: 'Salzburg', lat: 47.8, lon: 13.04 }],
      [[1, 2], [2, 3]], (n) => places[n] ?? [], countryAt);
    assert.deepEqual(g.repaired.map((r) => [r.name, r.country]), [['Wels', 'AT']]);
    assert.equal(g.edges.length, 2);
    assert.equal(g.droppedEdges.length, 0);
  });
  it('splits a name that stands for two cities (Brest on the E50 and on the E30)', () => {
    const g = repairGraph(
      [{ id: 1, name: 'Rennes', lat: 48.11, lon: -1.68 }, { id: 2, name: 'Brest', lat: 48.39, lon: -4.49 },
        { id: 3, name: 'Warsaw', lat: 52.23, lon: 21.01 }, { id: 4, name: 'Minsk', lat: 53.9, lon: 27.56 }],
      [[1, 2], [3, 2], [2, 4]], (n) => places[n] ?? [], countryAt);
    assert.ok(g.split.length >= 1, 'at least one link re-attached to a second Brest');
    const brests = g.nodes.filter((n) => n.name === 'Brest');
    assert.deepEqual(brests.map((n) => n.country).sort(), ['BY', 'FR']);
    assert.equal(g.droppedEdges.length, 0, 'Warsaw-Brest-Minsk is kept through the Belarusian Brest');
  });
  it('drops links it cannot repair, then cities left alone, and says so', () => {
    const g = repairGraph([{ id: 1, name: 'Lisbon', lat: 38.72, lon: -9.14 }, { id: 2, name: 'Nowhere', lat: 60, lon: 30 }],
      [[1, 2]], () => [], countryAt);
    assert.deepEqual(g.droppedEdges.map((e) => [e.from, e.to]), [['Lisbon', 'Nowhere']]);
    assert.deepEqual(g.droppedNodes.sort(), ['Lisbon', 'Nowhere']);
  });
  it('ships a repaired graph with no link over 600 km and countries on the Ukrainian border region', () => {
    const g = JSON.parse(readFileSync(bundledPath('road-graph.json'), 'utf8')) as { nodes: [number, string, number, number, string | null][]; edges: [number, number][] };
    const byId = new Map(g.nodes.map((n) => [n[0], n]));
    const rad = Math.PI / 180;
    for (const [a, b] of g.edges) {
      const [, , la1, lo1] = byId.get(a)!;
      const [, , la2, lo2] = byId.get(b)!;
      const h = Math.sin(((la2 - la1) * rad) / 2) ** 2 + Math.cos(la1 * rad) * Math.cos(la2 * rad) * Math.sin(((lo2 - lo1) * rad) / 2) ** 2;
      assert.ok(2 * 6371 * Math.asin(Math.sqrt(h)) <= 600, `${a}-${b}`);
    }
    for (const city of ['Lviv', 'Rzeszów', 'Uzhhorod', 'Chişinău']) assert.ok(g.nodes.some((n) => n[1] === city && n[4] !== null), city);
  });
});
