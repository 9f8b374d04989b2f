/** The service's clocks (api/config.ts): the pinned one for the data, and the one limits over elapsed time run on. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClock, createElapsedClock } from '../../api/config.js';

describe('clocks', () => {
  it('pins the data clock to BDDS_NOW, and runs the elapsed clock on from it at the real pace', () => {
    let real = 1_000_000;
    const pinned = createClock('2026-11-22T10:00:00Z');
    const elapsed = createElapsedClock('2026-11-22T10:00:00Z', () => real);
    assert.equal(elapsed().toISOString(), '2026-11-22T10:00:00.000Z', 'both start at the pinned instant');
    real += 1_500;
    assert.equal(pinned().toISOString(), '2026-11-22T10:00:00.000Z', 'the data clock stays');
    assert.equal(elapsed().toISOString(), '2026-11-22T10:00:01.500Z', 'a second and a half later by the elapsed one');
    real += 14 * 3_600_000;
    assert.equal(elapsed().toISOString(), '2026-11-23T00:00:01.500Z', 'past midnight: a quota day can end');
  });

  it('is the system clock when nothing is pinned', () => {
    assert.equal(createElapsedClock(null, () => Date.parse('2027-01-01T00:00:00Z'))().toISOString(), '2027-01-01T00:00:00.000Z');
  });
});
