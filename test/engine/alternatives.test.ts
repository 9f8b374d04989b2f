import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rankAlternatives } from '../../engine/alternatives.js';

describe('alternatives ranking', () => {
  // Three crossings on one border, 0.5 degrees of longitude apart (about 36 km at 50 N).
  const here = { ppid: 'a', lat: 50, lon: 23, waitMin: 300 };
  it('ranks by extra driving plus the difference in wait; unknown waits last', () => {
    const ranked = rankAlternatives(here, [
      { ppid: 'far-fast', lat: 50, lon: 24, waitMin: 0 },
      { ppid: 'near-slow', lat: 50, lon: 23.5, waitMin: 400 },
      { ppid: 'near-fast', lat: 50, lon: 23.5, waitMin: 30 },
      { ppid: 'unknown', lat: 50, lon: 23.2, waitMin: null },
    ], 4);
    // Cars at travel-matrix's 75 km/h: near-fast 37 min more driving, 270 min less waiting (-233); far-fast: 74 more, 300 less (-226).
    assert.deepEqual(ranked.map((r) => r.ppid), ['near-fast', 'far-fast', 'near-slow', 'unknown']);
    const near = ranked.find((r) => r.ppid === 'near-fast')!;
    assert.equal(near.distance_km, 46.5, '35.7 km great-circle x 1.3');
    assert.equal(near.drive_delta_min, 37, '46.5 km at 75 km/h, the speed travel-matrix drives a car at');
    assert.equal(near.total_delta_min, 37 + 30 - 300);
    assert.equal(near.is_better, true);
    assert.equal(ranked.at(-1)!.total_delta_min, null);
  });
  it('uses the route and its drive time where one is known (the router\'s, as travel-matrix gives it), else the straight line at the vehicle\'s average', () => {
    const [routed] = rankAlternatives(here, [{ ppid: 'b', lat: 50, lon: 23.5, waitMin: 0, route: { km: 120, minutes: 131 } }], 9);
    assert.deepEqual([routed!.distance_km, routed!.drive_delta_min], [120, 131]);
    // A truck (type 9) at travel-matrix's 60 km/h over 35.7 km x 1.3.
    const [unrouted] = rankAlternatives(here, [{ ppid: 'b', lat: 50, lon: 23.5, waitMin: 0, route: null }], 9);
    assert.deepEqual([unrouted!.distance_km, unrouted!.drive_delta_min], [46.5, 46]);
  });
});
