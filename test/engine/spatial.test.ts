import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createPointIndex } from '../../engine/spatial.js';
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
