import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createImportRunsRepo, type ImportRun } from '../../../data/import-runs-repo.js';
import { closeStore, openStore } from '../../../data/store.js';
import { runCli } from '../../helpers/cli.js';
import { FIXED_NOW, tempDir } from '../../helpers/deps.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { flixbusGtfsFiles, zipOf } from '../../fixtures/bus/flixbus-gtfs.js';
import { clearPlaces } from '../../helpers/places.js';
import { seededStore } from '../../helpers/store-templates.js';

const bdds = (db: string, ...args: string[]) => runCli(['import', ...args], { BDDS_DB: db });
/** With the clock pinned (BDDS_NOW): the run's times are the injected clock's. */
const bddsAt = (db: string, ...args: string[]) => runCli(['import', ...args], { BDDS_DB: db, BDDS_NOW: FIXED_NOW });

/**
 * Reads of what a command stored, on a store this test copied from a template: without the integrity check
 * (~0.2 s a read), which each `bdds import` runs when it opens the store.
 */
const peek = (db: string) => openStore(db, { integrityCheck: false });

/** The recorded importer runs, the newest first. */
const runs = (db: string): ImportRun[] => {
  const store = peek(db);
  const latest = createImportRunsRepo(store).latest(50);
  closeStore(store);
  return latest;
};
const countsOf = (run: ImportRun | undefined) => run && [run.status, run.rows_read, run.imported, run.duplicates, run.rejected];

const rows = (db: string) => {
  const store = peek(db);
  const n = store.prepare('SELECT count(*) FROM observations').pluck().get() as number;
  closeStore(store);
  return n;
};

/** The counts of the text summary, by name. */
const counts = (stdout: string) => {
  const line = stdout.split('\n')[0]!;
  return Object.fromEntries([...line.matchAll(/([a-z ]+?) (\d+)/g)].map(([, name, n]) => [name!.trim(), Number(n)]));
};

/** The numbers of the last progress line (standard error, not a terminal). */
const lastProgress = (stderr: string) => {
  const lines = stderr.split('\n').filter((l) => /^\d+ of \d+ readings done$/.test(l));
  return lines.at(-1)!.split(' ').filter((w) => /^\d+$/.test(w)).map(Number);
};

