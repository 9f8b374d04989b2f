import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDirectoryRepo } from '../../../data/directory/directory-repo.js';
import { parseDpsu } from '../../../data/importers/dpsu.js';
import { parseEcherhaCsv, parseEcherhaLive } from '../../../data/importers/echerha.js';
import { parseGenericCsv, parseGenericNdjson } from '../../../data/importers/generic.js';
import { parseGranica } from '../../../data/importers/granica.js';
import { importFeeds } from '../../../data/importers/run-import.js';
import { createResolver } from '../../../data/importers/resolve.js';
import { closeStore, openStore } from '../../../data/store.js';
import { tempDir } from '../../helpers/deps.js';
import { fixture } from '../../helpers/fixtures.js';
import { seededStore } from '../../helpers/store-templates.js';

function storeWithDirectory(t: import('node:test').TestContext) {
  // A copy of a template this run wrote: no integrity check (~0.2 s), as test/helpers/deps.ts opens them.
  const db = openStore(seededStore(tempDir(t)), { integrityCheck: false });
  t.after(() => closeStore(db));
  const resolve = createResolver(createDirectoryRepo(db));
  const count = () => db.prepare('SELECT count(*) FROM observations').pluck().get() as number;
  return { db, resolve, count };
}

describe('granica importer', () => {
  it('reads real waits, keeps empty cells missing, maps trucks to the type each crossing serves', (t) => {
    const { db, resolve, count } = storeWithDirectory(t);
    const feed = parseGranica(fixture('pl-ua/granica_2026-07-01.csv'), 'granica.csv');
    assert.equal(feed.rowsRead, 90);
    assert.equal(feed.rejected.length, 0);
    const summary = importFeeds(db, [feed], resolve);
    assert.equal(summary.imported, count());
    // 2026-07-01T02:00Z: Dorohusk trucks 480 min (type 9, PL -> UA), no car value (empty cell), buses 180.
    const at = Date.parse('2026-07-01T02:00:00Z') / 1000;
    const dorohusk = db.prepare('SELECT ppid, wait_min, queue FROM observations WHERE ts = ? AND ppid LIKE ? ORDER BY ppid').all(at, 'id_52%');
    assert.deepEqual(dorohusk, [{ ppid: 'id_526', wait_min: 180, queue: null }, { ppid: 'id_529', wait_min: 480, queue: null }]);
    // Budomierz takes trucks under 7.5 t only: its "trucks" are type 8.
    assert.equal(db.prepare('SELECT wait_min FROM observations WHERE ts = ? AND ppid = ?').pluck().get(at, 'id_628'), 60);
    assert.equal(db.prepare("SELECT count(*) FROM observations WHERE ppid = 'id_629'").pluck().get(), 0);
  });

  it('is idempotent and reports bad rows with file and line', (t) => {
    const { db, resolve, count } = storeWithDirectory(t);
    const text = `${fixture('pl-ua/granica_2026-07-01.csv').trimEnd()}\n9999,not-a-time,dorohusk,Dorohusk,1,,,,,,x,1\n9998,2026-07-02T00:00:00Z,dorohusk,Dorohusk,abc,,,,,,x,0\n9997,2026-07-02T00:00:00Z,atlantis,Atlantis,5,,,,,,x,0\n`;
    const first = importFeeds(db, [parseGranica(text, 'g.csv')], resolve);
    const rows = count();
    assert.deepEqual(first.rejected.map((r) => [r.file, r.line]), [['g.csv', 92], ['g.csv', 93], ['g.csv', 94]]);
    assert.match(first.rejected[1]!.reason, /trucks_exit_min 'abc'/);
    assert.match(first.rejected[2]!.reason, /unknown crossing 'atlantis'/);
    const second = importFeeds(db, [parseGranica(text, 'g.csv')], resolve);
    assert.equal(second.imported, 0);
    assert.equal(second.duplicates, first.imported);
    assert.equal(count(), rows, 'importing twice adds nothing');
  });

  it('rejects a row once, whole, and counts it nowhere else: unknown crossing, bad cell, or both', (t) => {
    const { db, resolve, count } = storeWithDirectory(t);
    const text = `${fixture('pl-ua/granica_2026-07-01.csv').split('\n')[0]}
1,2026-07-02T00:00:00Z,dorohusk,Dorohusk,60,,30,,,,x,0
2,2026-07-02T00:00:00Z,atlantis,Atlantis,60,,30,,,,x,0
3,2026-07-02T00:00:00Z,atlantis,Atlantis,abc,,30,,,,x,0
4,2026-07-02T01:00:00Z,dorohusk,Dorohusk,abc,,30,,,,x,0
5,2026-07-02T01:00:00Z,dorohusk,Dorohusk,,,,,,,x,0
6,2026-07-02T02:00:00Z,dorohusk,Dorohusk,,,xyz,,,,x,0
`;
    const progress: [number, number][] = [];
    const summary = importFeeds(db, [parseGranica(text, 'g.csv')], resolve, { onProgress: (done, total) => progress.push([done, total]), progressEvery: 1 });
    assert.deepEqual(summary.rejected, [
      { file: 'g.csv', line: 3, reason: "unknown crossing 'atlantis'" },
      { file: 'g.csv', line: 4, reason: "trucks_exit_min 'abc' not a number of minutes" },
      { file: 'g.csv', line: 5, reason: "trucks_exit_min 'abc' not a number of minutes" },
      { file: 'g.csv', line: 7, reason: "cars_exit_min 'xyz' not a number of minutes" },
    ]);
    assert.equal(summary.rowsRead, 6);
    assert.equal(summary.empty, 1, 'only the row without values; a rejected row is not also empty');
    assert.equal(summary.readings, 2, 'the readings of line 2 alone');
    assert.equal(summary.imported + summary.duplicates + summary.skipped, summary.readings);
    assert.equal(count(), summary.imported, 'nothing of a rejected row is imported');
    assert.deepEqual(progress.at(-1), [summary.readings, summary.readings], 'the progress ends at the summary\'s count');
    assert.equal(progress.filter(([done, total]) => done === total).length, 1, 'the last report comes once');
  });

  it('imports nothing when a file is malformed (the whole import is one transaction)', (t) => {
    const { count } = storeWithDirectory(t);
    assert.throws(() => parseGranica('id,scraped_at\n1,"unterminated\n', 'bad.csv'));
    assert.equal(count(), 0);
  });
});

