import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseGenericCsv } from '../../../data/importers/generic.js';
import { importFeeds } from '../../../data/importers/run-import.js';
import { createResolver } from '../../../data/importers/resolve.js';
import { WEEK_S } from '../../../data/observations-repo.js';
import { createDirectoryRepo } from '../../../data/directory/directory-repo.js';
import { closeStore, openStore } from '../../../data/store.js';
import { join } from 'node:path';
import { appWithKey } from '../../helpers/deps.js';

const NOW = '2026-11-22T10:00:00.000Z';

const liveApp = (t: import('node:test').TestContext, replay = true) => appWithKey(t, { seed: { history: true }, replay, now: NOW });

describe('search', () => {
  it('finds the same location from Ukrainian, Polish and English spellings', async (t) => {
    const { get } = await liveApp(t);
    const { status, body } = await get(`search?name=${encodeURIComponent('Рава-Руська,Rawa Ruska,Hrebenne')}`);
    assert.equal(status, 200);
    assert.deepEqual(body.data.results.map((r: { query: string }) => r.query), ['Рава-Руська', 'Rawa Ruska', 'Hrebenne']);
    for (const r of body.data.results) {
      assert.equal(r.count, 1);
      assert.equal(r.matches[0].location_id, 1);
      assert.deepEqual(r.matches[0].country_pair, [1, 2]);
      assert.deepEqual(Object.keys(r.matches[0].by_type), ['4', '6', '8', '9']);
      assert.deepEqual(r.matches[0].by_type['9'], ['id_119', 'id_129']);
    }
  });
  it('finds Ukrainian checkpoints from their Polish spellings', async (t) => {
    const { get } = await liveApp(t);
    // Polish spelling -> the Ukrainian name of the same place (the location id is looked up from it).
    const pairs: [string, string][] = [
      ['Szeginie', 'Шегині'], ['Szehyni', 'Шегині'], ['Rawa Ruska', 'Рава-Руська'], ['Rawa-Ruśka', 'Рава-Руська'],
      ['Jagodzin', 'Ягодин'], ['Jahodyn', 'Ягодин'], ['Uściług', 'Устилуг'], ['Ustyłuh', 'Устилуг'],
      ['Krakowiec', 'Краківець'], ['Krakiweć', 'Краківець'], ['Hruszew', 'Грушів'], ['Hruszów', 'Грушів'],
      ['Smolnica', 'Смільниця'], ['Smilnycia', 'Смільниця'], ['Ugrynów', 'Угринів'], ['Uhryniw', 'Угринів'],
      // Polish ch is Ukrainian х (English ch is ч): found only through the Polish transcription of `Захонь`.
      ['Zachoń', 'Захонь'],
    ];
    const ukrainian = [...new Set(pairs.map(([, uk]) => uk))];
    type Result = { query: string; count: number; matches: { location_id: number }[] };
    const found = new Map<string, number[]>(); // Ukrainian name -> locations it finds, best first
    for (const r of (await get(`search?name=${encodeURIComponent(ukrainian.join(','))}`)).body.data.results as Result[]) {
      assert.ok(r.count >= 1, r.query);
      found.set(r.query, r.matches.map((m) => m.location_id));
    }
    const ids = new Map([...found].map(([uk, locs]) => [uk, locs[0]!]));
    assert.equal(new Set(ids.values()).size, ukrainian.length, 'each Ukrainian name is a different location');
    for (let i = 0; i < pairs.length; i += 20) {
      const batch = pairs.slice(i, i + 20);
      const { status, body } = await get(`search?name=${encodeURIComponent(batch.map(([pl]) => pl).join(','))}`);
      assert.equal(status, 200);
      (body.data.results as Result[]).forEach((r, j) => {
        const uk = batch[j]![1];
        assert.equal(r.query, batch[j]![0]);
        assert.equal(r.matches[0]?.location_id, ids.get(uk), `${r.query} finds ${uk} first`);
        // Nothing the Ukrainian name itself does not find.
        for (const m of r.matches) assert.ok(found.get(uk)!.includes(m.location_id), `${r.query}: unexpected location ${m.location_id}`);
      });
    }
    const none = await get(`search?name=${encodeURIComponent('Atlantis,Dorohusk,Lwów')}`);
    assert.equal(none.body.data.results[0].count, 0);
    assert.deepEqual(none.body.data.results[1].matches.map((m: { location_id: number }) => m.location_id), [ids.get('Ягодин')]);
    assert.equal(none.body.data.results[2].count, 0, 'a city with no checkpoint finds none');
  });
  it('matches a name from the start of a word only: Krakovets does not find Раковець (Diakivtsi - Racovat)', async (t) => {
    const { get } = await liveApp(t);
    const queries = ['Krakovets', 'Краківець', 'Krak', 'Краків', 'Krakowiec', 'Korczowa', 'Rakovets', 'Раковець', 'akovets'];
    const { status, body } = await get(`search?name=${encodeURIComponent(queries.join(','))}&lang=en`);
    assert.equal(status, 200);
    const names = Object.fromEntries((body.data.results as { query: string; matches: { name: string }[] }[])
      .map((r) => [r.query, r.matches.map((m) => m.name)]));
    for (const q of ['Krakovets', 'Краківець', 'Krak', 'Краків', 'Krakowiec', 'Korczowa']) assert.deepEqual(names[q], ['Krakovets-Korczowa'], q);
    for (const q of ['Rakovets', 'Раковець']) assert.deepEqual(names[q], ['Diakivtsi - Racovat'], q);
    assert.deepEqual(names['akovets'], [], 'never from the middle of a word');
  });
  it('finds the crossings at a town by a name only GeoNames knows it by (Hungarian Csap is Chop), and a far city finds none', async (t) => {
    const { get } = await liveApp(t);
    const queries = ['Csap', 'Ungvár', 'Tiszaújlak', 'Aknaszlatina', 'Máramarossziget', 'Debrecen'];
    const { status, body } = await get(`search?name=${encodeURIComponent(queries.join(','))}&lang=en`);
    assert.equal(status, 200);
    const found = Object.fromEntries((body.data.results as { query: string; matches: { name: string; matched_name: string }[] }[])
      .map((r) => [r.query, r.matches.map((m) => [m.name, m.matched_name])]));
    assert.deepEqual(found['Csap'], [['Chop-Zahony', 'Csap']]);
    assert.deepEqual(found['Ungvár'], [['Vysne Nemecke-Uzhorod', 'Ungvár']]);
    assert.deepEqual(found['Tiszaújlak'], [['Vylok - Tisabech', 'Tiszaújlak']]);
    // Solotvyno and Sighetu Marmației face each other: either name finds the crossing.
    assert.deepEqual(found['Aknaszlatina']!.map((m) => m[0]), found['Máramarossziget']!.map((m) => m[0]));
    assert.ok(found['Aknaszlatina']!.length >= 1);
    assert.deepEqual(found['Debrecen'], [], 'a city far from every crossing finds none');
  });

  it('answers in the requested language and treats no match as an empty list', async (t) => {
    const { get } = await liveApp(t);
    const pl = await get('search?name=Dorohusk,Atlantis&lang=pl');
    assert.equal(pl.body.data.results[0].matches[0].name, 'Dorohusk');
    assert.deepEqual(pl.body.data.results[1], { query: 'Atlantis', count: 0, ppid_count: 0, matches: [] });
    const uk = await get('search?name=Medyka&lang=uk');
    assert.equal(uk.body.data.results[0].matches[0].name, 'Шегині - Медика');
    // German has no published name: the English one, each side spelled as its country does; the Ukrainian name
    // romanised (Chop - Zakhon) is no longer shown, and still found.
    const de = (await get(`search?name=${encodeURIComponent('Chop - Zakhon,Záhony')}&lang=de`)).body.data.results;
    assert.deepEqual(de.map((r: { matches: { name: string }[] }) => r.matches[0]?.name), ['Chop-Zahony', 'Chop-Zahony']);
  });
  it('refuses a missing name and more than 20 names', async (t) => {
    const { get } = await liveApp(t);
    assert.equal((await get('search')).body.error.reason, 'missing_parameter');
    const many = await get(`search?name=${Array.from({ length: 21 }, (_, i) => `n${i}`).join(',')}`);
    assert.equal(many.status, 400);
    assert.equal(many.body.error.reason, 'too_many_names');
  });
});

