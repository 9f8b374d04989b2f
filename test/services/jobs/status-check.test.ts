import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { createScheduler } from '../../../services/jobs/scheduler.js';
import { runDayStats } from '../../../services/jobs/day-stats-job.js';
import { runForecastModels } from '../../../services/jobs/forecast-job.js';
import { PARTLY_READINGS_PRODUCTS, READINGS_PRODUCTS, STALE_AFTER_S } from '../../../services/jobs/product-health.js';
import { runStatusChecks } from '../../../services/jobs/status-check.js';
import { parseGenericCsv } from '../../../data/importers/generic.js';
import { importFeeds } from '../../../data/importers/run-import.js';
import { parseTexts, writeParsed } from '../../../data/importers/ingest.js';
import { countryFuel } from '../../../services/places/country-prices.js';
import { importPlaces } from '../../../data/importers/places/run.js';
import type { PoiRecord } from '../../../models/places.js';
import { createResolver } from '../../../data/importers/resolve.js';
import { defineOperation } from '../../../services/operation.js';
import { operations } from '../../../services/registry.js';
import { notFound } from '../../../models/errors.js';
import { buildTestApp, captureLogger } from '../../helpers/deps.js';
import { clearPlaces, feed, poi } from '../../helpers/places.js';
import { explode, probe, quantiles } from '../../helpers/test-operations.js';

let emptyCalls = 0;
const empty = defineOperation({
  name: 'empty', slug: 'empty', summary: 'Has no data (tests only)', versions: [1], access: 'public', quotaClass: 'standard',
  input: z.object({}), output: z.object({}), cacheTtlMs: 0, selfCheck: () => ({}),
  handler() {
    emptyCalls++;
    throw notFound('Nothing is held yet.', 'no_data');
  },
});

/** Resolves once `done()` holds (checked every 10 ms); a test's own time-out fails one that never does. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 10));
}

/** A round of the named products' checks, and /status's products as the app then answers them. */
function statusRound(built: Pick<Awaited<ReturnType<typeof buildTestApp>>, 'app' | 'deps'>, slugs: readonly string[]) {
  // The products asserted only: a round of every product's check costs seconds, and each is checked alike.
  const asserted = operations.filter((op) => slugs.includes(op.slug));
  return async () => {
    await runStatusChecks(asserted, built.deps);
    return (await built.app.inject('/api/v1/data/status')).json().data.products as Record<string, { status: string; reason: string | null; detail: string }>;
  };
}

