import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountJourney, type CrossingWaits } from '../../../engine/routing/journey.js';
import type { Route } from '../../../engine/routing/matrix.js';

// Berlin --(DE-PL, open)--> Krakow --(PL-UA at id_1)--> Lviv --> id_2 (the route's own crossing, UA-MD)
const how = { graph: 'fixture', speed_kmh: 75, speed_basis: 'vehicle_average' as const };
const route: Route = {
  ppid: 'id_2', reachable: true, distance_km: 900, drive_minutes: 600,
  legs: [
    { from_country: 'DE', to_country: 'PL', crossing: null, distance_km: 300, drive_minutes: 240, path: ['Berlin', 'Krakow'], ...how },
    { from_country: 'PL', to_country: 'UA', crossing: 'id_1', distance_km: 300, drive_minutes: 180, path: ['Krakow', 'id_1'], ...how },
    { from_country: 'UA', to_country: 'MD', crossing: 'id_2', distance_km: 300, drive_minutes: 180, path: ['id_1', 'Lviv', 'id_2'], ...how },
  ],
};
const DEPART_S = 36_000; // 10:00 UTC

describe('journey accounting', () => {
  it('waits at each crossing for the queue forecast at its arrival hour, and the wait delays what follows', () => {
    const waits: Record<string, CrossingWaits> = {
      // arrives at id_1 after 420 min = 17:00 -> forecast hour 7 says 60 min
      id_1: { forecast: { startS: DEPART_S, minutes: [0, 0, 0, 0, 0, 0, 0, 60, 0, 0, 0, 0] }, currentMin: 5 },
      // then 180 min more plus the 60 min wait: arrives 21:00 -> hour 11 says 30; without the wait it would read hour 10 (0)
      id_2: { forecast: { startS: DEPART_S, minutes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 30] }, currentMin: 99 },
    };
    const journey = accountJourney(route, DEPART_S, (ppid) => waits[ppid]!);
    assert.deepEqual(journey.legs.map((l) => l.queue_minutes_at_arrival), [null, 60, 30]);
    assert.equal(journey.queueTotalMin, 90);
    assert.deepEqual(journey.lastQueue, { minutes: 30, basis: 'forecast' });
  });

  it('falls back to the current wait past the forecast, and totals nothing when a crossing has no wait at all', () => {
    const journey = accountJourney(route, DEPART_S, (ppid) =>
      ppid === 'id_1' ? { forecast: null, currentMin: 45 } : { forecast: null, currentMin: null });
    assert.deepEqual(journey.legs.map((l) => l.queue_minutes_at_arrival), [null, 45, null]);
    assert.equal(journey.queueTotalMin, null, 'unknown is not zero');
    assert.deepEqual(journey.lastQueue, { minutes: null, basis: null });
  });
});