describe('checkpoints', () => {
  it('filters by either side of the border and says which have live data: never a checkpoint whose only readings are replayed', async (t) => {
    const { get, deps, db } = await liveApp(t);
    const pl = (await get('checkpoints?country=2')).body.data;
    assert.ok(pl.count > 0);
    assert.ok(pl.checkpoints.every((c: { origin: number; destination: number }) => c.origin === 2 || c.destination === 2));
    assert.ok(pl.checkpoints.some((c: { origin: number }) => c.origin === 2) && pl.checkpoints.some((c: { origin: number }) => c.origin === 1));
    const replayed = pl.checkpoints.find((c: { ppid: string }) => c.ppid === 'id_129');
    assert.equal(replayed.freshness, 'fresh', 'the replay makes its readings look fresh');
    assert.ok(replayed.last_observation !== null);
    assert.deepEqual([replayed.has_live_data, replayed.data_quality], [false, null], 'the replayed sample is not live data');
    assert.equal(replayed.timezone, 'Europe/Warsaw');
    // A reading that happened (an import) ten minutes ago is live data.
    importFeeds(db, [parseGenericCsv(`ppid,time,wait_min\nid_129,${new Date(Date.parse(NOW) - 600_000).toISOString()},20\n`, 'now.csv')],
      createResolver(deps.repos.directory));
    deps.versions.refresh();
    const live = (await get('checkpoints?country=2')).body.data.checkpoints.find((c: { ppid: string }) => c.ppid === 'id_129');
    assert.equal(live.has_live_data, true);
    assert.equal(live.data_quality, 'high');
    const sk = (await get('checkpoints?country=3')).body.data.checkpoints;
    assert.ok(sk.length > 0 && sk.every((c: { has_live_data: boolean; last_observation: null; data_quality: null }) =>
      !c.has_live_data && c.last_observation === null && c.data_quality === null));
    assert.equal((await get('checkpoints?country=24')).status, 400);
  });
});