describe('status job', () => {
  it('exercises each product and stores online, degraded and offline with details', async (t) => {
    const ops = [...operations, probe, explode, quantiles, empty];
    const { app, deps } = await buildTestApp(t, { operations: ops, seed: { history: true, models: true } });
    const checks = await runStatusChecks(ops, deps);
    // Every product with a self-check (not the writes on a key's own alerts).
    assert.equal(checks.length, ops.filter((op) => op.selfCheck !== null).length);
    assert.ok(checks.length > 20);
    const body = (await app.inject('/api/v1/data/status')).json();
    const products = body.data.products;
    assert.equal(products.probe.status, 'online');
    assert.equal(products.quantiles.status, 'online', 'the product that runs on the worker pool answered');
    assert.equal(products.probe.reason, null, 'online: no reason');
    assert.equal(products.explode.status, 'offline');
    assert.equal(products.explode.reason, 'failed');
    assert.equal(products.explode.detail, 'the self-check failed with an internal error', 'no internal text leaks');
    assert.equal(products.empty.status, 'degraded');
    assert.equal(products.empty.reason, 'no_data', 'a not_found answer to its own check: nothing held');
    assert.equal(products.empty.detail, 'Nothing is held yet.');
    const statuses = Object.values(products as Record<string, { status: string; detail: string | null }>);
    assert.deepEqual(body.data.summary, { total: checks.length, online: statuses.filter((p) => p.status === 'online').length,
      degraded: statuses.filter((p) => p.status === 'degraded').length, offline: 1 }, 'the summary counts the products');
    // The shipped products answer; on a loaded machine one may be slower than the threshold (degraded: slow), never
    // failing. Two hold nothing in this store, and say so instead of calling themselves online; those answering from
    // the queue readings have only the recorded sample replayed to the present here, and say that.
    const holdingNothing: Record<string, RegExp> = {
      'road-conditions': /^holds no road report in force/,
      'bus-carriers': /^holds no bus crossing record: carrier statistics have no source yet/,
    };
    for (const op of operations.filter((o) => o.selfCheck !== null)) {
      const p = products[op.slug];
      if (holdingNothing[op.slug]) {
        assert.deepEqual([p.status, p.reason], ['degraded', 'no_data'], op.slug);
        assert.match(p.detail, holdingNothing[op.slug]!);
        continue;
      }
      if (op.slug === 'fuel' || op.slug === 'fuel-cities') {
        // The bundled prices are months old at the test clock: the latest known, not current.
        assert.deepEqual([p.status, p.reason], ['degraded', 'stale_source'], op.slug);
        assert.match(p.detail, /^no fuel price held is current/);
        continue;
      }
      if (op.slug === 'restaurants' || op.slug === 'pois') {
        // The bundled places: Belgium's parkings and services, Ukraine's supermarkets, Italy's and Poland's fuel stations.
        assert.deepEqual([p.status, p.reason], ['degraded', 'partial_coverage'], op.slug);
        assert.match(p.detail, op.slug === 'restaurants' ? /^holds restaurants for BE only: none for UA, PL, SK, HU, RO, MD, where checkpoints are/
          : /^holds places for BE, IT, PL, UA only: none for SK, HU, RO, MD, where checkpoints are/);
        continue;
      }
      if (READINGS_PRODUCTS.has(op.slug)) {
        assert.deepEqual([p.status, p.reason], ['degraded', 'replay_only'], op.slug);
        assert.match(p.detail, /^answers only from the recorded sample replayed to the present/);
        continue;
      }
      if (op.slug === 'assistant') {
        // Its queue answers are the replayed sample's: not online, and the detail says which answers.
        assert.deepEqual([p.status, p.reason], ['degraded', 'replay_only'], op.slug);
        assert.match(p.detail, /^its answers on queues, waits, forecasts and the fastest crossing \(not those on truck bans, holidays or places\): answers only from the recorded sample/);
        continue;
      }
      assert.ok((p.status === 'online' && p.reason === null) || (p.status === 'degraded' && p.reason === 'slow' && /^slow: answered in \d+ ms$/.test(p.detail)),
        `${op.slug}: ${p.status} ${p.reason} ${p.detail}`);
    }
    assert.equal(body.data.overall, 'degraded');
    assert.equal(body.data.checked_at, '2026-11-22T10:00:00.000Z', 'the injected clock stamps the checks');
  });

  it('tells the truth about the readings: no_data without any, stale_source when the newest is old, online when current', async (t) => {
    const built = await buildTestApp(t, { replay: false });
    const { deps, db, setNow } = built;
    const NOW = Date.parse('2026-11-22T10:00:00.000Z');
    setNow(NOW);
    const round = statusRound(built, ['queue', 'update-info', 'border', 'multi', 'road-conditions', 'assistant']);
    const empty = await round();
    for (const slug of ['queue', 'update-info', 'border', 'multi']) assert.deepEqual([empty[slug]!.status, empty[slug]!.reason], ['degraded', 'no_data'], slug);
    assert.deepEqual([empty['road-conditions']!.status, empty['road-conditions']!.reason], ['degraded', 'no_data'], 'road-conditions holds nothing');
    const importAt = (ms: number) => {
      importFeeds(db, [parseGenericCsv(`ppid,time,queue\nid_129,${new Date(ms).toISOString()},12\n`, 'r.csv')], createResolver(deps.repos.directory));
      deps.versions.refresh();
    };
    importAt(NOW - (STALE_AFTER_S + 3600) * 1000);
    const stale = await round();
    assert.deepEqual([stale.queue!.status, stale.queue!.reason], ['degraded', 'stale_source']);
    assert.match(stale.queue!.detail, /the newest is 4 h old/);
    importAt(NOW - 600_000);
    const current = await round();
    assert.deepEqual([current.queue!.status, current.queue!.reason], ['online', null], 'a current imported reading: online');
    assert.deepEqual([current['road-conditions']!.status, current['road-conditions']!.reason], ['degraded', 'no_data']);
    assert.deepEqual([empty.assistant!.reason, stale.assistant!.reason, current.assistant!.reason], ['no_data', 'stale_source', null],
      'the assistant follows the readings');
    assert.equal(current.assistant!.status, 'online');
  });

  it('keeps the readings products replay_only while the replayed sample still answers for some checkpoints beside an imported one', async (t) => {
    const built = await buildTestApp(t, { seed: { history: true } });
    const { deps, db } = built;
    // Two current readings imported for one checkpoint; the sample answers for every other.
    const at = deps.now().getTime();
    importFeeds(db, [parseGenericCsv(`ppid,time,queue\nid_114,${new Date(at - 1_200_000).toISOString()},12\nid_114,${new Date(at - 600_000).toISOString()},14\n`, 'r.csv')],
      createResolver(deps.repos.directory));
    deps.versions.refresh();
    const products = await statusRound(built, ['queue', 'border'])();
    for (const slug of ['queue', 'border']) {
      assert.deepEqual([products[slug]!.status, products[slug]!.reason], ['degraded', 'replay_only'], `${slug}: ${products[slug]!.detail}`);
      assert.match(products[slug]!.detail, /^answers for \d+ of the \d+ checkpoints with readings from the recorded sample replayed to the present \(type_of_data "replay"\); 1 have live or imported readings$/);
    }
  });

  it('calls fuel and fuel-cities degraded (stale_source) while no price held is current, and online once one is', async (t) => {
    const built = await buildTestApp(t);
    const { deps, db } = built;
    const round = statusRound(built, ['fuel', 'fuel-cities']);
    const held = deps.repos.places.countries();
    assert.ok(held.every((c) => countryFuel(deps, c, 'en').current !== true), 'the bundled prices are all older than the limit at the test clock');
    const stale = await round();
    for (const slug of ['fuel', 'fuel-cities']) {
      assert.deepEqual([stale[slug]!.status, stale[slug]!.reason], ['degraded', 'stale_source'], slug);
      assert.match(stale[slug]!.detail, /^no fuel price held is current \(older than 45 days; the newest: [A-Z]{2} of \d{4}-\d{2}-\d{2}, \d+ days old\)/);
    }
    // A station's price reported yesterday makes its country's prices current.
    const csv = 'source_id,name,brand,address,city,country,lat,lon,services,grade,local_name,price,currency,reported_at,self_service\n' +
      'it-1,Stazione,Brand,Via Roma 1,Milano,IT,45.4642,9.19,,diesel,Gasolio,1.699,EUR,2026-11-21T08:00:00Z,\n';
    writeParsed(db, parseTexts('fuel-csv', [{ text: csv, file: 's.csv' }], { at: deps.now(), source: 'acme' }), { at: deps.now(), now: deps.now() });
    deps.versions.refresh();
    const current = await round();
    for (const slug of ['fuel', 'fuel-cities']) assert.deepEqual([current[slug]!.status, current[slug]!.reason], ['online', null], slug);
  });

  it('calls restaurants and pois degraded (partial_coverage) until places are held in every country with checkpoints, no_data without any', async (t) => {
    const built = await buildTestApp(t);
    const { deps, db } = built;
    const round = statusRound(built, ['restaurants', 'pois']);
    const load = (pois: PoiRecord[]) => {
      importPlaces(db, [feed('osm', { pois })], { now: deps.now() });
      deps.versions.refresh();
    };
    clearPlaces(db);
    deps.versions.refresh();
    const none = await round();
    for (const slug of ['restaurants', 'pois']) assert.deepEqual([none[slug]!.status, none[slug]!.reason], ['degraded', 'no_data'], slug);
    assert.match(none.restaurants!.detail, /^holds no restaurants for any country/);
    // A restaurant in Poland and a parking in Ukraine: each product covers one of the six countries.
    load([poi('r-pl', 'restaurant', 50.04, 22.99, { country_code: 'PL' }), poi('p-ua', 'parking', 49.8, 24.0, { country_code: 'UA' })]);
    const part = await round();
    assert.deepEqual([part.restaurants!.status, part.restaurants!.reason], ['degraded', 'partial_coverage']);
    assert.match(part.restaurants!.detail, /^holds restaurants for PL only: none for UA, SK, HU, RO, MD, where checkpoints are/);
    assert.match(part.pois!.detail, /^holds places for PL, UA only: none for SK, HU, RO, MD,/, 'pois counts places of every kind');
    // Places of each kind in every country of the checkpoints: online.
    const countries = { UA: [49.8, 24.0], SK: [48.7, 21.2], HU: [48.1, 20.8], RO: [47.7, 23.6], MD: [47.0, 28.8] } as const;
    load(Object.entries(countries).map(([c, [lat, lon]]) => poi(`r-${c}`, 'restaurant', lat, lon, { country_code: c })));
    const full = await round();
    for (const slug of ['restaurants', 'pois']) assert.deepEqual([full[slug]!.status, full[slug]!.reason], ['online', null], slug);
  });

  it('lists as readings products only registered products', () => {
    const slugs = new Set(operations.map((op) => op.slug));
    for (const slug of [...READINGS_PRODUCTS, ...PARTLY_READINGS_PRODUCTS.keys()]) assert.ok(slugs.has(slug), slug);
  });

  it('never runs a check on request: status only reads what the job stored', async (t) => {
    const ops = [...operations, empty];
    const { app, deps } = await buildTestApp(t, { operations: ops });
    await runStatusChecks(ops, deps);
    const before = emptyCalls;
    for (let i = 0; i < 5; i++) assert.equal((await app.inject('/api/v1/data/status')).statusCode, 200);
    assert.equal(emptyCalls, before);
  });

  it('shows a new round of checks at once (the stored round is the cache version)', async (t) => {
    const { app, deps } = await buildTestApp(t, { operations: [...operations, probe] });
    await runStatusChecks([...operations, probe], deps);
    assert.ok((await app.inject('/api/v1/data/status')).json().data.products.probe);
    await runStatusChecks(operations, deps);
    assert.equal((await app.inject('/api/v1/data/status')).json().data.products.probe, undefined, 'products no longer registered disappear');
  });

  it('runs once at start and then on its interval, never overlapping', async () => {
    const { log } = captureLogger();
    const scheduler = createScheduler(log);
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    await scheduler.start({
      name: 'tick', intervalMs: 20, run: async () => {
        runs++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((r) => setTimeout(r, 50));
        concurrent--;
      },
    });
    assert.equal(runs, 1, 'the first run finished before start resolved');
    await until(() => runs >= 3);
    await scheduler.close();
    const after = runs;
    assert.equal(maxConcurrent, 1);
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(runs, after, 'no run after close');
  });

  it('delays the first run of a job whose results are still fresh, then keeps its interval', async () => {
    const scheduler = createScheduler(captureLogger().log);
    const at: number[] = [];
    const t0 = Date.now();
    await scheduler.start({ name: 'daily', intervalMs: 40, run: async () => void at.push(Date.now() - t0) }, { firstRunInMs: 80 });
    assert.equal(at.length, 0, 'start resolves at once without running');
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(at.length, 0, 'still fresh');
    await until(() => at.length >= 2);
    await scheduler.close();
    assert.ok(at[0]! >= 75, `the first run waited until due (${at[0]} ms)`);
  });

  it('tells a running job to stop when it closes; the long jobs stop between units and a cut round stores nothing', async (t) => {
    const scheduler = createScheduler(captureLogger().log);
    let seen: AbortSignal | null = null;
    await new Promise<void>((started) => void scheduler.start({
      name: 'long', intervalMs: 60_000,
      // Ends only when told to: close() would wait for ever without the signal.
      run: (signal) => new Promise((done) => {
        seen = signal;
        started();
        signal.addEventListener('abort', done);
      }),
    }));
    assert.equal(seen!.aborted, false);
    await scheduler.close();
    assert.equal(seen!.aborted, true);

    const { deps } = await buildTestApp(t, { seed: { history: true, models: true } });
    const round = deps.repos.status.all();
    const stopped = AbortSignal.abort();
    assert.deepEqual(await runStatusChecks(operations, deps, stopped), []);
    assert.deepEqual(deps.repos.status.all(), round, 'the last whole round stands');
    assert.deepEqual(await runDayStats(deps, stopped), { stored: 0, removed: 0 });
    assert.deepEqual(await runForecastModels(deps, stopped), { fitted: 0, removed: 0 });
    assert.ok(deps.repos.dayStats.oldestGeneratedAt() !== null, 'the stored weeks are kept');
  });
});