describe('eCherha importers', () => {
  it('reads booked vehicles and virtual wait; special queues stand aside where a main queue exists', (t) => {
    const { db, resolve } = storeWithDirectory(t);
    const feed = parseEcherhaCsv(fixture('pl-ua/echerha_2026-07-01_head.csv'), 'e.csv');
    assert.equal(feed.rejected.length, 0);
    assert.ok(feed.empty > 0, 'bus queues with slots only carry no value');
    const summary = importFeeds(db, [feed], resolve);
    assert.ok(summary.skipped > 0);
    // Budomierz queue 88 (trucks <= 7.5 t) at 00:01Z: 16 booked vehicles, 9900 s.
    const row = db.prepare("SELECT queue, wait_min FROM observations WHERE ppid = 'id_618' AND ts = ?").get(Date.parse('2026-07-01T00:01:00Z') / 1000);
    assert.deepEqual(row, { queue: 16, wait_min: 165 });
  });

  it('reads the live workload API snapshot stamped with when it was fetched', (t) => {
    const { db, resolve } = storeWithDirectory(t);
    const at = new Date('2026-11-22T09:30:00Z');
    const feed = parseEcherhaLive(fixture('pl-ua/echerha-workload-trucks.json'), 'live.json', at);
    assert.equal(feed.rowsRead, 43);
    const summary = importFeeds(db, [feed], resolve);
    assert.ok(summary.imported >= 20, `imported ${summary.imported}`);
    const korczowa = db.prepare("SELECT queue, wait_min FROM observations WHERE ppid = 'id_419'").get();
    assert.deepEqual(korczowa, { queue: 237, wait_min: 2180 });
    assert.equal(importFeeds(db, [feed], resolve).imported, 0, 'idempotent');
    assert.throws(() => parseEcherhaLive('{"nope": 1}', 'x.json', at));
  });
});

