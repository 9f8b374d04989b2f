/** `update-info`: when a checkpoint was last updated, by which source, and how fresh that is. */
import { sourceLabel } from '../../models/labels.js';
import type { Lang } from '../../models/languages.js';
import { UpdateInfoInput, UpdateInfo } from '../../models/queue.js';
import type { OperationDeps } from '../deps.js';
import { checkpointOr404, liveState, liveVersion, nowSeconds, sourceUrlOf, upstreamOf, type LiveState, noReadings } from '../live/checkpoint-live.js';
import { defineOperation } from '../operation.js';

/** The update-info object of a live state (also used by `multi`), its `source_label` in `lang`. */
export function updateInfoOf(live: LiveState, lang: Lang = 'en'): UpdateInfo {
  const base = {
    timezone: live.checkpoint.timezone,
    source: live.view?.source ?? null,
    source_category: live.view?.category ?? null,
    source_label: live.view ? sourceLabel(live.view.source, live.view.label, lang) : null,
    source_label_en: live.view?.label ?? null,
    origin: upstreamOf(live.view?.source),
    source_url: sourceUrlOf(live.view?.source),
  };
  if (!live.latest) {
    return { found: false, status: live.view ? 'no_reading_yet' : 'no_observations', queue_now: null, timestamp: null, datetime: null,
      age_seconds: null, age_minutes: null, age_hours: null, freshness: null, is_realtime: false, type_of_data: null, data_quality: null, ...base };
  }
  return {
    found: true,
    queue_now: live.queue_now,
    timestamp: live.latest.ts,
    datetime: live.updated_at,
    age_seconds: live.age_s,
    age_minutes: live.age_min,
    age_hours: live.age_s === null ? null : Math.round(live.age_s / 360) / 10,
    freshness: live.freshness,
    is_realtime: live.is_realtime,
    type_of_data: live.type_of_data,
    data_quality: live.data_quality,
    ...base,
  };
}

export const updateInfo = defineOperation({
  name: 'updateInfo',
  slug: 'update-info',
  summary: 'When a checkpoint was last updated, by which source, and how fresh it is',
  description: 'Freshness bands on the age of the latest reading: fresh <= 30 min, recent <= 3 h, stale <= 24 h, outdated beyond. ' +
    '`found:false` with a `status` when the checkpoint is monitored but holds no reading. `is_realtime` is true for a live ' +
    'feed\'s reading no older than 3 hours (replayed and imported data: false; `type_of_data` says which). `origin` names the ' +
    'upstream feed (also for its replayed sample), `source_label` the source in `lang` (an imported source by its own name), ' +
    '`source_label_en` the source in English, `age_hours` the age in hours.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['dpsu'],
  input: UpdateInfoInput,
  output: UpdateInfo,
  cacheTtlMs: 60_000,
  dataVersion: (input, deps) => liveVersion(deps, input.ppid),
  errors: ['not_found'],
  selfCheck: (deps: OperationDeps) => ({ ppid: deps.repos.directory.all()[0]?.ppid ?? 'id_0' }),
  emptiness: noReadings,
  handler(input, deps) {
    return { data: updateInfoOf(liveState(deps.repos, checkpointOr404(deps, input.ppid), nowSeconds(deps)), input.lang.lang) };
  },
});
