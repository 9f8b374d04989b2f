import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { importRoadReports } from '../../../data/importers/road/run.js';
import { appWithKey, bearer, FIXED_NOW, INTERNAL_TOKEN } from '../../helpers/deps.js';
import { report, roadFeed } from '../../helpers/road.js';
import { runCli } from '../../helpers/cli.js';
import { fixturePath } from '../../helpers/fixtures.js';

const now = new Date(FIXED_NOW);
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

/** Official reports around Vilnius (54.687, 25.28) and one in Poland. */
async function roadApp(t: TestContext) {
  const made = await appWithKey(t);
  importRoadReports(made.db, [roadFeed('lt-eismoinfo', [
    // A line starting 80 km west of Vilnius and passing 2 km south of it.
    report('line', { geometry: { type: 'LineString', coordinates: [[24.03, 54.669], [25.28, 54.669], [26.5, 54.669]] }, severity: 'major', condition_type: 'roadwork' }),
    report('point-60km', { geometry: { type: 'Point', coordinates: [25.28, 55.227] } }),
    report('expired', { expires_at: hours(-1) }),
    report('future', { starts_at: hours(2) }),
    report('ends-soon', { geometry: { type: 'Point', coordinates: [25.29, 54.69] }, severity: 'low', condition_type: 'hazard', expires_at: hours(1) }),
  ]), roadFeed('gddkia', [report('pl-1', { country_code: 'PL', geometry: { type: 'Point', coordinates: [21.0, 52.2] }, severity: 'moderate',
    truck_limits: { max_weight_t: 18, max_axle_load_t: null, max_height_m: null, max_width_m: null, max_length_m: null, speed_limit_kmh: 40 } })])],
  { now, status: 'approved', snapshot: false });
  made.deps.versions.refresh();
  return made;
}

const ids = (body: { data: { conditions: { description: string }[] } }) => body.data.conditions.map((c) => c.description.replace('Report ', ''));

describe('road-conditions', () => {
  it('serves approved reports in force now, most severe first, filtered by country, type and severity', async (t) => {
    const { get } = await roadApp(t);
    const all = (await get('road-conditions')).body;
    assert.deepEqual(ids(all), ['point-60km', 'line', 'pl-1', 'ends-soon'], 'not the expired one, not the one that starts in two hours');
    assert.equal(all.data.total, 4);
    assert.deepEqual(ids((await get('road-conditions?country=PL')).body), ['pl-1']);
    assert.equal((await get('road-conditions?country=PL')).body.data.conditions[0].truck_limits.max_weight_t, 18);
    assert.deepEqual(ids((await get('road-conditions?condition_type=roadwork')).body), ['line']);
    assert.deepEqual(ids((await get('road-conditions?severity=low&country=2')).body), [], 'country as a number');
    assert.equal((await get('road-conditions?severity=low&country=2')).body.data.note,
      'No approved report in force in PL matches; reports in force are held for LT, PL only.');
  });

  it('says an empty answer is no news of the roads where no report is held', async (t) => {
    const { get } = await appWithKey(t);
    const body = (await get('road-conditions?lat=49.8&lng=23.0')).body.data;
    assert.deepEqual([body.total, body.note], [0, 'No road report in force is held: no feed or import has supplied one, so this says nothing of the roads.']);
  });

  it('measures the distance to the whole line, nearest first, with the nearest point of each report', async (t) => {
    const { get } = await roadApp(t);
    const near = (await get('road-conditions?lat=54.687&lng=25.28&radius=50')).body.data;
    assert.deepEqual(near.conditions.map((c: { description: string }) => c.description), ['Report ends-soon', 'Report line'],
      'the line 2 km away is found although its first point is 80 km away; the point 60 km away is not');
    assert.ok(Math.abs(near.conditions[1].distance_km - 2.0) < 0.05, `${near.conditions[1].distance_km}`);
    assert.ok(Math.abs(near.conditions[1].lon - 25.28) < 0.01, 'the point of the line nearest to the asked point');
    const wider = (await get('road-conditions?lat=54.687&lon=25.28&radius=70')).body.data;
    assert.equal(wider.total, 3);
  });

  it('stops serving a report when it expires by the clock', async (t) => {
    const { get, setNow } = await roadApp(t);
    assert.ok(ids((await get('road-conditions?condition_type=hazard')).body).includes('ends-soon'));
    setNow(hours(1));
    assert.deepEqual(ids((await get('road-conditions?condition_type=hazard&limit=99')).body), []);
    setNow(hours(3));
    assert.ok(ids((await get('road-conditions?severity=critical')).body).includes('future'), 'a report in force once it starts');
  });

  it('refuses bad filters with 400', async (t) => {
    const { get } = await roadApp(t);
    assert.equal((await get('road-conditions?limit=501')).body.error.reason, 'out_of_range');
    assert.equal((await get('road-conditions?lat=54')).body.error.reason, 'missing_parameter');
    assert.equal((await get('road-conditions?condition_type=volcano')).status, 400);
    assert.equal((await get('road-conditions?severity=extreme')).status, 400);
  });

  it('imports a snapshot again without duplicates and ends what the next snapshot no longer lists', async (t) => {
    const { deps, db, get } = await roadApp(t);
    const again = importRoadReports(db, [roadFeed('lt-eismoinfo', [report('line', { geometry: { type: 'LineString', coordinates: [[24.03, 54.669], [25.28, 54.669], [26.5, 54.669]] }, severity: 'major', condition_type: 'roadwork' }),
      report('point-60km', { geometry: { type: 'Point', coordinates: [25.28, 55.227] }, description: 'Changed text' })])], { now, status: 'approved', snapshot: true });
    assert.deepEqual([again.added, again.updated, again.unchanged, again.ended], [0, 1, 1, 2], 'ends-soon and future are no longer listed; the expired one was over already');
    deps.versions.refresh();
    const lt = (await get('road-conditions?country=LT')).body.data.conditions;
    assert.deepEqual(lt.map((c: { description: string }) => c.description), ['Changed text', 'Report line']);
    assert.equal(db.prepare("SELECT count(*) FROM road_reports WHERE source = 'lt-eismoinfo'").pluck().get(), 5, 'no duplicates');
  });
});

