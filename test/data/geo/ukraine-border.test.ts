import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bySideOfUkraine, inUkraine, ukraineBorderRing } from '../../../data/geo/ukraine-border.js';
import { distanceToGeometryKm } from '../../../engine/spatial.js';
import { insideRing } from '../../../models/geo.js';
import { mulberry32 } from '../../helpers/seeded-random.js';

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
  it('answers as a ray cast over the whole border does, everywhere: at random points and metres either side of its vertices', () => {
    // inUkraine answers a cell the border does not cross from the cell's first point: checked against the plain cast.
    const ring = ukraineBorderRing();
    const u = mulberry32(11);
    for (let i = 0; i < 1_500; i++) {
      const lat = 43.5 + u() * 9.5;
      const lon = 21.5 + u() * 19.5;
      assert.equal(inUkraine(lat, lon), insideRing(ring, lon, lat), `${lat},${lon}`);
    }
    for (let i = 0; i < ring.length; i += 191) {
      const [lon, lat] = ring[i]!;
      for (const [dlon, dlat] of [[2e-4, 0], [-2e-4, 0], [0, 2e-4], [0, -2e-4]] as const) {
        assert.equal(inUkraine(lat + dlat, lon + dlon), insideRing(ring, lon + dlon, lat + dlat), `${lat + dlat},${lon + dlon}`);
      }
    }
  });
});
