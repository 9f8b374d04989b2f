import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appWithKey } from '../../../helpers/deps.js';

interface Row { ppid: string; distance_km: number; drive_delta_min: number; wait_at_arrival_min: number | null;
  total_delta_min: number | null }

describe('alternatives between neighbouring crossings', () => {
  it('from Medyka-Shehyni: Krakovets-Korczowa is a local drive on either side, and the total uses it', async (t) => {
    const { get } = await appWithKey(t, { seed: { history: true, models: true } });
    // id_214: leaving Ukraine (the detour is on the Ukrainian side); id_224: leaving Poland.
    for (const [ppid, krakovetsPpid] of [['id_214', 'id_414'], ['id_224', 'id_424']]) {
      const { status, body } = await get(`alternatives?ppid=${ppid}&limit=10`);
      assert.equal(status, 200);
      const rows = body.data.alternatives as Row[];
      const krakovets = rows.find((r) => r.ppid === krakovetsPpid)!;
      assert.ok(krakovets.distance_km < 45 && krakovets.distance_km > 21, `${ppid}: ${krakovets.distance_km} km (21 km straight)`);
      // Cars drive the detour at 60 km/h; the total is that drive plus the wait there on arrival minus the wait here.
      assert.equal(krakovets.drive_delta_min, Math.round((krakovets.distance_km / 60) * 60));
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