describe('moderation of driver reports', () => {
  it('takes a report as pending, serves it once approved and no longer once rejected (operator routes)', async (t) => {
    const { app, key, get } = await roadApp(t);
    const post = (url: string, body?: unknown, auth = INTERNAL_TOKEN) =>
      app.inject({ method: 'POST', url: `/api/v1/admin/road-reports${url}`, headers: bearer(auth), ...(body === undefined ? {} : { payload: body as object }) });
    const submitted = await post('', { condition_type: 'pothole', severity: 'moderate', description: 'Deep pothole on the right lane', country: 'PL', lat: 50.7, lon: 23.9 });
    assert.equal(submitted.statusCode, 201, submitted.body);
    const id = submitted.json().data.report.id as number;
    assert.equal(submitted.json().data.report.status, 'pending');
    assert.deepEqual(ids((await get('road-conditions?condition_type=pothole')).body), [], 'pending: not served');
    assert.equal((await post(`/${id}/approve`)).json().data.changed, true);
    assert.deepEqual((await get('road-conditions?condition_type=pothole')).body.data.conditions.map((c: { id: number }) => c.id), [id], 'served at once');
    await post(`/${id}/reject`);
    assert.deepEqual((await get('road-conditions?condition_type=pothole')).body.data.conditions, []);

    assert.equal((await post('', { condition_type: 'pothole', severity: 'moderate', description: 'x', country: 'PL', lat: 50.7 })).json().error.reason, 'missing_parameter');
    assert.equal((await post('', { condition_type: 'sinkhole', severity: 'moderate', description: 'x', country: 'PL', lat: 50.7, lon: 23.9 })).statusCode, 400);
    assert.equal((await post('', { condition_type: 'pothole', severity: 'low', description: 'x', country: 'PL', lat: 50.7, lon: 23.9 }, key)).statusCode, 403, 'an API key is not the operator');
    assert.equal((await app.inject({ method: 'POST', url: '/api/v1/admin/road-reports/1/approve' })).statusCode, 401);
    assert.equal((await post('/999999/approve')).json().error.reason, 'unknown_report');
    assert.equal((await post('/abc/approve')).statusCode, 400);
  });

  it('adds, lists and approves from the command line', async (t) => {
    const { dir, get } = await roadApp(t);
    const env = { BDDS_DB: `${dir}/bdds.sqlite`, BDDS_NOW: FIXED_NOW };
    const added = await runCli(['reports', 'add', '--type', 'ice', '--severity', 'major', '--description', 'Black ice', '--country', 'UA',
      '--line', '23.9 50.7;24.0 50.8', '--expires', '2026-11-23T10:00:00+02:00'], env);
    assert.equal(added.status, 0, added.stderr);
    const id = /added report (\d+)/.exec(added.stdout)![1];
    const pending = await runCli(['reports', 'list', '--status', 'pending'], env);
    assert.match(pending.stdout, new RegExp(`^${id}\\tpending\\tice\\tmajor\\tUA\\tdriver-report\\t2026-11-23T08:00:00.000Z\\tBlack ice$`, 'm'));
    assert.equal((await runCli(['reports', 'approve', id!], env)).stdout, `approved report ${id}\n`);
    assert.equal((await runCli(['reports', 'approve', id!], env)).stdout, `report ${id} was already approved\n`);
    assert.equal((await get('road-conditions?condition_type=ice')).body.data.total, 1, 'approved by another connection (the command line): served on the next call');
    const bad = await runCli(['reports', 'add', '--type', 'ice', '--severity', 'major', '--description', 'x', '--country', 'UA', '--lat', '50'], env);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--lat|lon/);
    assert.equal((await runCli(['reports', 'approve', '424242'], env)).status, 1);
  });
});

