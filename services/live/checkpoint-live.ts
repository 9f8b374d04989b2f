/**
 * The live state of one checkpoint as of the injected clock: the latest reading of its series, the
 * wait, freshness, wait status, the comparison with its typical week and trend, and what kind of data
 * it is (`type_of_data`, `is_realtime`). Shared by every product that shows a reading.
 */
import type { CheckpointRow } from '../../data/directory/directory-repo.js';
import type { ObservationRow, SeriesView } from '../../data/observations-repo.js';
import { freshnessOf, trendOf, vsTypicalOf, waitOf, waitStatusOf, type Freshness, type Trend, type VsTypical, type WaitStatus } from '../../engine/live-status.js';
import { localParts } from '../../engine/local-time.js';
import { notFound } from '../../models/errors.js';
import type { OperationDeps } from '../deps.js';

export interface LiveState {
  checkpoint: CheckpointRow;
  view: SeriesView | null;
  latest: ObservationRow | null;
  queue_now: number | null;
  wait_min: number | null;
  wait_time_estimated: boolean;
  updated_at: string | null;
  age_s: number | null;
  age_min: number | null;
  freshness: Freshness | null;
  data_quality: 'high' | 'low' | null;
  /** How long the wait is, by the vehicle type's thresholds. */
  wait_status: WaitStatus | null;
  /** The reading against this checkpoint's typical week at that weekday and hour. */
  vs_typical: VsTypical | null;
  trend: Trend;
  type_of_data: TypeOfData | null;
  /** A live feed's reading no older than 3 hours (never replayed or imported data). */
  is_realtime: boolean;
}

/**
 * The reading in the typical week's unit (vehicles or wait minutes) and that week's p25/p75 for the
 * reading's local weekday and hour; null without a typical week.
 */
function typicalCell(repos: LiveRepos, checkpoint: CheckpointRow, latest: ObservationRow, waitMin: number | null) {
  const week = repos.dayStats.get(checkpoint.ppid);
  if (!week) return { value: null, cell: null };
  const local = localParts(latest.ts, checkpoint.timezone);
  const cell = { p25: week.stats.lo[local.weekday]?.[local.hour] ?? null, p75: week.stats.hi[local.weekday]?.[local.hour] ?? null };
  return { value: week.unit === 'vehicles' ? latest.queue : waitMin, cell };
}

export const nowSeconds = (deps: OperationDeps) => Math.floor(deps.now().getTime() / 1000);

export type TypeOfData = 'live' | 'replay' | 'imported';

/** What a series' readings are: from a live feed, imported from a file, or the recorded sample replayed. */
export const typeOfDataOf = (view: SeriesView): TypeOfData => (view.sample ? 'replay' : view.realtime ? 'live' : 'imported');

/** Whether a reading `ageS` old is real time: live, and fresh or recent (no older than 3 hours). */
export function isRealtimeOf(type: TypeOfData, ageS: number): boolean {
  const freshness = freshnessOf(Math.max(0, ageS) / 60);
  return type === 'live' && (freshness === 'fresh' || freshness === 'recent');
}

/** The checkpoint or 404 `unknown_ppid`. */
export function checkpointOr404(deps: OperationDeps, ppid: string): CheckpointRow {
  const checkpoint = deps.repos.directory.get(ppid);
  if (!checkpoint) throw notFound(`There is no checkpoint ${ppid}; the checkpoints product lists them.`, 'unknown_ppid');
  return checkpoint;
}

/** The repositories live state reads: the server's, or a worker's own over its read-only connection. */
export type LiveRepos = Pick<OperationDeps['repos'], 'observations' | 'dayStats'>;

/** The live state of `checkpoint` as of `nowS`. */
export function liveState(repos: LiveRepos, checkpoint: CheckpointRow, nowS: number): LiveState {
  const repo = repos.observations;
  const view = repo.view(checkpoint.ppid, nowS);
  const latest = view ? repo.latest(view, nowS) : null;
  if (!view || !latest) {
    return { checkpoint, view, latest: null, queue_now: null, wait_min: null, wait_time_estimated: false, updated_at: null, age_s: null,
      age_min: null, freshness: null, data_quality: null, wait_status: null, vs_typical: null, trend: { trend_percent: null, trend_direction: null },
      type_of_data: null, is_realtime: false };
  }
  const history = repo.range(view, latest.ts - 6 * 3600, latest.ts - 1);
  const { waitMin, estimated } = waitOf(latest);
  const ageS = Math.max(0, nowS - latest.ts);
  const freshness = freshnessOf(ageS / 60);
  const typeOfData = typeOfDataOf(view);
  const typical = typicalCell(repos, checkpoint, latest, waitMin);
  return {
    checkpoint, view, latest,
    queue_now: latest.queue,
    wait_min: waitMin,
    wait_time_estimated: estimated,
    updated_at: new Date(latest.ts * 1000).toISOString(),
    age_s: ageS,
    age_min: Math.floor(ageS / 60),
    freshness,
    data_quality: latest.data_quality,
    wait_status: waitStatusOf(waitMin, checkpoint.crossing_type),
    vs_typical: vsTypicalOf(typical.value, typical.cell),
    trend: trendOf(history, latest),
    type_of_data: typeOfData,
    is_realtime: isRealtimeOf(typeOfData, ageS),
  };
}

/**
 * Cache version of answers built from live state: the observations and typical week of `ppid` (or of
 * every checkpoint). Ages in a cached answer move on for at most the operation's TTL.
 */
export function liveVersion(deps: OperationDeps, ppid?: string): string {
  // The directory's version too: a checkpoint closed or reopened shows at once.
  return `${deps.versions.live(ppid)}|d${deps.repos.directory.version}`;
}

/** The start of the next UTC hour (ms): answers that step by the hour (forecasts, arrival hours) expire then. */
export const nextHourMs = (deps: OperationDeps) => (Math.floor(deps.now().getTime() / 3_600_000) + 1) * 3_600_000;

/**
 * The public page of each upstream feed (the site a reader can check a reading against; not a page per
 * crossing, which none of them offers at a stable address). Keyed by the upstream's name.
 */
export const SOURCE_PAGES: Readonly<Record<string, string>> = Object.freeze({
  echerha: 'https://echerha.gov.ua/',
  dpsu: 'https://dpsu.gov.ua/',
  granica: 'https://granica.gov.pl/',
});

/** The upstream a source stands for: `sample.granica` (the replayed recording) is `granica`. */
export const upstreamOf = (source: string | null | undefined): string | null =>
  source ? (source.startsWith('sample.') ? source.slice(7) : source) : null;

/** The public page of a source (by its upstream), or null. */
export const sourceUrlOf = (source: string | null | undefined): string | null => SOURCE_PAGES[upstreamOf(source) ?? ''] ?? null;

/** The queue products' emptiness (`emptiness` of the operation): no checkpoint has a reading at all. */
export function noReadings(deps: OperationDeps): string | null {
  return deps.repos.observations.ppidsWithData().size === 0
    ? 'holds no queue reading for any checkpoint: no feed or import has supplied one' : null;
}