describe('bdds import', () => {
  it('imports a real file once, reports progress and a summary that agree, and counts a second import as duplicates', async (t) => {
    const db = seededStore(tempDir(t));
    const first = await bdds(db, 'dpsu', fixturePath('pl-ua/dpsu_2026-07-01.csv'));
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /^files 1, rows read 41, readings \d+: imported \d+, duplicates 0 \(already held\), skipped \d+; empty rows \d+, rejected rows 0\n$/);
    const c = counts(first.stdout);
    assert.equal(c.imported! + c.duplicates! + c.skipped!, c.readings);
    assert.deepEqual(lastProgress(first.stderr), [c.readings, c.readings], 'the last progress line counts what the summary counts');
    assert.equal(rows(db), c.imported);
    const [run] = runs(db);
    assert.deepEqual(countsOf(run), ['ok', 41, c.imported, 0, 0], 'one run recorded with the summary\'s counts');
    assert.deepEqual([run!.format, run!.dataset, run!.source, run!.files, run!.error], ['dpsu', 'observations', null, [fixturePath('pl-ua/dpsu_2026-07-01.csv')], null]);
    const again = await bdds(db, 'dpsu', fixturePath('pl-ua/dpsu_2026-07-01.csv'));
    assert.equal(again.status, 0, again.stderr);
    const d = counts(again.stdout);
    assert.deepEqual([d.readings, d.imported, d.duplicates], [c.readings, 0, c.imported]);
    assert.match(again.stdout, new RegExp(`duplicates ${c.imported} \\(already held\\)`));
    assert.deepEqual(lastProgress(again.stderr), [d.readings, d.readings]);
    const json = JSON.parse((await bdds(db, 'dpsu', fixturePath('pl-ua/dpsu_2026-07-01.csv'), '--json')).stdout);
    assert.deepEqual([json.imported, json.duplicates], [0, c.imported]);
    assert.equal(rows(db), c.imported);
    assert.deepEqual(runs(db).map(countsOf), [['ok', 41, 0, c.imported, 0], ['ok', 41, 0, c.imported, 0], ['ok', 41, c.imported, 0, 0]], 'one run per import, the newest first');
  });

  it('lists rejected rows with file and line, exits 1 on them, and 0 with --allow-rejects', async (t) => {
    const dir = tempDir(t);
    const file = join(dir, 'obs.csv');
    writeFileSync(file, 'ppid,time,queue\nid_114,2026-11-22T08:00:00Z,4\nid_114,later,5\n');
    const db = seededStore(dir);
    const out = await bddsAt(db, 'csv', file, '--source', 'acme');
    assert.equal(out.status, 1);
    assert.match(out.stdout, /imported 1,.*rejected rows 1/, 'the summary is printed all the same');
    const [run] = runs(db);
    assert.deepEqual(countsOf(run), ['rejected-rows', 2, 1, 0, 1]);
    assert.deepEqual([run!.source, run!.started_at, run!.finished_at], ['acme', FIXED_NOW, FIXED_NOW], 'timed by the injected clock');
    assert.ok(out.stdout.includes(`rejected ${file}:3: time 'later'`));
    assert.match(out.stderr, /rejected rows 1 .*--allow-rejects/);
    const allowedDb = seededStore(tempDir(t));
    const allowed = await bdds(allowedDb, 'csv', file, '--source', 'acme', '--allow-rejects');
    assert.equal(allowed.status, 0, allowed.stderr);
    assert.equal(allowed.stdout, out.stdout);
    assert.deepEqual(countsOf(runs(allowedDb)[0]), ['rejected-rows', 2, 1, 0, 1], 'allowed, the rejected rows are recorded all the same');
    const json = await bdds(seededStore(tempDir(t)), 'csv', file, '--json');
    assert.equal(json.status, 1);
    assert.deepEqual(JSON.parse(json.stdout).rejected, [{ file, line: 3, reason: "time 'later' is not an ISO instant with offset or unix seconds" }]);
  });

  it('rejects a checkpoint id with leading zeros as malformed, in the API\'s words, never as an unknown checkpoint', async (t) => {
    const dir = tempDir(t);
    const db = seededStore(dir);
    // What the API answers for the same id (bdds call goes through the pipeline: the operator's token, so no key).
    const api = await runCli(['call', 'queue', '--ppid', 'id_0114'], { BDDS_DB: db, BDDS_INTERNAL_TOKEN: 'operator-token-for-this-test-0123456789' });
    const { error } = JSON.parse(api.stdout) as { error: { code: string; reason: string; message: string } };
    assert.deepEqual([api.status, error.code, error.reason], [1, 'bad_request', 'malformed_ppid']);
    assert.equal(error.message, "Parameter 'ppid' must be written without leading zeros (id_114).");
    const malformed = "malformed ppid 'id_0114': must be written without leading zeros (id_114)";

    const csv = join(dir, 'obs.csv');
    writeFileSync(csv, 'ppid,time,queue\nid_0114,2026-11-22T08:00:00Z,4\nid_114,2026-11-22T08:00:00Z,5\nid_999999,2026-11-22T08:00:00Z,6\n');
    const out = await bddsAt(db, 'csv', csv, '--json');
    assert.equal(out.status, 1);
    const summary = JSON.parse(out.stdout) as { imported: number; rejected: { file: string; line: number; reason: string }[] };
    assert.equal(summary.imported, 1);
    assert.deepEqual(summary.rejected, [
      { file: csv, line: 2, reason: malformed },
      { file: csv, line: 4, reason: "unknown ppid 'id_999999'" },
    ], 'malformed and unknown told apart, as the API tells 400 from 404');
    const ndjson = join(dir, 'obs.ndjson');
    writeFileSync(ndjson, '{"ppid":"id_0114","time":"2026-11-22T08:00:00Z","queue":4}\n');
    const text = await bddsAt(db, 'ndjson', ndjson);
    assert.ok(text.stdout.includes(`rejected ${ndjson}:1: ${malformed}`), text.stdout);

    const bus = join(dir, 'bus.csv');
    writeFileSync(bus, 'ppid,carrier,arrived_at,crossed_at\nid_0116,FlixBus,2026-11-20T06:40:00+02:00,2026-11-20T09:05:00+02:00\n');
    const crossings = await bdds(db, 'bus-crossings', bus);
    assert.equal(crossings.status, 1);
    assert.ok(crossings.stdout.includes(`rejected ${bus}:2: malformed ppid 'id_0116': must be written without leading zeros (id_116)`), crossings.stdout);
    assert.doesNotMatch(crossings.stdout, /unknown checkpoint/);
  });

  it('rejects a reading timed hours after the clock (local time read as UTC), as the feeds do, and imports the rest', async (t) => {
    const dir = tempDir(t);
    const file = join(dir, 'obs.csv');
    writeFileSync(file, 'ppid,time,queue\nid_114,2026-11-22T09:00:00Z,4\nid_114,2026-11-22T12:00:00+00:00,5\n');
    const db = seededStore(dir);
    const out = await bddsAt(db, 'csv', file, '--json');
    assert.equal(out.status, 1, 'a rejected row: exit 1 unless --allow-rejects');
    const summary = JSON.parse(out.stdout);
    assert.deepEqual([summary.imported, summary.rejected], [1, [{ file, line: 3, reason: 'time 2026-11-22T12:00:00Z is 120 min after the clock (2026-11-22T10:00:00Z): a time zone or clock error' }]]);
  });

  it('rejects a row at an unknown crossing once, with file, line and reason, and counts it nowhere else', async (t) => {
    const dir = tempDir(t);
    const file = join(dir, 'granica.csv');
    const header = readFileSync(fixturePath('pl-ua/granica_2026-07-01.csv'), 'utf8').split('\n')[0];
    writeFileSync(file, `${header}\n1,2026-07-02T00:00:00Z,dorohusk,Dorohusk,60,,30,,,,x,0\n2,2026-07-02T00:00:00Z,atlantis,Atlantis,60,,30,,,,x,0\n`);
    const out = await bdds(seededStore(dir), 'granica', file);
    assert.equal(out.status, 1);
    assert.deepEqual(out.stdout.split('\n').filter((l) => l.startsWith('rejected ')), [`rejected ${file}:3: unknown crossing 'atlantis'`]);
    const c = counts(out.stdout);
    assert.deepEqual([c['rows read'], c.readings, c['empty rows'], c['rejected rows']], [2, 2, 0, 1], 'the two readings of line 2 only');
    assert.equal(c.imported! + c.duplicates! + c.skipped!, c.readings);
    assert.deepEqual(lastProgress(out.stderr), [2, 2]);
  });

  it('imports nothing when one of the files cannot be read, and refuses bad usage', async (t) => {
    const dir = tempDir(t);
    const db = seededStore(dir);
    const broken = join(dir, 'broken.csv');
    writeFileSync(broken, 'id,scraped_at\n1,"never closed\n');
    const out = await bdds(db, 'granica', fixturePath('pl-ua/granica_2026-07-01.csv'), broken);
    assert.equal(out.status, 1);
    assert.match(out.stderr, /nothing was imported/);
    assert.equal(rows(db), 0);
    const [failed] = runs(db);
    assert.deepEqual(countsOf(failed), ['failed', 0, 0, 0, 0]);
    assert.match(failed!.error ?? '', /broken\.csv: .*nothing was imported/);
    assert.deepEqual(failed!.files, [fixturePath('pl-ua/granica_2026-07-01.csv'), broken]);
    assert.equal((await bdds(db, 'granica', fixturePath('pl-ua/granica_2026-07-01.csv'))).status, 0);
    assert.equal((await bdds(db, 'weather', broken)).status, 2);
    assert.equal((await bdds(db, 'csv')).status, 2);
    assert.deepEqual(runs(db).map((r) => r.status), ['ok', 'failed'], 'bad usage is no run');
  });

  it('refuses a path that is not there or a folder without files (exit 2, no run), and files without rows (exit 1): nothing found to import', async (t) => {
    const dir = tempDir(t);
    const db = seededStore(dir);
    const missing = join(dir, 'missing.csv');
    const gone = await bdds(db, 'dpsu', fixturePath('pl-ua/dpsu_2026-07-01.csv'), missing);
    assert.equal(gone.status, 2);
    assert.equal(gone.stderr, `bdds import: no file or folder ${missing}: nothing was imported\n`, 'not the system\'s ENOENT ... stat');
    assert.equal((await bdds(db, 'osm-roads', missing)).status, 2, 'the road network too');
    const folder = join(dir, 'empty-folder');
    mkdirSync(join(folder, 'sub'), { recursive: true });
    const none = await bdds(db, 'granica', folder);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /nothing found to import: the folder .*empty-folder holds no files/);
    assert.equal(none.stdout, '', 'no "files 0" summary');
    assert.deepEqual(runs(db), [], 'bad usage is no run');

    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '');
    const blank = await bdds(db, 'csv', empty);
    assert.equal(blank.status, 1);
    assert.match(blank.stderr, /nothing found to import: .*empty\.csv is empty; nothing was imported/);
    assert.equal(blank.stdout, '');
    const header = join(dir, 'header.csv');
    writeFileSync(header, 'ppid,time,queue\n');
    const headerOnly = await bdds(db, 'csv', header, empty);
    assert.equal(headerOnly.status, 1);
    assert.match(headerOnly.stderr, /nothing found to import: the 2 files are without rows/);
    assert.deepEqual(runs(db).map((r) => [r.status, r.rows_read]), [['failed', 0], ['failed', 0]], 'a run that found nothing is recorded as failed');
    assert.match(runs(db)[1]!.error ?? '', /nothing found to import/);
  });

  it('refuses a file of another format whole, naming the columns its header lacks, and never says the other rows were imported when none were', async (t) => {
    const dir = tempDir(t);
    const db = seededStore(dir);
    const granica = fixturePath('pl-ua/granica_2026-07-01.csv');
    const echerha = await bdds(db, 'echerha', granica);
    assert.equal(echerha.status, 1);
    assert.match(echerha.stderr, /granica_2026-07-01\.csv: not a file of the echerha format: its header lacks echerha_id, virtual_wait_s, vehicles_waiting \(it has id, scraped_at, crossing_id, .*\); nothing was imported/);
    assert.equal(echerha.stdout, '', 'no row listed as rejected');
    const stations = fixturePath('places/station-csv/stations.csv');
    const csv = await bdds(db, 'csv', stations);
    assert.equal(csv.status, 1);
    assert.match(csv.stderr, /stations\.csv: not a file of the csv format: its header lacks ppid, time, one of queue\/wait_min\/rate_per_h/);
    const dpsu = await bdds(db, 'dpsu', granica);
    assert.match(dpsu.stderr, /not a file of the dpsu format: its header lacks one of cars_waiting\/trucks_waiting/);
    const granicaOfDpsu = await bdds(db, 'granica', fixturePath('pl-ua/dpsu_2026-07-01.csv'));
    assert.match(granicaOfDpsu.stderr, /not a file of the granica format: its header lacks one of trucks_exit_min\//);
    assert.equal(rows(db), 0);
    assert.deepEqual(runs(db).map((r) => r.status), ['failed', 'failed', 'failed', 'failed']);
    for (const out of [echerha, csv, dpsu, granicaOfDpsu]) assert.doesNotMatch(out.stderr, /the other rows were imported/);

    // Every row rejected (a format read row by row): the count says no row was imported.
    const ndjson = join(dir, 'bad.ndjson');
    writeFileSync(ndjson, '{"ppid":"x","time":"2026-11-22T08:00:00Z","queue":1}\n{"ppid":"id_114","time":"later","queue":2}\n');
    const rejected = await bdds(db, 'ndjson', ndjson);
    assert.equal(rejected.status, 1);
    assert.match(rejected.stderr, /^bdds import: rejected rows 2 \(no row was imported\); exit code 1 unless --allow-rejects$/m);
    // Some rows imported: as before.
    const mixed = join(dir, 'mixed.csv');
    writeFileSync(mixed, 'ppid,time,queue\nid_114,2026-11-22T08:00:00Z,4\nid_114,later,5\n');
    assert.match((await bdds(db, 'csv', mixed)).stderr, /rejected rows 1 \(the other rows were imported\)/);
  });

  it('refuses --source for a format that names its own source (exit 2), naming the formats that take it', async (t) => {
    const db = seededStore(tempDir(t));
    for (const args of [['granica', fixturePath('pl-ua/granica_2026-07-01.csv')], ['mimit-stations', fixturePath('places/mimit/anagrafica_impianti_attivi_excerpt.csv')],
      ['osm-roads', fixturePath('pl-ua/granica_2026-07-01.csv')]]) {
      const out = await bdds(db, ...args, '--source', 'xyz');
      assert.equal(out.status, 2, args[0]);
      assert.match(out.stderr, new RegExp(`--source is not taken by ${args[0]}, whose rows name their own source; it names the source of csv, ndjson, fuel-csv, road-csv, datex2-situation, bus-crossings, gtfs, flixbus-network`));
    }
    assert.deepEqual(runs(db), [], 'no run');
    const bogus = await runCli(['import', 'bogus', 'f.csv']);
    assert.equal(bogus.status, 2);
    assert.match(bogus.stderr, /no format 'bogus'; name a format: granica, .*, csv, /, 'says the format given is unknown');
    const usage = (await runCli(['import', '--help'])).stdout;
    for (const format of ['csv', 'ndjson', 'fuel-csv', 'road-csv', 'datex2-situation', 'bus-crossings', 'gtfs', 'flixbus-network']) {
      assert.match(usage, new RegExp(`^  ${format} `, 'm'), `${format} is a format`);
    }
    assert.match(usage, /--source names the source of the rows of csv, ndjson, fuel-csv/);
  });

  it('imports place files by format (stations before their prices), under the source named, and again changes nothing', async (t) => {
    const db = seededStore(tempDir(t));
    const clear = peek(db);
    clearPlaces(clear); // the shipped places include these stations
    closeStore(clear);
    const stations = await bdds(db, 'mimit-stations', fixturePath('places/mimit/anagrafica_impianti_attivi_excerpt.csv'));
    assert.equal(stations.status, 0, stations.stderr);
    const added = /stations (\d+) added, 0 updated, 0 unchanged/.exec(stations.stdout);
    assert.ok(added && Number(added[1]) > 0, stations.stdout);
    assert.deepEqual([runs(db)[0]!.dataset, runs(db)[0]!.status, runs(db)[0]!.imported], ['places', 'ok', Number(added[1])]);
    const prices = await bdds(db, 'mimit-prices', fixturePath('places/mimit/prezzo_alle_8_excerpt.csv'), '--json');
    const summary = JSON.parse(prices.stdout);
    assert.ok(summary.prices.added > 0);
    assert.equal(prices.status, summary.rejected.length > 0 ? 1 : 0, 'rejected rows set the exit code, in JSON too');
    const again = JSON.parse((await bdds(db, 'mimit-prices', fixturePath('places/mimit/prezzo_alle_8_excerpt.csv'), '--json', '--allow-rejects')).stdout);
    assert.deepEqual([again.prices.added, again.prices.updated, again.prices.unchanged], [0, 0, summary.prices.added + summary.prices.unchanged]);
    assert.deepEqual(countsOf(runs(db)[0]), [again.rejected.length > 0 ? 'rejected-rows' : 'ok', again.rowsRead, 0, again.prices.unchanged, again.rejected.length],
      'places: duplicates are the unchanged records');

    const csv = await bdds(db, 'fuel-csv', fixturePath('places/station-csv/stations.csv'), '--source', 'acme');
    assert.equal(csv.status, 1, 'the fixture holds bad rows');
    assert.match(csv.stdout, /^rejected .*stations\.csv:\d+: /m);
    const store = peek(db);
    const sources = store.prepare('SELECT DISTINCT source FROM fuel_stations ORDER BY 1').pluck().all();
    closeStore(store);
    assert.ok(sources.includes('acme') && !sources.includes('csv'), `stored under --source: ${sources.join(', ')}`);
  });

  it('imports bus crossing records and a bus route network placed at its checkpoints', async (t) => {
    const dir = tempDir(t);
    const db = seededStore(dir);
    const csv = join(dir, 'bus.csv');
    writeFileSync(csv, 'ppid,carrier,arrived_at,crossed_at\nid_116,FlixBus,2026-11-20T06:40:00+02:00,2026-11-20T09:05:00+02:00\nid_999999,Ghost,2026-11-20T06:40:00Z,2026-11-20T07:00:00Z\n');
    const crossings = await bdds(db, 'bus-crossings', csv);
    assert.equal(crossings.status, 1);
    assert.match(crossings.stdout, /^files 1, rows read 2: imported 1, duplicates 0 \(already held\), rejected rows 1$/m);
    assert.match(crossings.stdout, /rejected .*bus\.csv:3: unknown checkpoint 'id_999999'/);
    assert.match((await bdds(db, 'bus-crossings', csv, '--allow-rejects')).stdout, /imported 0, duplicates 1/);
    assert.deepEqual(runs(db).map((r) => [r.dataset, ...countsOf(r)!]), [['bus', 'rejected-rows', 2, 0, 1, 1], ['bus', 'rejected-rows', 2, 1, 0, 1]]);

    const network = await bdds(db, 'flixbus-network', fixturePath('bus/flixbus_network_excerpt.json'), '--source', 'flix-test', '--allow-rejects');
    assert.equal(network.status, 0, network.stderr);
    assert.match(network.stdout, /^flix-test: routes read \d+, crossing a held checkpoint 28 \(\d+ crossings\)/m);
    const store = peek(db);
    const zosin = store.prepare("SELECT route_id FROM bus_route_crossings WHERE source = 'flix-test' AND ppid = 'id_816' ORDER BY route_id").pluck().all();
    closeStore(store);
    assert.ok(zosin.includes('3224'), `Kyiv - Lutsk - Warsaw crosses at Ustyluh-Zosin: ${zosin.join(', ')}`);

    // The same network as the GTFS zip its publisher serves, read as it is downloaded.
    const zip = join(dir, 'gtfs_generic_eu.zip');
    writeFileSync(zip, zipOf(flixbusGtfsFiles()));
    const gtfs = await bdds(db, 'gtfs', zip, '--source', 'flix-gtfs');
    assert.equal(gtfs.status, 0, gtfs.stderr);
    assert.match(gtfs.stdout, /^flix-gtfs: routes read 4, crossing a held checkpoint 3 /m);
    const again = peek(db);
    const fromZip = again.prepare("SELECT ppid FROM bus_route_crossings WHERE source = 'flix-gtfs' AND route_id = '3224'").pluck().all();
    closeStore(again);
    assert.deepEqual(fromZip, ['id_816']);
    // A network replaces what its source holds: one without routes is refused, and the held one stays.
    const noRoutes = join(dir, 'empty-gtfs.zip');
    writeFileSync(noRoutes, zipOf(flixbusGtfsFiles([])));
    const emptied = await bdds(db, 'gtfs', noRoutes, '--source', 'flix-gtfs');
    assert.equal(emptied.status, 1);
    assert.match(emptied.stderr, /nothing found to import: flix-gtfs holds no routes; nothing was imported and the network held is kept/);
    const kept = peek(db);
    assert.deepEqual(kept.prepare("SELECT ppid FROM bus_route_crossings WHERE source = 'flix-gtfs' AND route_id = '3224'").pluck().all(), ['id_816']);
    closeStore(kept);
    // Crossing records: a blank file or a header alone is nothing to import (exit 1), as for every other format.
    for (const [name, text, said] of [['blank.csv', '\n', 'empty'], ['header.csv', 'ppid,carrier,arrived_at,crossed_at\n', 'without rows']] as const) {
      writeFileSync(join(dir, name), text);
      const none = await bdds(db, 'bus-crossings', join(dir, name));
      assert.equal(none.status, 1, name);
      assert.match(none.stderr, new RegExp(`nothing found to import: .*${name} is ${said}; nothing was imported`));
    }
    const notZip = join(dir, 'stops.txt');
    writeFileSync(notZip, 'stop_id\n');
    const refused = await bdds(db, 'gtfs', notZip);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /a GTFS feed is its \.zip or a folder of \.txt files/);
  });

  it('records a road-report import with its counts, and a second import of the same snapshot as unchanged', async (t) => {
    const db = seededStore(tempDir(t));
    const file = fixturePath('road/lt-eismoinfo/road_closed_2026-04-04T2100_excerpt.csv');
    const first = await bdds(db, 'lt-closures', file, '--json', '--allow-rejects');
    assert.equal(first.status, 0, first.stderr);
    const s = JSON.parse(first.stdout);
    const again = JSON.parse((await bdds(db, 'lt-closures', file, '--json', '--allow-rejects')).stdout);
    const status = s.rejected.length > 0 ? 'rejected-rows' : 'ok';
    assert.deepEqual(runs(db).map((r) => [r.dataset, ...countsOf(r)!]), [
      ['road', status, again.rowsRead, again.added + again.updated, again.unchanged, again.rejected.length],
      ['road', status, s.rowsRead, s.added + s.updated, s.unchanged, s.rejected.length],
    ]);
    assert.ok(s.added > 0 && again.unchanged === s.added, 'the same reports again are unchanged');
  });
});
