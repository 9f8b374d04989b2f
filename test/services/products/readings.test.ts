/** What every reading says about itself, wherever it appears; wait status by vehicle type; like with like; credits. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sharedAppWithKey } from '../../helpers/deps.js';

// The tests only ask: one app on the models template and one on the base for the file (not one per test).
const models = sharedAppWithKey({ seed: { history: true, models: true } });
const base = sharedAppWithKey();

describe('readings in every product', () => {
  const withModels = models.use();
  it('carry type_of_data and is_realtime in queue, multi, border, alternatives and travel-matrix', async () => {
    const { get } = await withModels();
    const snapshot = (await get('queue?ppid=id_119&section=snapshot')).body.snapshot;
    const multi = (await get('multi?ppids=id_119&include=queue')).body.data.id_119.queue;
    const border = (await get('border/1/2/9')).body.data.checkpoints;
    const alternatives = (await get('alternatives?ppid=id_119')).body.data;
    const matrix = (await get('travel-matrix?origin_lat=50.45&origin_lon=30.52&type=9&dest=2')).body.data.results;
    const labelled = [snapshot, multi, ...border, alternatives, ...alternatives.alternatives, ...matrix.filter((r: { queue_minutes: number | null }) => r.queue_minutes !== null)];
    assert.ok(labelled.length >= 10);
    for (const reading of labelled) {
      assert.equal(reading.type_of_data, 'replay', JSON.stringify(reading).slice(0, 120));
      assert.equal(reading.is_realtime, false);
    }
  });

  it('says how long the wait is by the vehicle type, and compares with the typical week apart', async () => {
    const { get } = await withModels();
    // id_119: trucks leaving Ukraine at Rava-Ruska, a wait of several days in the recording.
    const truck = (await get('multi?ppids=id_119,id_114&include=queue')).body.data;
    assert.ok(truck.id_119.queue.wait_min > 24 * 60);
    assert.equal(truck.id_119.queue.wait_status, 'red', 'a wait of days is never green, whatever is usual there');
    assert.ok(['below', 'usual', 'above'].includes(truck.id_119.queue.vs_typical));
    assert.equal(truck.id_114.queue.wait_status, truck.id_114.queue.wait_min < 60 ? 'green' : truck.id_114.queue.wait_min < 180 ? 'yellow' : 'red');
    const border = (await get('border/1/2/9')).body.data.checkpoints;
    for (const c of border) {
      if (c.wait_min === null) assert.equal(c.wait_status, null);
      else assert.equal(c.wait_status, c.wait_min < 240 ? 'green' : c.wait_min < 720 ? 'yellow' : 'red', `${c.ppid}: truck thresholds 4 h / 12 h`);
    }
  });
});

describe('alternatives compare like with like', () => {
  const withModels = models.use();
  it('compares the wait of the same vehicle type and direction at this crossing', async () => {
    const { get } = await withModels();
    const cars = (await get('alternatives?ppid=id_119&crossing_type=4')).body.data;
    const carHere = (await get('queue?ppid=id_114&section=snapshot')).body.snapshot;
    assert.equal(cars.compared_ppid, 'id_114', 'the car checkpoint at the same crossing and direction');
    assert.equal(cars.wait_min, carHere.wait_min, 'the car wait, not the truck wait of id_119');
    for (const a of cars.alternatives) {
      if (a.total_delta_min !== null) assert.equal(a.total_delta_min, a.drive_delta_min + a.wait_at_arrival_min - carHere.wait_min);
    }
    const own = (await get('alternatives?ppid=id_119')).body.data;
    assert.equal(own.compared_ppid, 'id_119');
  });

  it('says so when this crossing has no checkpoint of that type, and leaves totals unknown', async () => {
    const { get } = await withModels();
    // Location 5 has trucks leaving Ukraine (id_519) but no car checkpoint in that direction.
    const none = (await get('alternatives?ppid=id_519&crossing_type=4')).body.data;
    assert.equal(none.compared_ppid, null);
    assert.equal(none.wait_min, null);
    assert.match(none.note, /no checkpoint for vehicle type 4/);
    assert.ok(none.alternatives.every((a: { total_delta_min: number | null; is_better: boolean }) => a.total_delta_min === null && !a.is_better));
    assert.equal(none.best, null);
  });
});

describe('attribution and language', () => {
  const withModels = models.use();
  const appWithKey = base.use();
  it('names the sources whose licences require credit', async () => {
    const { get } = await appWithKey();
    assert.equal((await get('checkpoints?country=2')).body.attribution,
      'Data by Test Border Service; State Border Guard Service of Ukraine (CC BY 4.0)');
    assert.match((await get('travel-matrix?origin_lat=50.45&origin_lon=30.52')).body.attribution, /GeoNames \(CC BY 4\.0\); © OpenStreetMap contributors \(ODbL 1\.0\)$/, 'the border that tells the origin\'s side');
    assert.equal((await get('truck-bans?country=PL')).body.attribution, 'Data by Test Border Service', 'rules from legal texts need no credit');
  });

  it("answers in the interface's default language (uk for stats, day-stats and alternatives, en elsewhere) and says when a tag fell back to it", async () => {
    const { get } = await withModels();
    const defaults: [string, string][] = [['checkpoints?country=2', 'en'], ['search?name=Medyka', 'en'], ['day-stats?ppid=id_114', 'uk'],
      ['stats?ppid=id_114', 'uk'], ['alternatives?ppid=id_114', 'uk'], ['update-info?ppid=id_114', 'en']];
    for (const [path, lang] of defaults) {
      const plain = (await get(path)).body;
      assert.equal(plain.meta.lang, lang, path);
      assert.equal(plain.meta.lang_fallback, undefined, path);
      const fell = (await get(`${path}&lang=xx-YY`)).body;
      assert.deepEqual([fell.meta.lang, fell.meta.lang_fallback, fell.meta.lang_requested], [lang, true, 'xx-YY'], path);
      const pl = (await get(`${path}&lang=pl-PL`)).body;
      assert.deepEqual([pl.meta.lang, pl.meta.lang_fallback], ['pl', undefined], path);
    }
    assert.equal((await get('day-stats?ppid=id_114')).body.data.weekday_labels[0], 'понеділок');
    assert.equal((await get('day-stats?ppid=id_114&lang=en')).body.data.weekday_labels[0], 'Monday');
  });
});

describe('countries in either form', () => {
  const appWithKey = base.use();
  it('answers the same for a country number and its ISO-2 code, and refuses codes that name no country', async () => {
    const { get } = await appWithKey();
    const byNumber = (await get('checkpoints?country=2')).body.data;
    const byIso = (await get('checkpoints?country=PL')).body.data;
    assert.ok(byNumber.count > 0);
    assert.deepEqual(byIso, byNumber);
    assert.deepEqual((await get('border/UA/PL/4')).body.data.checkpoints, (await get('border/1/2/4')).body.data.checkpoints);
    const bans = await get('truck-bans?country=XX');
    assert.deepEqual([bans.status, bans.body.error.reason], [400, 'unknown_country'], 'not an empty answer named XX');
    assert.deepEqual((await get('truck-bans?country=2')).body.data.countries, (await get('truck-bans?country=PL')).body.data.countries);
  });
});
