import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appWithKey } from '../../../helpers/deps.js';

interface Row { ppid: string; distance_km: number; drive_delta_min: number; wait_at_arrival_min: number | null;
  total_delta_min: number | null }

describe('alternatives between neighbouring crossings', () => {
  it('from Medyka-Shehyni: Krakovets-Korczowa is a local drive on either side, and the total uses it', async (t) => {
    const { get } = await appWithKey(t, { seed: { history: true, models: true } });
    // id_214: leaving Ukraine (the detour is on the Ukrainian side); id_224: leaving Poland. The crossing's point: 49.8000147, 22.9437439.
    for (const [ppid, krakovetsPpid] of [['id_214', 'id_414'], ['id_224', 'id_424']]) {
      const { status, body } = await get(`alternatives?ppid=${ppid}&limit=10`);
      assert.equal(status, 200);
      const rows = body.data.alternatives as Row[];
      const krakovets = rows.find((r) => r.ppid === krakovetsPpid)!;
      assert.ok(krakovets.distance_km < 45 && krakovets.distance_km > 21, `${ppid}: ${krakovets.distance_km} km (21 km straight)`);
      // The detour's distance and drive time are travel-matrix's from this crossing's point on the same side (one
      // drive time for one road); the total is that drive plus the wait there on arrival minus the wait here.
      const side = ppid === 'id_214' ? 'UA' : 'PL';
      const matrix = (await get(`travel-matrix?origin_lat=49.8000147&origin_lon=22.9437439&origin_country=${side}&limit=100`)).body.data.results as (Row & { drive_minutes: number })[];
      const routed = matrix.find((r) => r.ppid === krakovetsPpid)!;
      assert.deepEqual([krakovets.distance_km, krakovets.drive_delta_min], [routed.distance_km, routed.drive_minutes]);
      if (krakovets.total_delta_min !== null) {
        assert.equal(krakovets.total_delta_min, krakovets.drive_delta_min + krakovets.wait_at_arrival_min! - body.data.wait_min);
      }
      const totals = rows.map((r) => r.total_delta_min).filter((v): v is number => v !== null);
      assert.deepEqual(totals, [...totals].sort((a, b) => a - b), 'ranked by the total');
      // Every neighbour on the same border within 100 km straight is under 1.8 x that on the road.
      assert.ok(rows.filter((r) => r.distance_km < 100).length >= 4);
    }
  });
});
