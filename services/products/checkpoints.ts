/** `checkpoints`: the directory of monitored checkpoints, with what is known about their live data. */
import { CheckpointsInput, CheckpointsOutput } from '../../models/checkpoints.js';
import { liveState, liveVersion, nowSeconds, sourceUrlOf } from '../live/checkpoint-live.js';
import { defineOperation } from '../operation.js';

export const checkpoints = defineOperation({
  name: 'checkpoints',
  slug: 'checkpoints',
  summary: 'Directory of monitored checkpoints',
  description: 'Every checkpoint (one location, one direction, one vehicle type) with names, coordinates, time zone and ' +
    'whether live data is held (`has_live_data`: a live or imported reading no older than 24 hours; never for the replayed ' +
    'sample alone, which `freshness` and `type_of_data` elsewhere still describe). `country` (a number 1-23 or an ISO-2 code) matches either side of the border; a code ' +
    'naming no country is `400 unknown_country`. `source_url` is the public page of the source of its readings.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['dpsu'],
  input: CheckpointsInput,
  output: CheckpointsOutput,
  cacheTtlMs: 60_000,
  dataVersion: (_input, deps) => liveVersion(deps),
  selfCheck: () => ({ country: '2' }),
  handler(input, deps) {
    const nowS = nowSeconds(deps);
    const withDayStats = deps.repos.dayStats.ppids();
    const rows = deps.repos.directory.all().filter((c) => input.country === undefined || c.origin === input.country || c.destination === input.country);
    const list = rows.map((c) => {
      const live = liveState(deps.repos, c, nowS);
      // Live data is a reading that happened (a feed's or an import's) and is not outdated: a checkpoint whose only
      // readings are the replayed sample has none, however fresh the replay makes them look.
      const hasLive = live.type_of_data !== null && live.type_of_data !== 'replay' && live.freshness !== null && live.freshness !== 'outdated';
      return {
        ppid: c.ppid,
        location_id: c.location_id,
        name: deps.repos.directory.name(c.location_id, input.lang.lang),
        origin: c.origin,
        destination: c.destination,
        crossing_type: c.crossing_type,
        lat: c.lat,
        lon: c.lon,
        timezone: c.timezone,
        status: c.status,
        has_live_data: hasLive,
        last_observation: live.updated_at,
        freshness: live.freshness,
        data_quality: hasLive ? live.data_quality : null,
        has_day_stats: withDayStats.has(c.ppid),
        ...(c.redirect_to ? { redirect_to: c.redirect_to } : {}),
        source_url: sourceUrlOf(live.view?.source),
      };
    });
    return { data: { checkpoints: list, count: list.length } };
  },
});
