/** Real parts for tests: a SQLite file in a temp folder, a real worker pool, a capturing logger. */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, type TestContext } from 'node:test';
import { Writable } from 'node:stream';
import { buildApp, type AppOptions } from '../../api/app.js';
import { issueKey } from '../../api/access/issue-key.js';
import { createDeps } from '../../api/create-deps.js';
import { createLogger } from '../../api/logger.js';
import type { AnyOperation } from '../../services/operation.js';
import type { FeedSetting } from '../../data/feeds/catalog.js';
import type { PlacesRepo } from '../../data/places-repo.js';
import { seedBundled } from '../../data/seed.js';
import { closeStore, openStore } from '../../data/store.js';
import type { ServicePoolOptions } from '../../services/worker/pool.js';
import { createInlineEngine } from '../../services/worker/inline.js';
import { createServicePool } from '../../services/worker/pool.js';
import { FIXED_NOW, INTERNAL_TOKEN } from './constants.js';
import { storeTemplate } from './store-templates.js';

export { FIXED_NOW, INTERNAL_TOKEN } from './constants.js';

export function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'bdds-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A logger whose lines are kept in `lines` (so tests can assert what was, and was not, logged). */
export function captureLogger(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLogger(level, stream), lines };
}

/** The service pool's time budget per task in tests (production: 5 s). */
export const TEST_TASK_TIMEOUT_MS = 60_000;

export interface TestDepsOptions {
  now?: string;
  /**
   * The bundled directory is always loaded; `history` adds the recorded series; `models` also the typical
   * weeks, forecast models and a status round (computed at FIXED_NOW in replay: only with those settings).
   */
  seed?: { history: boolean; models?: boolean };
  replay?: boolean;
  /**
   * A real worker pool (one lazy thread) instead of the in-process engine; implied by `engine`. The service's
   * tasks run the same either way (services/worker/dispatch.ts, values copied as a thread's are); the pool is
   * what the tests of the pool, its time budget, its metrics and the servers use.
   */
  pool?: boolean;
  engine?: ServicePoolOptions;
  logLevel?: string;
  /** The live feeds the service is configured with (the runner is the test's own). */
  feeds?: readonly FeedSetting[];
  /** Failed authentications allowed per address (suites that send many refused keys from one address). */
  failedAuth?: { max: number; windowMs: number };
  /**
   * The usage counters written by their own thread, as a served store's are (services/counter-writer/): for
   * the suites about counting and the store failing under it. Otherwise they are written in place, on the
   * test's connection, as `bdds call` writes them (data/usage-repo.ts, the same counting rules): a writer
   * thread costs each test that counts ~0.1 s of CPU and ~0.2 s before its first answer.
   */
  counterWriter?: boolean;
}

/** The places the templates hold, by their version, as a copy first read them (see templatePlaces). */
const placesOfTemplates = new Map<number, { stations: ReturnType<PlacesRepo['stations']>; pois: ReturnType<PlacesRepo['pois']> }>();

/**
 * The store's places repository, reading the held stations and places once per process for every copy of a
 * template (~0.5 s each: 28,000 stations, 92,000 prices). The three templates hold the places of the first
 * (build-store-templates.ts), and a copy holds exactly those until an import or clearPlaces bumps their
 * version (every write to them does: the repository's own snapshot relies on it); from then on the repository
 * reads its own store, as it always does. The arrays are read-only as the repository's own are (the service
 * shares them between requests), so the caches kept per held snapshot (indexes, stations by country, city
 * prices) are shared too; countryPrices, eurRate and countries still read the test's store.
 */
function templatePlaces(repo: PlacesRepo): PlacesRepo {
  const copied = repo.version();
  const held = () => {
    if (repo.version() !== copied) return null;
    let places = placesOfTemplates.get(copied);
    if (!places) placesOfTemplates.set(copied, (places = { stations: repo.stations(), pois: repo.pois() }));
    return places;
  };
  return { ...repo, stations: () => held()?.stations ?? repo.stations(), pois: () => held()?.pois ?? repo.pois() };
}

