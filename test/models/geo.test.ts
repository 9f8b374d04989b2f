import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { insideRing } from '../../models/geo.js';

describe('a point inside a ring', () => {
  it('is told by ray casting, holes and concave bays included, the ring closed or not', () => {
    // A "C": a square 0-4 with the bay x 1-4, y 1-3 cut out of its east side.
    const c: [number, number][] = [[0, 0], [4, 0], [4, 1], [1, 1], [1, 3], [4, 3], [4, 4], [0, 4], [0, 0]];
    assert.equal(insideRing(c, 0.5, 2), true, 'the spine');
    assert.equal(insideRing(c, 2.5, 2), false, 'in the bay');
    assert.equal(insideRing(c, 3, 0.5), true, 'the lower arm');
    assert.equal(insideRing(c, 5, 2), false, 'east of it, level with the bay');
    assert.equal(insideRing(c.slice(0, -1), 0.5, 2), true, 'unclosed');
  });
});