describe('eCherha quirks', () => {
  it('rejects, with the reason, the placeholder weeks, impossible waits and a zero wait beside a long queue, in both shapes', () => {
    const header = 'id,scraped_at,crossing_id,crossing_name,echerha_id,echerha_title,vehicle_class,vehicle_type,queue_flow,is_paused,virtual_wait_s,vehicles_waiting,free_slots,slots_units_left,tooltip,country_id,carrier_type';
    const row = (wait: string, vehicles: string) => `1,2024-04-10T10:00:00Z,dorohusk,Dorohusk,1,x,truck_ge_7_5t,1,1,0,${wait},${vehicles},,,,133,1`;
    const csv = parseEcherhaCsv([header, row('864000', '10'), row('16243200', '300'), row('0', '57'), row('0', '12'), row('43200', '120')].join('\n'), 'q.csv');
    assert.deepEqual(csv.rejected.map((r) => [r.line, r.reason]), [
      [2, "wait 864000 s is 86,400 s x the queue of 10: the feed's placeholder, not a wait"],
      [3, "wait of 188 days: no queue waits that long (the feed's error)"],
      [4, 'no wait with 57 vehicles booked: not a measurement'],
    ]);
    assert.deepEqual(csv.readings.map((r) => [r.reading.queue, r.reading.wait_min]), [[12, 0], [120, 720]], 'a short queue may have no wait');
    const live = parseEcherhaLive(JSON.stringify({ data: [{ id: 1, wait_time: 864000, vehicle_in_active_queues_counts: 10 }, { id: 2, wait_time: 3600, vehicle_in_active_queues_counts: 10 }] }),
      'live.json', new Date('2026-11-22T09:30:00Z'));
    assert.deepEqual(live.rejected.map((r) => r.reason), ["queue 1: wait 864000 s is 86,400 s x the queue of 10: the feed's placeholder, not a wait"]);
    assert.equal(live.readings.length, 1);
  });
});

describe('eCherha bus queues', () => {
  it('carry the booked buses and no wait: a bus queue\'s 0 is "not given", in both shapes; trucks keep theirs', () => {
    const header = 'id,scraped_at,crossing_id,crossing_name,echerha_id,echerha_title,vehicle_class,vehicle_type,queue_flow,is_paused,virtual_wait_s,vehicles_waiting,free_slots,slots_units_left,tooltip,country_id,carrier_type';
    const row = (klass: string, type: string, wait: string, vehicles: string) => `1,2026-07-01T00:01:00Z,krakowiec,Krakowiec,7,x,${klass},${type},2,0,${wait},${vehicles},3,3,,133,${type}`;
    const csv = parseEcherhaCsv([header, row('bus', '2', '0', '21'), row('bus', '2', '', ''), row('bus', '2', '120', '15'), row('truck_ge_7_5t', '1', '0', '21')].join('\n'), 'b.csv');
    assert.deepEqual(csv.readings.map((r) => [r.reading.queue, r.reading.wait_min]), [[21, null], [15, 2], [21, 0]], 'a bus wait given is kept');
    assert.equal(csv.empty, 1, 'a bus row with slots only carries no value');
    const live = parseEcherhaLive(JSON.stringify({ data: [
      { id: 104, for_vehicle_type: 2, wait_time: 0, vehicle_in_active_queues_counts: 40 },
      { id: 88, for_vehicle_type: 1, wait_time: 0, vehicle_in_active_queues_counts: 3 },
    ] }), 'live.json', new Date('2026-11-22T09:30:00Z'));
    assert.deepEqual(live.rejected, [], 'no wait is not "no wait with 40 booked"');
    assert.deepEqual(live.readings.map((r) => [r.reading.crossing, r.reading.queue, r.reading.wait_min]), [[104, 40, null], [88, 3, 0]]);
  });
});

