/**
 * The operator dashboard in a real browser: Debian's chromium driven by playwright-core against the real
 * app on a loopback port, over the 'models' store (recorded series, typical weeks and forecast models at
 * FIXED_NOW). What each view shows is compared with the products' own answers, fetched here by the typed
 * tRPC client at /trpc with the internal token (docs/examples/trpc-client.ts).
 */
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../../../api/app.js';
import { addDays, localDate, zonedHourToUtc } from '../../../api/dashboard/client/zoned.js';
import { createDashboardClient } from '../../../docs/examples/trpc-client.js';
import { runCli } from '../../helpers/cli.js';
import { bearer, buildTestApp, FIXED_NOW, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';

const CHROMIUM = process.env.BDDS_CHROMIUM ?? '/usr/bin/chromium';
/** A truck checkpoint leaving Ukraine at Rawa Ruska-Hrebenne: readings, a typical week and a forecast model. */
const PPID = 'id_119';

const cells = (page: Page, selector: string) => page.$$eval(selector, (tds) => tds.map((td) => td.getAttribute('data-value') ?? ''));
const asNumber = (v: string) => (v === '' ? null : Number(v));

describe('the operator dashboard in a browser', () => {
  it('logs in with the token, shows each view from the store as the products answer, and /dashboard needs the session', async (t) => {
    assert.ok(existsSync(CHROMIUM), `no browser at ${CHROMIUM}: apt-get install chromium (or set BDDS_CHROMIUM)`);
    const { app, deps, dir } = await buildTestApp(t, { seed: { history: true, models: true }, engine: { threads: 1 } });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const client = createDashboardClient(url, INTERNAL_TOKEN);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    t.after(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    let session = '';
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && errors.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => errors.push(e.message));

    await t.test('nothing but the log-in form without a session', async () => {
      const page0 = await fetch(`${url}/dashboard`);
      assert.equal(page0.status, 200);
      const html = await page0.text();
      assert.match(html, /<form method="post" action="\/dashboard\/login">/);
      assert.doesNotMatch(html, /dashboard\.js/, 'no script without a session');
      assert.match(page0.headers.get('content-security-policy') ?? '', /script-src 'self'/);
      assert.equal((await fetch(`${url}/dashboard/assets/dashboard.js`)).status, 401);
      const query = `input=${encodeURIComponent(JSON.stringify({ ppid: PPID }))}`;
      assert.equal((await fetch(`${url}/dashboard/trpc/queue?${query}`)).status, 401, 'products need the session');
      assert.equal((await fetch(`${url}/dashboard/ops/overview`)).status, 401, 'operations need the session');
      // An API key is not the token: the dashboard's endpoints read only the session cookie.
      assert.equal((await fetch(`${url}/dashboard/ops/overview`, { headers: bearer(INTERNAL_TOKEN) })).status, 401);
      const wrong = await fetch(`${url}/dashboard/login`, { method: 'POST', body: new URLSearchParams({ token: 'not-the-token-0123456789' }), redirect: 'manual' });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.headers.get('set-cookie'), null);
      // A service without a token has no dashboard at all.
      const offApp = buildApp({ ...deps, settings: { ...deps.settings, internalToken: null } });
      t.after(() => offApp.close());
      const disabled = await offApp.inject({ url: '/dashboard' });
      assert.equal(disabled.statusCode, 503);
      assert.match(disabled.body, /BDDS_INTERNAL_TOKEN/);
      assert.equal((await offApp.inject({ method: 'POST', url: '/dashboard/login', payload: { token: INTERNAL_TOKEN } })).statusCode, 503);
    });

    await t.test('the log-in sets an HttpOnly, SameSite=Strict session cookie; the token never reaches the page', async () => {
      await page.goto(`${url}/dashboard`);
      await page.fill('#token', INTERNAL_TOKEN);
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/dashboard/login')), page.keyboard.press('Enter')]);
      await page.waitForSelector('#view-checkpoint', { state: 'attached' });
      const [cookie] = await context.cookies();
      assert.equal(cookie?.name, 'bdds_dashboard');
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, 'Strict');
      assert.equal(cookie?.path, '/dashboard');
      assert.equal(await page.evaluate('document.cookie'), '', 'scripts cannot read the session');
      assert.ok(!(await page.content()).includes(INTERNAL_TOKEN));
      session = cookie!.value;
      // The session is signed with a key derived from the token: another instance (or this one restarted) with
      // the same token accepts it; one with another token, or a changed session, does not.
      const other = buildApp(deps);
      const rotated = buildApp({ ...deps, settings: { ...deps.settings, internalToken: 'another-internal-token-0123456789' } });
      t.after(() => Promise.all([other.close(), rotated.close()]));
      const clock = (a: typeof other, value: string) => a.inject({ url: '/dashboard/ops/clock', headers: { cookie: `bdds_dashboard=${value}` } });
      assert.equal((await clock(other, session)).statusCode, 200);
      assert.equal((await clock(other, session)).json().result.data.now, deps.now().toISOString(), 'the service clock');
      assert.equal((await clock(rotated, session)).statusCode, 401);
      assert.equal((await clock(other, session.replace(/\.[^.]+$/, '.AAAA'))).statusCode, 401);
    });

    await t.test('checkpoint view: queue per direction and type, the 7 days with the forecast band, the heatmap, the accuracy', async () => {
      const entry = (await client.checkpoints.query({})).data.checkpoints.find((c) => c.ppid === PPID)!;
      await page.goto(`${url}/dashboard#checkpoint/${entry.location_id}/${PPID}`);
      await page.waitForSelector('#cp-accuracy[data-state=ready]');
      await page.waitForSelector('#cp-queue-box[data-state=ready]');

      // Queue now: one row per checkpoint of the crossing, values as `multi` gives them.
      const ppids = (await client.checkpoints.query({})).data.checkpoints.filter((c) => c.location_id === entry.location_id).map((c) => c.ppid);
      const multi = await client.multi.query({ ppids: ppids.join(','), include: 'queue,update-info' });
      const rows = await page.$$eval('#cp-queue tbody tr', (trs) => trs.map((tr) => ({ ppid: tr.getAttribute('data-ppid')!,
        queue: tr.children[2]!.getAttribute('data-value')!, source: tr.children[7]!.textContent!, age: tr.children[9]!.getAttribute('data-value')! })));
      assert.deepEqual(rows.map((r) => r.ppid).sort(), [...ppids].sort());
      for (const r of rows) {
        const m = multi.data[r.ppid]!;
        assert.equal(asNumber(r.queue), m.queue?.found ? m.queue.queue_now : null, `queue of ${r.ppid}`);
        if (m.update_info?.source) assert.ok(r.source.includes(m.update_info.source), `source of ${r.ppid}`);
        if (m.queue?.found) assert.equal(asNumber(r.age), m.update_info?.age_seconds ?? null, `age of ${r.ppid}`);
      }
      assert.equal(await page.locator('#cp-queue tr.selected').getAttribute('data-ppid'), PPID);

      // The forecast band: every step of a 168-hour forecast, mean and both intervals, as `forecast` answers.
      const forecast = await client.forecast.query({ ppid: PPID, prediction_steps: 168 });
      const band = await page.$$eval('#cp-forecast-table tbody tr', (trs) => trs.map((tr) => [Number(tr.getAttribute('data-time')),
        ...[...tr.querySelectorAll('td.num')].map((td) => td.getAttribute('data-value')!)]));
      assert.equal(band.length, 168);
      assert.deepEqual(band, forecast.data.map((s) => [s.time, ...[s.avg_cars, s.lower_bound, s.upper_bound, s.lower_bound_50, s.upper_bound_50].map((v) => (v === null ? '' : String(v)))]));
      const chart = page.locator('#cp-series-chart');
      assert.equal(await chart.getAttribute('data-steps'), '168');
      assert.equal(await chart.locator('svg [aria-label="area"] path').count(), 2, 'the 80 % and 50 % bands');
      assert.ok(await chart.locator('svg [aria-label="line"] path').count() >= 2, 'the forecast mean and the readings');

      // What actually happened: the readings of the last 7 days are the hourly values `stats` gives per local day.
      const now = deps.now().getTime();
      const today = localDate(entry.timezone, now);
      const expected: [number, number | null][] = [];
      for (let i = -7; i <= 0; i++) {
        const day = (await client.stats.query({ ppid: PPID, date: addDays(today, i) })).data;
        for (const hr of day.hourly) {
          const at = zonedHourToUtc(entry.timezone, day.date, hr.hour);
          if (at >= now - 7 * 86_400_000 && at <= now) expected.push([at / 1000, hr.value]);
        }
      }
      expected.sort((a, b) => a[0] - b[0]);
      const readings = await page.$$eval('#cp-readings-table tbody tr', (trs) => trs.map((tr) => [Number(tr.getAttribute('data-time')),
        tr.querySelector('td.num')!.getAttribute('data-value')!] as const));
      assert.ok(readings.length >= 150, `a week of hours (${readings.length})`);
      assert.deepEqual(readings.map(([at, v]) => [at, asNumber(v)]), expected);

      // The heatmap: 7 x 24 cells, each the typical week's median; the best and worst windows marked.
      const stats = (await client.dayStats.query({ ppid: PPID })).data;
      const heat = await cells(page, '#cp-heatmap tbody td');
      assert.equal(heat.length, 168);
      assert.deepEqual(heat.map(asNumber), stats.matrix.flat().map((v) => v ?? null));
      for (const [kind, slots] of [['best', stats.best_slots], ['worst', stats.worst_slots]] as const) {
        for (const s of slots) {
          for (const hour of [s.hour, s.hour + 1]) {
            assert.equal(await page.locator(`#cp-heatmap td[data-dow="${s.dow}"][data-hour="${hour}"]`).getAttribute('class'), kind, `${kind} ${s.dow}:${hour}`);
          }
        }
      }
      assert.match(await page.locator('#cp-windows').innerText(), /Best windows: .*\n?.*Worst windows: /s);

      // Published accuracy: the back-test's figures from `meta.model`.
      const model = forecast.meta?.model as { mae: number; baseline_mae: number; baseline_mean4_mae: number; coverage_80: number };
      assert.deepEqual((await cells(page, '#cp-accuracy-table tbody tr:first-child td.num')).map(Number), [model.mae, model.baseline_mae, model.baseline_mean4_mae]);
      assert.match(await page.locator('#cp-accuracy-summary').innerText(), new RegExp(`80 % interval held ${(model.coverage_80 * 100).toFixed(1)} %`));
    });

    await t.test('map and matrix: every crossing coloured by wait status, and the matrix from a clicked origin', async () => {
      await page.click('#nav-map');
      await page.waitForSelector('#map[data-state=ready]');
      const directory = (await client.checkpoints.query({})).data.checkpoints;
      const locations = new Set(directory.map((c) => c.location_id));
      assert.equal(await page.locator('#map path.cp-marker').count(), locations.size, 'one marker per crossing');
      const border = (await client.border.query({ origin: 1, destination: '2,3,4,5,6', crossing_type: 4 })).data.checkpoints;
      for (const row of border) {
        assert.match(await page.locator(`#map path[data-ppid="${row.ppid}"]`).getAttribute('class') ?? '', new RegExp(`status-${row.wait_status ?? 'none'}\\b`), row.ppid);
      }
      assert.ok(border.some((r) => r.wait_status !== null), 'some crossings have a status to colour');

      // A click in south-eastern Poland, away from the markers: the matrix from that point, fastest first.
      const box = (await page.locator('#map').boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.15, box.y + box.height * 0.25);
      await page.waitForSelector('#matrix[data-state=ready], #matrix[data-state=error]');
      assert.equal(await page.locator('#matrix').getAttribute('data-state'), 'ready', await page.locator('#matrix').innerText());
      const lat = Number(await page.inputValue('#matrix-lat'));
      const lon = Number(await page.inputValue('#matrix-lon'));
      assert.ok(lat > 48 && lat < 53 && lon > 17 && lon < 24, `a click on the map gives the origin (${lat}, ${lon})`);
      const matrix = (await client.travelMatrix.query({ origin_lat: lat, origin_lon: lon, type: 4 })).data.results;
      const shown = await page.$$eval('#matrix-table tbody tr', (trs) => trs.map((tr) => [tr.getAttribute('data-ppid')!,
        ...[...tr.querySelectorAll('td.num')].map((td) => td.getAttribute('data-value')!)]));
      assert.deepEqual(shown, matrix.map((r) => [r.ppid, ...[r.distance_km, r.drive_minutes, r.queue_minutes_at_arrival, r.total_minutes].map((v) => (v === null ? '' : String(v)))]));
      assert.equal(await page.locator('#matrix-chart').getAttribute('data-bars'), String(Math.min(20, matrix.length)));
      const withTotals = matrix.filter((r) => r.total_minutes !== null).map((r) => r.total_minutes!);
      assert.deepEqual(withTotals, [...withTotals].sort((a, b) => a - b), 'sorted by drive + queue at arrival');
      assert.ok(await page.locator('#matrix-chart svg [aria-label="bar"] rect').count() >= Math.min(20, matrix.length));
    });

    await t.test('operations: freshness per source, importer runs, traffic per product, the pool, keys and quota per plan', async () => {
      // An importer run on the served store, by the command (one row imported, one rejected).
      const csv = join(dir, 'bus.csv');
      writeFileSync(csv, 'ppid,carrier,arrived_at,crossed_at\nid_116,FlixBus,2026-11-20T06:40:00+02:00,2026-11-20T09:05:00+02:00\nid_999999,Ghost,2026-11-20T06:40:00Z,2026-11-20T07:00:00Z\n');
      const imported = await runCli(['import', 'bus-crossings', csv], { BDDS_DB: join(dir, 'bdds.sqlite'), BDDS_NOW: FIXED_NOW });
      assert.equal(imported.status, 1, 'a rejected row');
      const { key } = makeKey(deps, { plan: 'payg', limits: { qps: 1_000 } });
      for (let i = 0; i < 2; i++) assert.equal((await fetch(`${url}/api/v1/data/queue?ppid=${PPID}&section=snapshot`, { headers: bearer(key) })).status, 200);
      assert.equal((await fetch(`${url}/api/v1/data/queue?ppid=id_999999`, { headers: bearer(key) })).status, 404);
      await page.click('#nav-ops');
      await page.waitForSelector('#ops-freshness[data-state=ready]');
      await page.waitForSelector('#ops-status[data-state=ready]');
      const sources = await page.$$eval('#ops-sources tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-source')));
      assert.deepEqual(sources, ['sample.dpsu', 'sample.echerha', 'sample.granica']);
      await page.waitForSelector('#ops-imports[data-state=ready]');
      const run = page.locator('#ops-import-runs tbody tr');
      assert.equal(await run.count(), 1, 'the one run of bdds import');
      assert.equal(await run.getAttribute('data-format'), 'bus-crossings');
      assert.equal(await run.getAttribute('data-status'), 'rejected-rows');
      const runCells = await run.locator('td').allInnerTexts();
      assert.deepEqual(runCells.slice(0, 4), [`${FIXED_NOW.slice(0, 10)} ${FIXED_NOW.slice(11, 16)}`, 'bus-crossings', 'bus.csv', 'rejected-rows']);
      assert.deepEqual(await cells(page, '#ops-import-runs tbody td.num'), ['2', '1', '0', '1'], 'rows read, imported, duplicates, rejected');
      assert.equal(await run.locator('td.num.rejected .badge-red').innerText(), '1', 'rejected rows highlighted');
      const queueRow = page.locator('#ops-traffic tr[data-operation="queue"] td.num');
      // Four: these three and the refused one without a session at the start (tRPC, 401).
      assert.equal(await queueRow.nth(0).getAttribute('data-value'), '4', 'four queue calls in the window');
      assert.equal(await queueRow.nth(2).getAttribute('data-value'), '2', 'two of them 4xx');
      assert.ok(Number(await queueRow.nth(6).getAttribute('data-value')) > 0, 'a p50 latency');
      assert.ok(await page.locator('#ops-traffic tr[data-operation="forecast"]').count(), 'the dashboard\'s own calls count too');
      // Pay As You Grow: the 3 calls (a 404 counts) against the default 10,000 standard units a day.
      assert.equal(await page.locator('#ops-plans tr[data-plan="payg"][data-class="standard"] td.num').first().getAttribute('data-value'), '3');
      assert.equal(await page.locator('#ops-plans tr[data-plan="payg"][data-class="standard"] td.num').nth(1).getAttribute('data-value'), '10000');
      assert.equal(await page.locator('#ops-keys tr[data-plan="payg"] td.num').first().getAttribute('data-value'), '1');
      assert.equal(await page.locator('#ops-engine-figures dd').first().getAttribute('data-value'), '1', 'one worker thread');
      assert.equal(await page.locator('#ops-status-table tbody tr').count(), Object.keys((await client.status.query({})).data.products).length);
      assert.match(await page.locator('#ops-feeds-note').innerText(), /polls no live feed/, 'the demo says it polls no feed');
    });

    await t.test('logging out ends the session', async () => {
      await Promise.all([page.waitForURL(`${url}/dashboard`), page.click('header form button')]);
      assert.equal(await page.locator('#token').count(), 1, 'the log-in form again');
      assert.equal((await context.cookies()).length, 0);
      const after = await fetch(`${url}/dashboard/ops/clock`, { headers: { cookie: `bdds_dashboard=${session}` } });
      assert.equal(after.status, 401, 'the session is refused after logging out');
      assert.deepEqual(errors, [], 'no console errors or warnings');
    });
  });
});
