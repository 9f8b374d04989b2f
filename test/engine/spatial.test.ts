import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createPointIndex, distanceToGeometryKm } from '../../engine/spatial.js';
import { haversineKm } from '../../models/geo.js';

describe('nearest points', () => {
  it('finds the same points as a brute-force scan, in the same order, on random points and queries (property)', () => {
    const point = fc.record({ lat: fc.double({ min: 44, max: 56, noNaN: true }), lon: fc.double({ min: 12, max: 40, noNaN: true }), kind: fc.constantFrom('a', 'b') });
    fc.assert(fc.property(fc.array(point, { minLength: 0, maxLength: 300 }), point, fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 20 }),
      (points, q, radiusKm, limit) => {
        const index = createPointIndex(points);
        const keep = (p: { kind: string }) => p.kind === q.kind;
        const found = index.near(q.lat, q.lon, radiusKm, limit, keep);
        const brute = points.map((p) => ({ p, d: haversineKm(q.lat, q.lon, p.lat, p.lon) }))
          .filter(({ p, d }) => keep(p) && d <= radiusKm).sort((a, b) => a.d - b.d);
        assert.equal(index.count(q.lat, q.lon, radiusKm, keep), brute.length);
        assert.equal(found.length, Math.min(limit, brute.length));
        found.forEach((f, i) => assert.ok(Math.abs(f.distanceKm - brute[i]!.d) < 1e-6, `rank ${i}: ${f.distanceKm} vs ${brute[i]!.d}`));
      }), { numRuns: 150 });
  });

  it('answers an empty index with nothing', () => {
    const index = createPointIndex<{ lat: number; lon: number }>([]);
    assert.deepEqual(index.near(50, 24, 100, 5), []);
    assert.equal(index.count(50, 24, 100), 0);
  });
});

describe('distance to a line', () => {
  it('matches the nearest of many points sampled along the line, within 0.5 % (property)', () => {
    const lonLat = fc.tuple(fc.double({ min: 20, max: 30, noNaN: true }), fc.double({ min: 45, max: 55, noNaN: true }));
    // Road geometries: vertices a few km apart.
    const line = fc.tuple(lonLat, fc.array(fc.tuple(fc.double({ min: -0.05, max: 0.05, noNaN: true }), fc.double({ min: -0.05, max: 0.05, noNaN: true })), { minLength: 1, maxLength: 12 }))
      .map(([start, steps]) => steps.reduce<[number, number][]>((acc, [dx, dy]) => [...acc, [acc.at(-1)![0] + dx, acc.at(-1)![1] + dy]], [start]));
    fc.assert(fc.property(line, fc.double({ min: -0.3, max: 0.3, noNaN: true }), fc.double({ min: -0.3, max: 0.3, noNaN: true }), (coords, dLon, dLat) => {
      const [lon, lat] = [coords[0]![0] + dLon, coords[0]![1] + dLat];
      const { km, nearest } = distanceToGeometryKm(lat, lon, coords);
      let sampled = Infinity;
      for (let i = 1; i < coords.length; i++) {
        for (let k = 0; k <= 400; k++) {
          const t = k / 400;
          const p = [coords[i - 1]![0] + (coords[i]![0] - coords[i - 1]![0]) * t, coords[i - 1]![1] + (coords[i]![1] - coords[i - 1]![1]) * t];
          sampled = Math.min(sampled, haversineKm(lat, lon, p[1]!, p[0]!));
        }
      }
      assert.ok(km <= sampled * 1.005 + 0.01 && km >= sampled * 0.995 - 0.05, `${km} vs sampled ${sampled}`);
      assert.ok(Math.abs(haversineKm(lat, lon, nearest[1], nearest[0]) - km) < 1e-9, 'the nearest point is at that distance');
    }), { numRuns: 200 });
  });

  it('measures a point geometry to the point, and a line from its nearest segment, not its first point', () => {
    assert.ok(Math.abs(distanceToGeometryKm(50, 24, [[24, 51]]).km - 111.2) < 0.2);
    // A line from far away passing 1 km from the asked point.
    const far = distanceToGeometryKm(50, 24, [[23, 50.009], [25, 50.009]]);
    assert.ok(Math.abs(far.km - 1.0) < 0.01, `${far.km}`);
    assert.ok(Math.abs(far.nearest[0] - 24) < 0.001);
  });
});