describe('queue', () => {
  it('gives the snapshot in the envelope and 24 hourly and 30 daily buckets of replayed real data', async (t) => {
    const { get } = await liveApp(t);
    const { status, body } = await get('queue?ppid=id_119');
    assert.equal(status, 200);
    const snap = body.snapshot;
    assert.equal(snap.type_of_data, 'replay');
    assert.ok(Date.parse(snap.updated_at) <= Date.parse(NOW));
    assert.ok(snap.queue_now !== null && snap.wait_min !== null, 'eCherha gives both');
    assert.equal(body.data.hourly.length, 24);
    assert.equal(body.data.daily.length, 30);
    assert.ok(body.data.hourly.some((h: { samples: number }) => h.samples > 0));
    for (const h of body.data.hourly) {
      if (h.samples === 0) assert.deepEqual([h.avg_cars, h.type_of_data], [null, null]);
      else assert.equal(h.type_of_data, 'replay');
    }
  });
  it('estimates the car wait from the measured processing rate', async (t) => {
    const { get } = await liveApp(t);
    const hourly = (await get('queue?ppid=id_214&section=hourly')).body.data.hourly as { wait_time: number | null; wait_time_estimated: boolean; samples: number }[];
    const withData = hourly.filter((h) => h.samples > 0 && h.wait_time !== null);
    assert.ok(withData.length > 0);
    assert.ok(withData.every((h) => h.wait_time_estimated));
  });
  it('serves sections, and refuses an unknown section, a wrong direction and an unknown ppid', async (t) => {
    const { get } = await liveApp(t);
    assert.deepEqual((await get('queue?ppid=id_119&section=snapshot')).body.data, {});
    const bad = await get('queue?ppid=id_119&section=weekly');
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /hourly, daily, snapshot/);
    const wrong = await get('queue?ppid=id_119&origin=2');
    assert.equal(wrong.body.error.reason, 'direction_mismatch');
    assert.match(wrong.body.error.message, /id_129/, 'names the sibling for that direction');
    assert.equal((await get('queue?ppid=id_119&origin=1&destination=2')).status, 200);
    const unknown = await get('queue?ppid=id_999');
    assert.deepEqual([unknown.status, unknown.body.error.code, unknown.body.error.reason], [404, 'not_found', 'unknown_ppid']);
    const none = await get('queue?ppid=id_1014');
    assert.deepEqual([none.status, none.body.snapshot, none.body.data.hourly], [200, null, []]);
  });
});

