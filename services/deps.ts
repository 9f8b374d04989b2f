/**
 * What an operation handler, a job or the worker's caller receives instead of a request: the clock, the
 * repositories products read (and the jobs write their results to), the data versions, the pool, the
 * rules, the road graph, the settings, the log and the answer cache. Built once by the composition root
 * (api/create-deps.ts) or a test. No raw connection: every statement lives in a repository (data/).
 */
import type { Logger } from 'pino';
import type { AlertsRepo } from '../data/alerts-repo.js';
import type { DataVersions } from '../data/data-versions.js';
import type { DayStatsRepo } from '../data/day-stats-repo.js';
import type { DirectoryRepo } from '../data/directory/directory-repo.js';
import type { ForecastModelsRepo } from '../data/forecast-models-repo.js';
import type { TooShortRepo } from '../data/too-short-repo.js';
import type { ObservationsRepo } from '../data/observations-repo.js';
import type { PlacesRepo } from '../data/places-repo.js';
import type { RoadReportsRepo } from '../data/road-reports-repo.js';
import type { BusRepo } from '../data/bus-repo.js';
import type { FeedSetting } from '../data/feeds/catalog.js';
import type { FeedsRepo } from '../data/feeds-repo.js';
import type { Rules } from '../data/rules-repo.js';
import type { StatusRepo } from '../data/status-repo.js';
import type { RoadGraphData } from '../engine/routing/graph.js';
import type { OperationCache } from './operation-cache.js';
import type { ServicePool } from './worker/pool.js';
import type { PhrasingConfig } from './assistant/phrasing.js';

export interface ServiceSettings {
  /** Shown in `attribution` ("Data by <name>"). */
  serviceName: string;
  /** Secret guarding /trpc; null disables tRPC access. */
  internalToken: string | null;
  /** Recorded series are replayed shifted to the present (demo); labelled `replay`. */
  demoReplay: boolean;
  /** The assistant's optional language model, for phrasing only (services/assistant/phrasing.ts); absent: off. */
  assistantLlm?: PhrasingConfig | null;
  /** The live feeds this service polls (none: it serves what was imported). */
  feeds?: readonly FeedSetting[];
  /** Webhooks may reach plain http, private and loopback addresses (BDDS_WEBHOOK_ALLOW_PRIVATE=1: tests, a closed network). */
  webhookAllowPrivate?: boolean;
}

/** The repositories of the products' data. Keys, accounts and usage are the pipeline's and portal's (api/deps.ts). */
export interface OperationRepos {
  status: StatusRepo;
  directory: DirectoryRepo;
  observations: ObservationsRepo;
  dayStats: DayStatsRepo;
  forecastModels: ForecastModelsRepo;
  tooShort: TooShortRepo;
  places: PlacesRepo;
  roadReports: RoadReportsRepo;
  bus: BusRepo;
  /** The live feeds' state (`/status` shows it). */
  feeds: FeedsRepo;
  /** Keys' alerts and the outbox of their webhook events. */
  alerts: AlertsRepo;
}

export interface OperationDeps {
  /** The injected clock: nothing below the server entry calls Date.now(). */
  now: () => Date;
  settings: ServiceSettings;
  repos: OperationRepos;
  /** In-memory versions of what answers depend on (cache keys). */
  versions: DataVersions;
  /** The prebuilt E-road graph the travel matrix routes over. */
  roadGraph: RoadGraphData;
  /** Truck-ban and trading-Sunday rule files, validated at start. */
  rules: Rules;
  /** The worker pool: whole computations from ids (services/worker/). */
  engine: ServicePool;
  /** Answers by operation and input: the pipeline's cache, and the products the assistant composes from. */
  cache: OperationCache;
  log: Logger;
}
