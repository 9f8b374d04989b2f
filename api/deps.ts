/** What an operation handler receives instead of a request. Built once by the server entry (or a test). */
import type { Logger } from 'pino';
import type { Db } from '../data/store.js';
import type { DataVersions } from '../data/data-versions.js';
import type { DayStatsRepo } from '../data/day-stats-repo.js';
import type { DirectoryRepo } from '../data/directory/directory-repo.js';
import type { ForecastModelsRepo } from '../data/forecast-models-repo.js';
import type { KeysRepo } from '../data/keys-repo.js';
import type { AccountsRepo, SandboxUsage } from '../data/accounts-repo.js';
import type { ObservationsRepo } from '../data/observations-repo.js';
import type { PlacesRepo } from '../data/places-repo.js';
import type { RoadReportsRepo } from '../data/road-reports-repo.js';
import type { QuotaStore } from '../models/access.js';
import type { BusRepo } from '../data/bus-repo.js';
import type { Rules } from '../data/rules-repo.js';
import type { StatusRepo } from '../data/status-repo.js';
import type { RoadGraphData } from '../engine/routing/graph.js';
import type { AccessControl } from './access/access-control.js';
import type { OperationCache } from './pipeline/cache.js';
import type { ServicePool } from './service-pool.js';
import type { PhrasingConfig } from './assistant/phrasing.js';

export interface ServiceSettings {
  /** Shown in `attribution` ("Data by <name>"). */
  serviceName: string;
  /** Secret guarding /trpc; null disables tRPC access. */
  internalToken: string | null;
  /** Recorded series are replayed shifted to the present (demo); labelled `replay`. */
  demoReplay: boolean;
  /** The assistant's optional language model, for phrasing only (api/assistant/phrasing.ts); absent: off. */
  assistantLlm?: PhrasingConfig | null;
}

export interface Deps {
  /** The injected clock: nothing below the server entry calls Date.now(). */
  now: () => Date;
  settings: ServiceSettings;
  db: Db;
  repos: { status: StatusRepo; keys: KeysRepo; directory: DirectoryRepo; observations: ObservationsRepo; dayStats: DayStatsRepo;
    forecastModels: ForecastModelsRepo; places: PlacesRepo; roadReports: RoadReportsRepo; bus: BusRepo;
    accounts: AccountsRepo; sandbox: SandboxUsage };
  /** In-memory versions of what answers depend on (cache keys). */
  versions: DataVersions;
  /** The prebuilt E-road graph the travel matrix routes over. */
  roadGraph: RoadGraphData;
  /** Truck-ban and trading-Sunday rule files, validated at start. */
  rules: Rules;
  /** Keys, per-second limits and daily quotas for keyed products. */
  access: AccessControl;
  /** The worker pool: whole computations from ids (api/worker/). */
  engine: ServicePool;
  /** The usage counters' writer (its own thread and connection for a store file: data/counter-writer/). */
  counters: QuotaStore & { close?(): Promise<void>; exec?(sql: string): Promise<void> };
  cache: OperationCache;
  log: Logger;
}
