import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importBusCrossings, replaceBusRoutes } from '../../../data/importers/bus/run.js';
import type { BusCrossingRecord } from '../../../models/bus.js';
import { appWithKey, FIXED_NOW } from '../../helpers/deps.js';

const DOROHUSK_TRUCK_PL_UA = 'id_529';
const DOROHUSK_BUS_PL_UA = 'id_526';
const ago = (h: number, plusMin = 0) => new Date(Date.parse(FIXED_NOW) - h * 3_600_000 + plusMin * 60_000).toISOString();
const crossing = (carrier: string, arrivedHoursAgo: number, waitMin: number, ppid = DOROHUSK_BUS_PL_UA): BusCrossingRecord =>
  ({ ppid, carrier, arrived_at: ago(arrivedHoursAgo), crossed_at: ago(arrivedHoursAgo, waitMin), source_id: null });
const feed = (records: BusCrossingRecord[]) => ({ source: 'carrier-log', file: 'log.csv', rowsRead: records.length, records: records.map((record, i) => ({ line: i + 2, record })), rejected: [] });

describe('bus-carriers', () => {
  it('aggregates crossing records per carrier over the period, as computed by hand', async (t) => {
    const { deps, db, get } = await appWithKey(t);
    const summary = importBusCrossings(db, [feed([
      crossing('FlixBus', 10, 90), crossing('FlixBus', 20, 45), crossing('FlixBus', 30, 180), crossing('FlixBus', 40, 20),
      crossing('Ecolines', 5, 60), crossing('Ecolines', 50, 100), crossing('Ecolines', 60, 35),
      crossing('Ecolines', 24 * 40, 500), // 40 days ago: outside a 30-day period
      crossing('Solo', 3, 15), crossing('FlixBus', 12, 30, 'id_216'), crossing('Ghost', 1, 10, 'id_999999'),
    ])], (ppid) => deps.repos.directory.get(ppid) !== null);
    assert.deepEqual([summary.imported, summary.rejected.map((r) => r.reason)], [10, ["unknown checkpoint 'id_999999'"]]);
    assert.equal(importBusCrossings(db, [feed([crossing('Solo', 3, 15)])], () => true).duplicates, 1, 'imported again: a duplicate');
    deps.versions.refresh();

    const body = (await get(`bus-carriers?ppid=${DOROHUSK_BUS_PL_UA}`)).body.data;
    assert.deepEqual([body.total_crossings, body.data_available, body.period_days], [8, true, 30]);
    assert.deepEqual(body.carriers, [
      { name: 'FlixBus', crossings: 4, avg_wait_min: 83.8, median_wait_min: 67.5, min_wait_min: 20, max_wait_min: 180 },
      { name: 'Ecolines', crossings: 3, avg_wait_min: 65, median_wait_min: 60, min_wait_min: 35, max_wait_min: 100 },
    ], 'Solo has one crossing (< 3); the 40-day-old Ecolines crossing is outside the period');
    const longer = (await get(`bus-carriers?ppid=${DOROHUSK_BUS_PL_UA}&days=90&min_crossings=1`)).body.data;
    assert.deepEqual(longer.carriers.map((c: { name: string; crossings: number }) => [c.name, c.crossings]), [['Ecolines', 4], ['FlixBus', 4], ['Solo', 1]]);
    const all = (await get('bus-carriers?ppid=all&min_crossings=1')).body.data;
    assert.equal(all.total_crossings, 9);
    assert.equal(all.carriers.find((c: { name: string }) => c.name === 'FlixBus').crossings, 5, 'both checkpoints');
    assert.equal(all.bus_wait, null);
  });

  it('answers honestly without records: data_available false, no zeros, and a note', async (t) => {
    const { get } = await appWithKey(t);
    const body = (await get(`bus-carriers?ppid=${DOROHUSK_BUS_PL_UA}`)).body.data;
    assert.deepEqual([body.data_available, body.total_crossings, body.carriers], [false, null, []]);
    assert.match(body.note, /No bus crossing records are held for this checkpoint/);
    // Asked at the truck checkpoint, with no bus reading held: no bus_wait, and the note promises none.
    const truck = (await get(`bus-carriers?ppid=${DOROHUSK_TRUCK_PL_UA}`)).body.data;
    assert.equal(truck.bus_wait, null);
    assert.match(truck.note, new RegExp(`^${DOROHUSK_TRUCK_PL_UA} is not a bus checkpoint: buses cross at ${DOROHUSK_BUS_PL_UA} \\(this crossing and direction\\); ask there`));
  });

  it('names the carriers whose routes cross the checkpoint', async (t) => {
    const { deps, db, get } = await appWithKey(t);
    replaceBusRoutes(db, 'flixbus', [{ route_id: 'r1', carrier: 'FlixBus', short_name: '051', long_name: 'Lutsk - Lublin', crossings: [{ ppid: DOROHUSK_BUS_PL_UA, from_stop: 'a', to_stop: 'b' }] }]);
    deps.versions.refresh();
    const body = (await get(`bus-carriers?ppid=${DOROHUSK_BUS_PL_UA}`)).body.data;
    // (The shipped network's routes are there too, under their own source.)
    const imported = (serving: { source: string }[]) => serving.filter((c) => c.source === 'flixbus');
    assert.deepEqual(imported(body.carriers_serving), [{ carrier: 'FlixBus', routes: ['Lutsk - Lublin'], return_routes: [], source: 'flixbus' }]);
    assert.deepEqual((await get('bus-carriers?ppid=id_216')).body.data.carriers_serving, []);
    // The same crossing the other way (UA -> PL, buses): the route's return crosses there.
    const dorohusk = deps.repos.directory.get(DOROHUSK_BUS_PL_UA)!;
    const back = deps.repos.directory.all().find((c) => c.location_id === dorohusk.location_id && c.crossing_type === dorohusk.crossing_type
      && c.origin === dorohusk.destination && c.destination === dorohusk.origin)!;
    assert.notEqual(back.ppid, DOROHUSK_BUS_PL_UA);
    assert.deepEqual(imported((await get(`bus-carriers?ppid=${back.ppid}`)).body.data.carriers_serving),
      [{ carrier: 'FlixBus', routes: [], return_routes: ['Lutsk - Lublin'], source: 'flixbus' }]);
    // Another location's checkpoint in the same direction gets nothing from it.
    assert.deepEqual(imported((await get('bus-carriers?ppid=id_226')).body.data.carriers_serving), []);
  });

  it('gives the bus queue of the crossing and direction from the held bus waits', async (t) => {
    const { get } = await appWithKey(t, { seed: { history: true } });
    const body = (await get(`bus-carriers?ppid=${DOROHUSK_TRUCK_PL_UA}`)).body.data;
    const wait = body.bus_wait;
    assert.equal(wait.ppid, DOROHUSK_BUS_PL_UA, 'asked at the truck checkpoint: the bus checkpoint beside it');
    assert.match(body.note, new RegExp(`^${DOROHUSK_TRUCK_PL_UA} is not a bus checkpoint: buses cross at ${DOROHUSK_BUS_PL_UA} \\(this crossing and direction\\), whose queue bus_wait gives; ask there for its carriers\\. `), 'and says so');
    assert.doesNotMatch((await get(`bus-carriers?ppid=${DOROHUSK_BUS_PL_UA}`)).body.data.note, /not a bus checkpoint/);
    // id_1014: a crossing without a bus checkpoint in its direction.
    assert.match((await get('bus-carriers?ppid=id_1014')).body.data.note, /^id_1014 is not a bus checkpoint, and this crossing has none in this direction\. No bus crossing/);
    assert.equal(wait.source, 'sample.granica');
    assert.ok(wait.readings > 10 && wait.median_min <= wait.p90_min, JSON.stringify(wait));
    const queue = (await get(`queue?ppid=${DOROHUSK_BUS_PL_UA}&section=snapshot`)).body;
    assert.equal(wait.current_min, queue.snapshot.wait_min, 'the same current wait as the queue product');
    assert.equal(typeof wait.current_min, 'number');
  });

  it('refuses bad parameters', async (t) => {
    const { get } = await appWithKey(t);
    assert.equal((await get('bus-carriers?ppid=all&days=91')).body.error.reason, 'out_of_range');
    assert.equal((await get('bus-carriers?ppid=all&days=0')).status, 400);
    const named = (await get('bus-carriers?ppid=dorohusk')).body.error;
    assert.deepEqual([named.reason, named.message], ['malformed_ppid', "Parameter 'ppid' must look like id_123, or be all."]);
    // Leading zeros are named as on every other product, with the one spelling.
    const zeros = (await get('bus-carriers?ppid=id_0116')).body.error;
    assert.deepEqual([zeros.reason, zeros.message], ['malformed_ppid', "Parameter 'ppid' must be written without leading zeros (id_116)."]);
    assert.equal((await get('bus-carriers?ppid=id_999999')).status, 404);
    assert.equal((await get('bus-carriers')).body.error.reason, 'missing_parameter');
  });

  it('names FlixBus at the checkpoints its shipped routes cross (Lutsk -> Lublin at Ustyluh-Zosin, Uzhhorod -> Budapest at Chop), with credit', async (t) => {
    const { get } = await appWithKey(t);
    const zosin = (await get('bus-carriers?ppid=id_816')).body;
    const flix = zosin.data.carriers_serving.find((c: { carrier: string }) => c.carrier === 'FlixBus');
    assert.ok(flix.routes.includes('Kyiv - Lutsk - Warsaw'), JSON.stringify(flix.routes));
    assert.equal(flix.source, 'flixbus-network');
    assert.match(zosin.attribution, /FlixMobility Tech GmbH \(ODbL 1\.0\)/);
    const chop = (await get('bus-carriers?ppid=id_1314')).body.data.carriers_serving[0];
    assert.ok(chop.routes.includes('Lviv  - Uzhorod - Budapest'), JSON.stringify(chop.routes));
    assert.deepEqual((await get('bus-carriers?ppid=id_316')).body.data.carriers_serving, [], 'no shipped route crosses at Smolnica');
    // Krakovets: the routes published UA -> PL cross back PL -> UA at the same crossing.
    const flixAt = async (ppid: string) => (await get(`bus-carriers?ppid=${ppid}`)).body.data.carriers_serving.find((c: { carrier: string }) => c.carrier === 'FlixBus');
    const out = await flixAt('id_416');
    const back = await flixAt('id_426');
    assert.ok(out.routes.length > 5, JSON.stringify(out));
    assert.deepEqual(back.return_routes, out.routes.filter((r: string) => !back.routes.includes(r)));
    assert.ok(back.return_routes.length > 0);
  });
});
