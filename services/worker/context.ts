/**
 * What a worker thread reads with: its own read-only connection to the store (WAL lets readers run beside
 * the server's writer) and the repositories over it, opened once when the thread starts. The store's
 * integrity was checked by the server at start.
 */
import { createDayStatsRepo } from '../../data/day-stats-repo.js';
import { createDirectoryRepo } from '../../data/directory/directory-repo.js';
import { createForecastModelsRepo } from '../../data/forecast-models-repo.js';
import { createObservationsRepo } from '../../data/observations-repo.js';
import { createRoadGraphSource } from '../../data/road-graph/road-graph-repo.js';
import { openStore } from '../../data/store.js';

export interface WorkerSettings {
  /** The SQLite file the server serves. */
  dbPath: string;
  /** Demo replay of the bundled sample (as the server's observations repository does). */
  replay: boolean;
}

export function createWorkerContext(settings: WorkerSettings) {
  const db = openStore(settings.dbPath, { readonly: true, integrityCheck: false });
  const directory = createDirectoryRepo(db);
  let directorySeen = 0;
  const roadGraph = createRoadGraphSource(db);
  return {
    db,
    directory,
    /** Reloads this worker's copy of the directory when the server's has moved on (its `version`). */
    syncDirectory(serverVersion: number): void {
      if (serverVersion !== directorySeen) {
        directory.reload();
        directorySeen = serverVersion;
      }
    },
    observations: createObservationsRepo(db, { replay: settings.replay }),
    dayStats: createDayStatsRepo(db),
    forecastModels: createForecastModelsRepo(db),
    /** The network to route on: the newest imported (bdds import osm-roads), else the bundled city graph. */
    get roadGraph() {
      return roadGraph();
    },
  };
}

export type WorkerContext = ReturnType<typeof createWorkerContext>;