describe('update-info', () => {
  it('states source, freshness and that replayed data is not real time', async (t) => {
    const { get } = await liveApp(t);
    const info = (await get('update-info?ppid=id_129')).body.data;
    assert.equal(info.found, true);
    assert.equal(info.source, 'sample.granica');
    assert.equal(info.source_label, 'Polish Border Guard (granica.gov.pl), recorded sample replayed');
    assert.equal(info.is_realtime, false);
    assert.equal(info.type_of_data, 'replay');
    assert.equal(info.age_minutes, Math.floor(info.age_seconds / 60));
    const none = (await get('update-info?ppid=id_1014')).body.data;
    assert.deepEqual([none.found, none.status, none.freshness], [false, 'no_observations', null]);
  });
  it('refuses a ppid written with leading zeros as malformed (400), never a 404 for another spelling of a checkpoint', async (t) => {
    const { get } = await liveApp(t);
    const zero = await get('update-info?ppid=id_0214');
    assert.deepEqual([zero.status, zero.body.error.code, zero.body.error.reason], [400, 'bad_request', 'malformed_ppid']);
    assert.equal(zero.body.error.message, "Parameter 'ppid' must be written without leading zeros (id_214).");
    assert.equal((await get('update-info?ppid=id_214')).status, 200, 'the one spelling');
    assert.equal((await get('update-info?ppid=id_999')).status, 404, 'a well-formed id that names no checkpoint');
  });
  it('names the source in lang (source_label), and in English in source_label_en', async (t) => {
    const { get } = await liveApp(t);
    const uk = await get('update-info?ppid=id_129&lang=uk');
    assert.equal(uk.body.data.source_label, 'Прикордонна служба Польщі (granica.gov.pl), записаний зразок, відтворений');
    assert.equal(uk.body.data.source_label_en, 'Polish Border Guard (granica.gov.pl), recorded sample replayed');
    assert.equal(uk.body.meta.lang, 'uk');
    assert.equal((await get('update-info?ppid=id_129&lang=de')).body.data.source_label,
      'Polnischer Grenzschutz (granica.gov.pl), aufgezeichnete Stichprobe, wiedergegeben');
  });
});

describe('multi', () => {
  it('bills unique known ppids only and lists unknown ones', async (t) => {
    const { get } = await liveApp(t);
    const { status, body } = await get('multi?ppids=id_119,id_119,id_129,id_999');
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body.data).sort(), ['id_119', 'id_129']);
    assert.deepEqual(body.meta.unknown_ppids, ['id_999']);
    assert.equal(body.meta.units_consumed, 2);
    assert.equal(body.usage.requests_today, 2, 'ceil(2 ppids x 2 parts / 2)');
    assert.ok(body.data.id_119.queue && body.data.id_119.update_info);
    const one = await get('multi?ppids=id_119,id_129,id_219&include=queue');
    assert.equal(one.body.meta.units_consumed, 2, 'ceil(3 x 1 / 2)');
    assert.equal(one.body.usage.requests_today, 4);
    assert.equal(one.body.data.id_119.update_info, undefined);
  });
  it('refuses more than 20 ppids and unknown parts', async (t) => {
    const { get } = await liveApp(t);
    const many = await get(`multi?ppids=${Array.from({ length: 21 }, (_, i) => `id_${i + 1}`).join(',')}`);
    assert.equal(many.body.error.reason, 'too_many_ppids');
    assert.match(many.body.error.message, /at most 20 distinct values \(got 21\)/);
    // 21 distinct among 30 given (duplicates do not hide a 21st).
    const hidden = await get(`multi?ppids=${[...Array.from({ length: 21 }, (_, i) => `id_${i + 1}`), ...Array.from({ length: 9 }, () => 'id_1')].join(',')}`);
    assert.equal(hidden.body.error.reason, 'too_many_ppids');
    assert.equal((await get('multi?ppids=id_119&include=weather')).status, 400);
  });
});