export function createTestDeps(t: TestContext, options: TestDepsOptions = {}) {
  const dir = tempDir(t);
  const path = join(dir, 'bdds.sqlite');
  const seed = options.seed ?? { history: false };
  if (seed.models && ((options.now ?? FIXED_NOW) !== FIXED_NOW || options.replay === false)) {
    throw new Error('the models template is computed at FIXED_NOW in replay');
  }
  // Stores with history start from a template built once per run (copying is ~100x faster than importing).
  copyFileSync(storeTemplate(seed.history ? (seed.models ? 'models' : 'history') : 'base'), path);
  // A copy of a template this run wrote (test/helpers/build-store-templates.ts): no integrity check (~100 ms
  // a test). That a corrupt store is refused is tested where the server opens one (test/api/server.test.ts).
  const db = openStore(path, { integrityCheck: false });
  // A scratch store that goes with its folder: nothing waits for the disk (the first write to a copy synced the
  // new WAL's header, ~20 ms a test here; its last checkpoint too). What a crash leaves is tested on served
  // stores, in processes of their own (the system lane).
  db.pragma('synchronous = OFF');
  seedBundled(db, { history: false });
  // The service's tasks run in process unless a test asks for the pool: a worker thread cost each test that sent
  // a task ~1.5 s of CPU (its modules, the holiday calendars, the road graph; 36 threads a run). A pool's thread
  // starts on the first task. Its task budget is a time limit, and no test asserts a duration: a generous one keeps a
  // loaded machine from turning an answer into 503 engine_timeout (the budget is tested on the engine pool).
  const settings = { dbPath: path, replay: options.replay ?? true };
  const engine = options.pool || options.engine
    ? createServicePool(settings, { threads: 1, lazy: true, taskTimeoutMs: TEST_TASK_TIMEOUT_MS, ...options.engine })
    : createInlineEngine(settings);
  const { log, lines } = captureLogger(options.logLevel ?? 'info');
  const pinned = new Date(options.now ?? FIXED_NOW).getTime();
  const clock = { ms: pinned };
  const { deps, lastUsed } = createDeps({
    db, engine, log,
    now: () => new Date(clock.ms),
    settings: { serviceName: 'Test Border Service', internalToken: INTERNAL_TOKEN, demoReplay: options.replay ?? true, ...(options.feeds ? { feeds: options.feeds } : {}) },
    ...(options.failedAuth ? { failedAuth: options.failedAuth } : {}),
    countersInPlace: !options.counterWriter,
  });
  deps.repos.places = templatePlaces(deps.repos.places);
  t.after(async () => {
    await engine.close();
    await deps.counters.close?.();
    closeStore(db);
  });
  /** Moves the injected clock (tests of day roll-over, revocation latency, refill). */
  const setNow = (iso: string | number) => {
    clock.ms = typeof iso === 'number' ? iso : new Date(iso).getTime();
    deps.versions.refresh();
  };
  return { deps, db, dir, logLines: lines, setNow, lastUsed };
}

/** buildApp on real test deps; closed after the test. */
export async function buildTestApp(t: TestContext, options: TestDepsOptions & { operations?: readonly AnyOperation[]; portal?: AppOptions['portal'] } = {}) {
  const made = createTestDeps(t, options);
  const app = buildApp(made.deps, { ...(options.operations ? { operations: options.operations } : {}), ...(options.portal ? { portal: options.portal } : {}) });
  t.after(() => app.close());
  await app.ready();
  return { app, ...made };
}

/** Issues a key straight into the test store. */
export function makeKey(deps: import('../../api/deps.js').Deps, request: Partial<import('../../api/access/issue-key.js').KeyRequest> = {}) {
  return issueKey(deps.repos.keys, { email: 'dev@example.com', plan: 'explorer', ...request }, deps.now());
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A test app with a Pay As You Grow key and `get(path)` for keyed v1 calls (status and parsed body). */
export async function appWithKey(t: TestContext, options: TestDepsOptions & { operations?: readonly AnyOperation[] } = {}) {
  const built = await buildTestApp(t, options);
  const { key } = makeKey(built.deps, { plan: 'payg', limits: { qps: 10_000 } });
  const get = async (url: string) => {
    const res = await built.app.inject({ url: `/api/v1/data/${url}`, headers: bearer(key) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.statusCode, body: res.json() as any };
  };
  return { ...built, key, get };
}

/**
 * One appWithKey shared by the tests of a file that only ask it (GET: nothing written but the key's usage,
 * which they do not assert), instead of one per test: an app costs ~0.3 s of CPU to build and close, and
 * ~1.3 s more once a product runs on its worker pool (a thread, which loads the models and calendars).
 * `use()` is called in the body of each describe whose tests ask it, and returns what they call instead of
 * appWithKey(t): the app is built when the first of them asks, and closed after the last of those suites.
 */
export function sharedAppWithKey(options: TestDepsOptions = {}) {
  const cleanups: (() => unknown)[] = [];
  let built: ReturnType<typeof appWithKey> | undefined;
  let suites = 0;
  return {
    use() {
      suites++;
      after(async () => {
        if (--suites > 0) return;
        for (const fn of cleanups.reverse()) await fn();
      });
      return () => (built ??= appWithKey({ after: (fn: () => unknown) => void cleanups.push(fn) } as unknown as TestContext, options));
    },
  };
}
