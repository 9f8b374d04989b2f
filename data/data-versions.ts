/**
 * Versions of the data that answers depend on, held in memory so that building a cache key costs no
 * query. A version changes only when what it stands for changes: observations added (by this process
 * or by `bdds import` in another one), a typical week or a forecast model stored, and, in demo replay,
 * a recorded reading becoming visible as the clock moves. `refresh()` re-reads the small summary
 * tables; `poll()` does so only when SQLite's `data_version` says another connection committed (or,
 * in replay, always: the visible part of a replayed series moves with the clock).
 */
import { createNotices } from './notices.js';
import type { ObservationsRepo } from './observations-repo.js';
import type { Db } from './store.js';

/** Sent after a read of the versions found something moved. */
export interface VersionsChange {
  /** `refresh`: after this process's own writes; `poll`: another connection's commit (or, in replay, the clock). */
  cause: 'refresh' | 'poll';
  /** A checkpoint's observations, typical week or model (the generation moved). */
  moved: boolean;
  /** A dataset's version (places, road, bus). */
  datasetsMoved: boolean;
  /** Checkpoints whose readings moved (rows added, a newer reading, or in replay a reading revealed): alerts, streams. */
  readingsMoved: string[];
}

export interface DataVersionsOptions {
  observations: ObservationsRepo;
  now: () => Date;
  replay: boolean;
}

export function createDataVersions(db: Db, options: DataVersionsOptions) {
  const seriesStmt = db.prepare('SELECT ppid, sum(rows) AS rows, max(last_ts) AS last_ts FROM series GROUP BY ppid');
  const dayStatsStmt = db.prepare('SELECT ppid, generated_at FROM day_stats');
  const modelsStmt = db.prepare('SELECT ppid, max(generated_at) AS generated_at FROM forecast_models GROUP BY ppid');
  const dataVersionStmt = db.prepare('PRAGMA data_version').pluck();
  const datasetsStmt = db.prepare('SELECT dataset, version FROM dataset_versions');

  let series = new Map<string, string>();
  let dayStats = new Map<string, string>();
  let models = new Map<string, string>();
  /** Per dataset (`places`): bumped by every import that changed it. */
  let datasets = new Map<string, string>();
  /** Bumped whenever any checkpoint's observations, typical week or model changed: answers over all checkpoints. */
  let generation = 0;
  let lastDataVersion = -1;

  function seriesVersions(): Map<string, string> {
    const nowS = Math.floor(options.now().getTime() / 1000);
    const out = new Map<string, string>();
    for (const row of seriesStmt.all() as { ppid: string; rows: number; last_ts: number }[]) {
      let visible = '';
      if (options.replay) {
        const view = options.observations.view(row.ppid, nowS);
        visible = `:${view ? options.observations.latest(view, nowS)?.ts ?? '' : ''}`;
      }
      out.set(row.ppid, `${row.rows}:${row.last_ts}${visible}`);
    }
    return out;
  }

  const mapOf = (rows: unknown[]) => new Map((rows as { ppid: string; generated_at: string }[]).map((r) => [r.ppid, r.generated_at]));
  const sameMap = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

  const changes = createNotices<VersionsChange>();

  /** Re-reads every version; returns true when a checkpoint's moved. A refresh is always noticed; a poll when something moved. */
  function read(cause: VersionsChange['cause']): boolean {
    const next = {
      series: seriesVersions(), dayStats: mapOf(dayStatsStmt.all()), models: mapOf(modelsStmt.all()),
      datasets: new Map((datasetsStmt.all() as { dataset: string; version: number }[]).map((r) => [r.dataset, String(r.version)])),
    };
    const readingsMoved = [...next.series].filter(([ppid, version]) => series.get(ppid) !== version).map(([ppid]) => ppid);
    const changed = !sameMap(next.series, series) || !sameMap(next.dayStats, dayStats) || !sameMap(next.models, models);
    const datasetsMoved = !sameMap(next.datasets, datasets);
    series = next.series;
    dayStats = next.dayStats;
    models = next.models;
    datasets = next.datasets;
    if (changed) generation++;
    if (cause === 'refresh' || changed || datasetsMoved) changes.emit({ cause, moved: changed, datasetsMoved, readingsMoved });
    return changed;
  }
  const refresh = () => read('refresh');

  refresh();
  lastDataVersion = dataVersionStmt.get() as number;

  return {
    /** Notices of every refresh and of every poll that found something moved (scale-out announces them). */
    changes,
    refresh,
    /** Refreshes when another connection has committed since the last poll, or always in replay. */
    poll(): boolean {
      const current = dataVersionStmt.get() as number;
      const foreign = current !== lastDataVersion;
      lastDataVersion = current;
      return foreign || options.replay ? read('poll') : false;
    },
    /** The live data of one checkpoint (its observations and typical week), or of all when `ppid` is absent. */
    live(ppid?: string): string {
      return ppid === undefined ? `g${generation}` : `${series.get(ppid) ?? '-'}|${dayStats.get(ppid) ?? '-'}`;
    },
    /** The stored forecast model of one checkpoint. */
    model(ppid: string): string {
      return models.get(ppid) ?? '-';
    },
    /** The version of a dataset (`places`): fuel stations and prices, national prices, places. */
    dataset(name: string): string {
      return datasets.get(name) ?? '-';
    },
    /** The stored typical week of one checkpoint. */
    dayStats(ppid: string): string {
      return dayStats.get(ppid) ?? '-';
    },
    get generation() {
      return generation;
    },
  };
}

export type DataVersions = ReturnType<typeof createDataVersions>;