describe('multi de-duplication', () => {
  it('counts distinct ppids against the limit of 20, as it bills them: one ppid given 25 times is one ppid', async (t) => {
    const { get } = await liveApp(t);
    const { status, body } = await get(`multi?ppids=${Array.from({ length: 25 }, () => 'id_214').join(',')}`);
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body.data), ['id_214']);
    assert.deepEqual([body.meta.ppids_requested, body.meta.units_consumed, body.usage.requests_today], [1, 1, 1]);
    const twenty = await get(`multi?ppids=${[...Array.from({ length: 20 }, (_, i) => `id_${i + 101}`), 'id_101', 'id_102'].join(',')}&include=queue`);
    assert.equal(twenty.status, 200, '20 distinct among 22 given');
    assert.equal(twenty.body.meta.ppids_requested, 20);
  });
});

describe('border', () => {
  it('expands all to neighbours with data and sorts by queue, nulls last', async (t) => {
    const { get } = await liveApp(t);
    const { status, body } = await get('border/1/all/9');
    assert.equal(status, 200);
    assert.deepEqual(body.data.destinations, [2]);
    assert.equal(body.data.crossing_type_label, 'truck');
    const queues = body.data.checkpoints.map((c: { queue: number | null }) => c.queue);
    const numbers = queues.filter((q: number | null) => q !== null);
    assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b));
    assert.ok(queues.indexOf(null) === -1 || queues.slice(queues.indexOf(null)).every((q: number | null) => q === null), 'nulls last');
    assert.ok(body.data.checkpoints.every((c: { border: number; border_name: string }) => c.border === 2 && c.border_name === 'Poland'));
  });
  it('takes comma lists and names countries in the requested language', async (t) => {
    const { get } = await liveApp(t);
    const { body } = await get('border/1/2,3/4?lang=uk');
    assert.deepEqual(body.data.destination_names, ['Польща', 'Словаччина']);
    assert.equal(body.data.crossing_type_label, 'легковий автомобіль', 'the vehicle type in lang too');
    assert.equal((await get('border/1/2/9?lang=pl')).body.data.crossing_type_label, 'ciężarówka');
    const sk = body.data.checkpoints.filter((c: { border: number }) => c.border === 3);
    assert.ok(sk.length > 0 && sk.every((c: { queue: null }) => c.queue === null));
    assert.equal(body.data.checkpoints.at(-1).queue, null);
  });
  it('says of a destination asked that no checkpoint is held for it, never an empty list that reads as no queues', async (t) => {
    const { get } = await liveApp(t);
    const germany = (await get('border/UA/DE/4')).body.data;
    assert.deepEqual([germany.count, germany.note], [0, "No checkpoint from UA to DE is held: the directory's crossings from UA lead to PL, SK, HU, RO, MD."]);
    // Poland and Germany together: Poland's crossings listed, Germany's absence said.
    const both = (await get('border/UA/PL,DE/4')).body.data;
    assert.ok(both.count > 0 && both.checkpoints.every((c: { border: number }) => c.border === 2));
    assert.match(both.note, /^No checkpoint from UA to DE is held/);
    // Every destination with a checkpoint of the type: no note.
    assert.equal((await get('border/UA/PL,SK/4')).body.data.note, undefined);
  });
  it('reads all in any case, as it reads country codes (UA/ALL = UA/all = 1/all)', async (t) => {
    const { get } = await liveApp(t);
    const lower = await get('border/UA/all/9');
    assert.equal(lower.status, 200);
    for (const word of ['ALL', 'All']) {
      const res = await get(`border/UA/${word}/9`);
      assert.equal(res.status, 200, word);
      assert.deepEqual(res.body.data.destinations, lower.body.data.destinations, word);
      assert.deepEqual(res.body.data.checkpoints, lower.body.data.checkpoints, word);
    }
    assert.equal((await get('border/ua/ALL/9')).status, 200);
    assert.equal((await get('border/UA/alle/9')).body.error.reason, 'malformed_country');
  });
  it('refuses unknown countries and types', async (t) => {
    const { get } = await liveApp(t);
    assert.equal((await get('border/24/2/4')).status, 400);
    assert.equal((await get('border/1/2/3')).status, 400);
    assert.equal((await get('border/1/nowhere/4')).status, 400);
  });
  it('refuses a padded path item and a border from a country to itself, and a padded country in the query', async (t) => {
    const { get } = await liveApp(t);
    assert.equal((await get('border/1/%201%20/4')).body.error.reason, 'malformed_path');
    assert.equal((await get('border/%201/2/4')).body.error.reason, 'malformed_path');
    assert.equal((await get('border/1/1/4')).body.error.reason, 'same_country');
    assert.equal((await get('border/UA/2,UA/4')).body.error.reason, 'same_country');
    assert.equal((await get('checkpoints?country=%202')).body.error.reason, 'malformed_country');
    assert.equal((await get('border/1/2/4')).status, 200);
  });
});