describe('road-conditions on real feeds', () => {
  it('serves the Lithuanian border-checkpoint closures imported from the eismoinfo snapshot, and ends what the next snapshot drops', async (t) => {
    const { dir, get, deps } = await appWithKey(t);
    const env = { BDDS_DB: `${dir}/bdds.sqlite`, BDDS_NOW: FIXED_NOW };
    const first = await runCli(['import', 'lt-closures', fixturePath('road/lt-eismoinfo/road_closed_2026-04-04T2100_excerpt.csv'), '--at', '2026-04-04T21:00:00Z'], env);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /reports added 10 \(approved\), updated 0, unchanged 0, ended 0/);
    // Raigardas, on the A4 to Grodno: closed by government decision until the end of 2026.
    const raigardas = (await get('road-conditions?lat=53.9444&lng=23.9776&radius=2')).body.data.conditions;
    assert.equal(raigardas.length, 1);
    assert.deepEqual([raigardas[0].condition_type, raigardas[0].severity, raigardas[0].country_code, raigardas[0].description_lang, raigardas[0].geometry.type],
      ['closure', 'critical', 'LT', 'lt', 'LineString']);
    assert.match(raigardas[0].description, /Raigardo PKP uždarymas/);
    assert.equal(raigardas[0].expires_at, '2026-12-31T22:00:00.000Z', 'the end of 31 December, Vilnius time');

    const next = await runCli(['import', 'lt-closures', fixturePath('road/lt-eismoinfo/road_closed_2026-04-13T0541_excerpt.csv'), '--at', '2026-04-13T05:41:00Z'], env);
    assert.match(next.stdout, /reports added 1 \(approved\), updated 1, unchanged 0, ended 8 \(no longer listed\)/, 'the next week: one new, one whose end moved, eight no longer listed (one had expired on its own)');
    deps.versions.poll(); // what the service's data-versions job does every 5 s: the import came from another connection
    assert.deepEqual((await get('road-conditions?lat=53.9444&lng=23.9776&radius=2')).body.data.conditions, [], 'ended in April');
  });

  it('serves the GDDKiA sample with its truck limits while it was in force', async (t) => {
    const { dir, get, setNow } = await appWithKey(t);
    const out = await runCli(['import', 'gddkia', fixturePath('road/gddkia/utrdane_2016-02-25.xml'), '--at', '2016-02-25T08:00:00Z'], { BDDS_DB: `${dir}/bdds.sqlite`, BDDS_NOW: FIXED_NOW });
    assert.equal(out.status, 0, out.stderr);
    setNow('2016-02-25T12:00:00Z');
    const pl = (await get('road-conditions?country=PL')).body.data.conditions;
    assert.deepEqual(pl.map((c: { road_name: string }) => c.road_name).sort(), ['A4', 'DK1'], 'the A4 works ended on 24 February');
    const dk1 = pl.find((c: { road_name: string }) => c.road_name === 'DK1');
    assert.deepEqual([dk1.truck_limits.max_width_m, dk1.truck_limits.speed_limit_kmh, dk1.condition_type], [3.5, 50, 'roadwork']);
  });
});
