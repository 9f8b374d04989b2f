import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createRouter } from '../../../engine/routing/router.js';
import { buildRoutingGraph } from '../../../engine/routing/graph.js';
import type { Route } from '../../../engine/routing/matrix.js';
import { loadRoadGraph } from '../../../data/seed.js';
import { COUNTRY_ISO2 } from '../../../models/codes.js';
import { haversineKm } from '../../../models/geo.js';

// The shipped road graph and the shipped directory, per vehicle type as the products route them.
const directory = JSON.parse(readFileSync(new URL('../../../data/bundled/directory.json', import.meta.url), 'utf8')) as {
  locations: { key: string; lat: number; lon: number; checkpoints: { ppid: string; origin: number; destination: number; crossing_type: number }[] }[];
};
const all = directory.locations.flatMap((l) => l.checkpoints.map((c) => ({ ...c, key: l.key, lat: l.lat, lon: l.lon,
  from: COUNTRY_ISO2[c.origin]!, to: COUNTRY_ISO2[c.destination]! })));
const routerFor = (type: number) => createRouter(buildRoutingGraph(loadRoadGraph(), all.filter((c) => c.crossing_type === type)));
const route = (router: ReturnType<typeof routerFor>, origin: { lat: number; lon: number; country: string }, ppid: string) => {
  let out: Route | null = null;
  router.routeEach(origin, [ppid], 4, (r) => void (out = r));
  return out!;
};

describe('routes between crossings on one side of the border', () => {
  it('stay within 1.0-1.8 x the straight line for every pair less than 100 km apart, for every vehicle type', () => {
    let pairs = 0;
    for (const type of [4, 6, 8, 9]) {
      const router = routerFor(type);
      const ofType = all.filter((c) => c.crossing_type === type);
      for (const a of ofType) {
        for (const b of ofType) {
          if (a.key === b.key || a.from !== b.from) continue;
          const lineKm = haversineKm(a.lat, a.lon, b.lat, b.lon);
          if (lineKm >= 100) continue;
          const r = route(router, { lat: a.lat, lon: a.lon, country: a.from }, b.ppid);
          const ratio = r.distance_km! / lineKm;
          assert.ok(ratio >= 1 && ratio <= 1.8, `${a.key} -> ${b.key} (${a.from}): ${r.distance_km} km for ${lineKm.toFixed(1)} km, ratio ${ratio.toFixed(2)}`);
          assert.ok(r.legs.every((l) => l.crossing === null || l.crossing === b.ppid), 'no other crossing on the way');
          pairs++;
        }
      }
    }
    assert.ok(pairs > 300, `${pairs} pairs`);
  });

  it('make Medyka to Krakovets a local drive on both sides, and Przemysl to Medyka a short one', () => {
    const router = routerFor(4);
    for (const [from, target] of [['UA', 'id_414'], ['PL', 'id_424']] as const) {
      const r = route(router, { lat: 49.8000147, lon: 22.9437439, country: from }, target);
      assert.ok(r.distance_km! < 45, `Medyka -> Krakovets on the ${from} side: ${r.distance_km} km`);
      assert.ok(r.legs.every((l) => l.path.every((p) => p !== 'Lviv' && p !== 'Rzeszów')), 'not through a regional capital');
    }
    const przemysl = route(router, { lat: 49.7838, lon: 22.7677, country: 'PL' }, 'id_224');
    assert.ok(przemysl.distance_km! < 25, `Przemysl -> Medyka: ${przemysl.distance_km} km`);
  });
});