describe('replay and ingestion', () => {
  it('labels replayed data and shifts it by whole weeks to end at the present', async (t) => {
    const { deps } = await liveApp(t);
    const view = deps.repos.observations.view('id_119', Date.parse(NOW) / 1000)!;
    assert.ok(view.shiftS > 0 && view.shiftS % WEEK_S === 0);
    const latest = deps.repos.observations.latest(view, Date.parse(NOW) / 1000)!;
    assert.ok(Date.parse(NOW) / 1000 - latest.ts < 7 * 86_400);
  });
  /** `bdds import` beside a running server: its own connection to the same file. */
  const importElsewhere = (dir: string, csv: string) => {
    const other = openStore(join(dir, 'bdds.sqlite'));
    importFeeds(other, [parseGenericCsv(csv, 'now.csv')], createResolver(createDirectoryRepo(other)));
    closeStore(other);
  };

  it('serves only what was ingested in production configuration, and observations imported by another process show after a poll', async (t) => {
    const { get, deps, dir } = await appWithKey(t, { replay: false, now: NOW });
    assert.equal((await get('queue?ppid=id_129&section=snapshot')).body.snapshot, null, 'nothing ingested, nothing shown');
    const empty = (await get('queue?ppid=id_129')).body.data;
    assert.deepEqual([empty.hourly, empty.daily], [[], []]);
    assert.equal(empty.note, 'No reading of id_129 is held: no feed or import has supplied one, so there is nothing to aggregate.', 'and says why');
    importElsewhere(dir, `ppid,time,wait_min,source\nid_129,${new Date(Date.parse(NOW) - 3 * 3_600_000).toISOString()},40,granica\n`);
    deps.versions.poll();
    assert.equal((await get('queue?ppid=id_129&section=hourly')).body.data.note, undefined, 'a reading held: no note');
    const before = (await get('queue?ppid=id_129&section=snapshot')).body.snapshot;
    assert.deepEqual([before.wait_min, before.type_of_data, before.is_realtime], [40, 'live', true], 'a real feed reading, shown where it happened');
    importElsewhere(dir, `ppid,time,wait_min,source\nid_129,${new Date(Date.parse(NOW) - 120_000).toISOString()},75,granica\n`);
    const cached = (await get('queue?ppid=id_129&section=snapshot')).body.snapshot;
    assert.equal(cached.wait_min, 40, 'until the versions are polled, the cached answer stands (TTL 60 s)');
    assert.equal(deps.versions.poll(), true, 'the poll sees the other connection\'s commit');
    assert.equal(deps.versions.poll(), false, 'and nothing more after it');
    const after = (await get('queue?ppid=id_129&section=snapshot')).body.snapshot;
    assert.deepEqual([after.wait_min, after.age_min, after.freshness, after.type_of_data], [75, 2, 'fresh', 'live']);
  });

  it('in the demo, shows imported readings where they happened and takes them over the replayed sample', async (t) => {
    const { get, deps, dir } = await liveApp(t);
    const replayed = (await get('queue?ppid=id_129&section=snapshot')).body.snapshot;
    assert.equal(replayed.type_of_data, 'replay');
    importElsewhere(dir, `ppid,time,wait_min\nid_129,${new Date(Date.parse(NOW) - 5 * 60_000).toISOString()},33\n`);
    deps.versions.poll();
    const imported = (await get('queue?ppid=id_129&section=snapshot')).body.snapshot;
    assert.deepEqual([imported.wait_min, imported.age_min, imported.type_of_data, imported.is_realtime], [33, 5, 'imported', false],
      'not shifted by the replay, labelled imported');
    assert.equal(imported.updated_at, new Date(Date.parse(NOW) - 5 * 60_000).toISOString());
    const info = (await get('update-info?ppid=id_129')).body.data;
    assert.equal(info.source, 'import');
  });
});