describe('DPSU importer', () => {
  it('reads physical counts and the car processing rate; repeated scrapes of one update coincide', (t) => {
    const { db, resolve } = storeWithDirectory(t);
    const feed = parseDpsu(fixture('pl-ua/dpsu_2026-07-01.csv'), 'd.csv');
    const summary = importFeeds(db, [feed], resolve);
    assert.equal(summary.rejected.length, 0);
    // Dorohusk 2026-07-01 06:03:46 Kyiv (03:03:46Z): 2044 trucks; cars not processed (empty cell, no car row).
    const ts = Date.parse('2026-07-01T03:03:46Z') / 1000;
    assert.equal(db.prepare("SELECT queue FROM observations WHERE ppid = 'id_519' AND ts = ? AND source = 'dpsu'").pluck().get(ts), 2044);
    assert.deepEqual(db.prepare("SELECT queue, rate_per_h FROM observations WHERE ppid = 'id_814' AND source = 'dpsu' AND ts = ?")
      .get(Date.parse('2026-07-01T03:03:35Z') / 1000), { queue: 15, rate_per_h: 46 });
  });
});

describe('readings timed after the clock', () => {
  it('are rejected past 15 minutes ahead, with the reason, and kept within them; without a clock nothing is checked', (t) => {
    const { db, resolve, count } = storeWithDirectory(t);
    const nowS = Date.parse('2026-11-22T10:00:00Z') / 1000;
    // Local time (Kyiv, UTC+2) written as UTC is two hours ahead; a source's clock a few minutes fast is not an error.
    const csv = 'ppid,time,queue\nid_114,2026-11-22T09:50:00Z,4\nid_114,2026-11-22T10:14:00Z,5\nid_114,2026-11-22T12:00:00Z,6\n';
    const summary = importFeeds(db, [parseGenericCsv(csv, 'o.csv')], resolve, { nowS });
    assert.deepEqual(summary.rejected, [{ file: 'o.csv', line: 4, reason: 'time 2026-11-22T12:00:00Z is 120 min after the clock (2026-11-22T10:00:00Z): a time zone or clock error' }]);
    assert.deepEqual([summary.imported, count()], [2, 2], 'the two readings up to 15 min ahead are held');
    const unchecked = importFeeds(db, [parseGenericCsv(csv, 'o.csv')], resolve);
    assert.deepEqual([unchecked.rejected.length, unchecked.imported, unchecked.duplicates], [0, 1, 2], 'scripts and the bundled history pass no clock');
  });
});

describe('generic importer', () => {
  it('reads CSV and NDJSON, refuses bad rows by line, and never turns a blank into zero', (t) => {
    const { db, resolve } = storeWithDirectory(t);
    const csv = 'ppid,time,queue,wait_min,counted\nid_114,2026-11-22T08:00:00+01:00,12,,1\nid_114,1795334400,,35,0\nid_999999,2026-11-22T08:00:00Z,1,,\nid_114,yesterday,1,,\nid_114,2026-11-22T09:00:00Z,-4,,\n';
    const a = importFeeds(db, [parseGenericCsv(csv, 'o.csv', 'fleet')], resolve);
    assert.equal(a.imported, 2);
    assert.deepEqual(a.rejected.map((r) => r.line), [4, 5, 6]);
    const rows = db.prepare("SELECT ts, queue, wait_min, counted, data_quality, source FROM observations WHERE ppid = 'id_114' ORDER BY ts").all();
    assert.deepEqual(rows, [
      { ts: Date.parse('2026-11-22T07:00:00Z') / 1000, queue: 12, wait_min: null, counted: 1, data_quality: 'high', source: 'fleet' },
      { ts: 1795334400, queue: null, wait_min: 35, counted: 0, data_quality: 'low', source: 'fleet' },
    ]);
    const nd = '{"ppid":"id_124","time":"2026-11-22T10:00:00Z","queue":3,"source":"app"}\nnot json\n[1]\n';
    const b = importFeeds(db, [parseGenericNdjson(nd, 'o.ndjson')], resolve);
    assert.equal(b.imported, 1);
    assert.deepEqual(b.rejected.map((r) => [r.line, r.reason]), [[2, 'not valid JSON'], [3, 'not a JSON object']]);
  });
});
