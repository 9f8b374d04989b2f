import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bySideOfUkraine, inUkraine, ukraineBorderRing } from '../../../data/geo/ukraine-border.js';
import { distanceToGeometryKm } from '../../../engine/spatial.js';

const ukraineBorderKm = (lat: number, lon: number) => distanceToGeometryKm(lat, lon, ukraineBorderRing()).km;

describe("Ukraine's border", () => {
  it('puts the towns either side of the crossings on their own side, and measures the way to the border', () => {
    // [lat, lon, in Ukraine]: pairs a few km apart across the border.
    const towns: [string, number, number, boolean][] = [
      ['Shehyni', 49.8, 23.03, true], ['Medyka', 49.805, 22.93, false], ['Przemysl', 49.78, 22.77, false],
      ['Chop', 48.43, 22.2, true], ['Zahony', 48.4087, 22.1756, false], ['Yahodyn', 51.18, 23.83, true], ['Dorohusk', 51.17, 23.8, false],
      ['Porubne', 47.99, 25.99, true], ['Siret', 47.95, 26.06, false], ['Lviv', 49.84, 24.03, true], ['Kyiv', 50.45, 30.52, true],
      ['Simferopol', 44.95, 34.1, true], ['Berlin', 52.52, 13.405, false], ['Chisinau', 47.01, 28.86, false],
    ];
    for (const [name, lat, lon, inside] of towns) assert.equal(inUkraine(lat, lon), inside, name);
    assert.ok(Math.abs(ukraineBorderKm(49.84, 24.03) - 57) < 2, 'Lviv is about 57 km from Poland');
    assert.ok(ukraineBorderKm(48.4087, 22.1756) < 1, 'Zahony is at the border');
    assert.ok(ukraineBorderKm(52.52, 13.405) > 600, 'Berlin is not');
  });

  it('corrects a coarser lookup by the border: Ukraine inside it, never Ukraine outside it', () => {
    const saysUkraine = bySideOfUkraine(() => 'UA');
    const saysPoland = bySideOfUkraine(() => 'PL');
    assert.deepEqual([saysPoland(49.8, 23.03), saysUkraine(49.8, 23.03)], ['UA', 'UA'], 'Shehyni');
    assert.deepEqual([saysUkraine(49.805, 22.93), saysPoland(49.805, 22.93)], [null, 'PL'], 'Medyka');
  });
});
