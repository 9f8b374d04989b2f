/** Assembles the handler dependencies from the opened resources (server entry and tests alike). */
import type { Logger } from 'pino';
import { createDataVersions } from '../data/data-versions.js';
import { createDayStatsRepo } from '../data/day-stats-repo.js';
import { createDirectoryRepo } from '../data/directory/directory-repo.js';
import { createForecastModelsRepo } from '../data/forecast-models-repo.js';
import { createTooShortRepo } from '../data/too-short-repo.js';
import { createKeysRepo } from '../data/keys-repo.js';
import { createObservationsRepo } from '../data/observations-repo.js';
import { createPlacesRepo } from '../data/places-repo.js';
import { createRoadReportsRepo } from '../data/road-reports-repo.js';
import { createBusRepo } from '../data/bus-repo.js';
import { createFeedsRepo } from '../data/feeds-repo.js';
import { createAlertsRepo } from '../data/alerts-repo.js';
import { loadRules } from '../data/rules-repo.js';
import { loadRoadGraph } from '../data/seed.js';
import { createStatusRepo, type StatusRepo } from '../data/status-repo.js';
import { createImportRunsRepo } from '../data/import-runs-repo.js';
import { createStoreFiguresRepo } from '../data/store-figures-repo.js';
import type { Db } from '../data/store.js';
import type { QuotaStore, RateLimiter } from '../models/access.js';
import { createUsageRepo } from '../data/usage-repo.js';
import { createCounterWriter } from '../services/counter-writer/client.js';
import { createAccountsRepo, createSandboxUsage } from '../data/accounts-repo.js';
import { createAccessControl } from './access/access-control.js';
import { createAuthenticator } from './access/authenticate.js';
import { createLastUsedRecorder } from './access/last-used.js';
import { createTokenBucketLimiter } from './access/rate-limiter.js';
import { createOperationCache } from '../services/operation-cache.js';
import type { Deps, ServiceSettings } from './deps.js';
import type { ServicePool } from '../services/worker/pool.js';

export interface DepsParts {
  db: Db;
  engine: ServicePool;
  log: Logger;
  now: () => Date;
  /** The clock of limits over elapsed time (config.ts `createElapsedClock`); `now` when not given. */
  elapsedNow?: () => Date;
  settings: ServiceSettings;
  /** Usage counters written on this connection, without a writer thread (one call per process: `bdds call`). */
  countersInPlace?: boolean;
  /** Failed authentications allowed per address and window (default FAILED_AUTH_LIMIT). */
  failedAuth?: { max: number; windowMs: number };
  /** Scale-out (api/scale-out.ts): shared counters and limiter, each over the embedded one; the status read as Redis stands. */
  scaleOut?: { quota(local: QuotaStore): QuotaStore; limiter(local: RateLimiter): RateLimiter; status(local: StatusRepo): StatusRepo };
}

export function createDeps(parts: DepsParts) {
  const { failedAuth: _failedAuth, countersInPlace: _inPlace, elapsedNow: _elapsed, scaleOut, db, ...shared } = parts;
  const elapsedNow = parts.elapsedNow ?? parts.now;
  const keys = createKeysRepo(db);
  const lastUsed = createLastUsedRecorder(keys);
  const observations = createObservationsRepo(db, { replay: parts.settings.demoReplay });
  // A store file gets a writer thread for its counters (a held lock then delays only counted calls, never the
  // event loop); an in-memory store (build scripts) and a one-shot command (`bdds call`) write in place.
  const accounts = createAccountsRepo(db);
  const sandbox = createSandboxUsage(db);
  const counters = db.memory || db.readonly || parts.countersInPlace ? createUsageRepo(db) : createCounterWriter(db);
  const authenticator = createAuthenticator({ keys, now: elapsedNow, ...(parts.failedAuth ? { failedAuth: parts.failedAuth } : {}) });
  // A key changed here (portal, CLI in process) is forgotten at once; another process's change within the cache's 5 s.
  keys.changes.on(({ ids }) => authenticator.forget(ids));
  keys.changes.onError = (err) => parts.log.warn({ err }, 'acting on a key change failed');
  const versions = createDataVersions(db, { observations, now: parts.now, replay: parts.settings.demoReplay });
  versions.changes.onError = (err) => parts.log.warn({ err }, 'acting on a data version change failed');
  const deps: Deps = {
    ...shared,
    counters,
    repos: {
      status: scaleOut ? scaleOut.status(createStatusRepo(db)) : createStatusRepo(db),
      keys,
      directory: createDirectoryRepo(db),
      observations,
      dayStats: createDayStatsRepo(db),
      forecastModels: createForecastModelsRepo(db),
      tooShort: createTooShortRepo(db),
      places: createPlacesRepo(db),
      roadReports: createRoadReportsRepo(db),
      bus: createBusRepo(db),
      feeds: createFeedsRepo(db),
      alerts: createAlertsRepo(db),
      accounts,
      sandbox,
      importRuns: createImportRunsRepo(db),
      figures: createStoreFiguresRepo(db),
    },
    access: createAccessControl({
      authenticator,
      quota: scaleOut ? scaleOut.quota(counters) : counters,
      limiter: scaleOut ? scaleOut.limiter(createTokenBucketLimiter()) : createTokenBucketLimiter(),
      now: elapsedNow,
      onUse: lastUsed.record,
      sandbox: {
        quota: sandbox.asQuotaStore(),
        accountOf: (secret) => {
          const account = accounts.sessionAccount(secret, parts.now().toISOString());
          return account && { id: account.id, verified: account.verified_at !== null };
        },
      },
    }),
    versions,
    rules: loadRules(),
    roadGraph: loadRoadGraph(),
    cache: createOperationCache({ now: parts.now }),
  };
  return { deps, lastUsed, authenticator };
}
