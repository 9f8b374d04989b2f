/** Assembles the handler dependencies from the opened resources (server entry and tests alike). */
import type { Logger } from 'pino';
import { createDataVersions } from '../data/data-versions.js';
import { createDayStatsRepo } from '../data/day-stats-repo.js';
import { createDirectoryRepo } from '../data/directory/directory-repo.js';
import { createForecastModelsRepo } from '../data/forecast-models-repo.js';
import { createKeysRepo } from '../data/keys-repo.js';
import { createObservationsRepo } from '../data/observations-repo.js';
import { createPlacesRepo } from '../data/places-repo.js';
import { createRoadReportsRepo } from '../data/road-reports-repo.js';
import { createBusRepo } from '../data/bus-repo.js';
import { loadRules } from '../data/rules-repo.js';
import { loadRoadGraph } from '../data/seed.js';
import { createStatusRepo } from '../data/status-repo.js';
import type { Db } from '../data/store.js';
import type { QuotaStore, RateLimiter } from '../models/access.js';
import { createUsageRepo } from '../data/usage-repo.js';
import { createCounterWriter } from '../data/counter-writer/client.js';
import { createAccountsRepo, createSandboxUsage } from '../data/accounts-repo.js';
import { createAccessControl } from './access/access-control.js';
import { createAuthenticator } from './access/authenticate.js';
import { createLastUsedRecorder } from './access/last-used.js';
import { createTokenBucketLimiter } from './access/rate-limiter.js';
import { createOperationCache } from './pipeline/cache.js';
import type { Deps, ServiceSettings } from './deps.js';
import type { ServicePool } from './service-pool.js';

export interface DepsParts {
  db: Db;
  engine: ServicePool;
  log: Logger;
  now: () => Date;
  settings: ServiceSettings;
  /** Failed authentications allowed per address and window (default FAILED_AUTH_LIMIT). */
  failedAuth?: { max: number; windowMs: number };
  /** Scale-out (issue 21, api/scale-out.ts): shared counters and limiter, each over the embedded one. */
  scaleOut?: { quota(local: QuotaStore): QuotaStore; limiter(local: RateLimiter): RateLimiter };
}

export function createDeps(parts: DepsParts) {
  const keys = createKeysRepo(parts.db);
  const lastUsed = createLastUsedRecorder(keys);
  const observations = createObservationsRepo(parts.db, { replay: parts.settings.demoReplay });
  const { failedAuth: _failedAuth, scaleOut, ...shared } = parts;
  // A store file gets a writer thread for its counters; an in-memory store (build scripts) writes in place.
  const accounts = createAccountsRepo(parts.db);
  const sandbox = createSandboxUsage(parts.db);
  const counters = parts.db.memory || parts.db.readonly ? createUsageRepo(parts.db) : createCounterWriter(parts.db);
  const authenticator = createAuthenticator({ keys, now: parts.now, ...(parts.failedAuth ? { failedAuth: parts.failedAuth } : {}) });
  const deps: Deps = {
    ...shared,
    counters,
    repos: {
      status: createStatusRepo(parts.db),
      keys,
      directory: createDirectoryRepo(parts.db),
      observations,
      dayStats: createDayStatsRepo(parts.db),
      forecastModels: createForecastModelsRepo(parts.db),
      places: createPlacesRepo(parts.db),
      roadReports: createRoadReportsRepo(parts.db),
      bus: createBusRepo(parts.db),
      accounts,
      sandbox,
    },
    access: createAccessControl({
      authenticator,
      quota: scaleOut ? scaleOut.quota(counters) : counters,
      limiter: scaleOut ? scaleOut.limiter(createTokenBucketLimiter()) : createTokenBucketLimiter(),
      now: parts.now,
      onUse: lastUsed.record,
      sandbox: {
        quota: sandbox.asQuotaStore(),
        accountOf: (secret) => {
          const account = accounts.sessionAccount(secret, parts.now().toISOString());
          return account && { id: account.id, verified: account.verified_at !== null };
        },
      },
    }),
    versions: createDataVersions(parts.db, { observations, now: parts.now, replay: parts.settings.demoReplay }),
    rules: loadRules(),
    roadGraph: loadRoadGraph(),
    cache: createOperationCache(),
  };
  return { deps, lastUsed, authenticator };
}
