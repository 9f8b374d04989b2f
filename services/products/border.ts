/** `border/{origin}/{destination}/{crossing_type}`: every checkpoint on a border for one vehicle type. */
import { COUNTRY_ISO2, countryName } from '../../models/codes.js';
import { crossingTypeLabel } from '../../models/labels.js';
import { badRequest } from '../../models/errors.js';
import { BorderInput, BorderOutput } from '../../models/queue.js';
import { liveState, liveVersion, nowSeconds, noReadings } from '../live/checkpoint-live.js';
import { defineOperation } from '../operation.js';

export const border = defineOperation({
  name: 'border',
  slug: 'border',
  pathParams: ['origin', 'destination', 'crossing_type'],
  summary: 'All checkpoints on a border for a vehicle type, sorted by queue',
  description: '`destination` is one country code, a comma list, or `all` (every neighbour with monitored data). ' +
    'Sorted by queue ascending, checkpoints without a queue reading last (by wait, then name). Each carries its border country. ' +
    'Names, country names and `crossing_type_label` are in `lang`.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['dpsu'],
  input: BorderInput,
  output: BorderOutput,
  cacheTtlMs: 60_000,
  dataVersion: (_input, deps) => liveVersion(deps),
  selfCheck: () => ({ origin: '1', destination: 'all', crossing_type: '9' }),
  emptiness: noReadings,
  handler(input, deps) {
    if (input.destination !== 'all' && input.destination.includes(input.origin)) {
      throw badRequest(`The destination cannot be the origin (${COUNTRY_ISO2[input.origin]}): a border joins two countries.`, 'same_country');
    }
    const nowS = nowSeconds(deps);
    const lang = input.lang.lang;
    const fromOrigin = deps.repos.directory.all().filter((c) => c.origin === input.origin && c.crossing_type === input.crossing_type);
    const withData = deps.repos.observations.ppidsWithData();
    const destinations = input.destination === 'all'
      ? [...new Set(fromOrigin.filter((c) => withData.has(c.ppid)).map((c) => c.destination))].sort((a, b) => a - b)
      : input.destination;
    const rows = fromOrigin.filter((c) => destinations.includes(c.destination)).map((c) => {
      const live = liveState(deps.repos, c, nowS);
      return {
        ppid: c.ppid,
        name: deps.repos.directory.name(c.location_id, lang),
        border: c.destination,
        border_name: countryName(COUNTRY_ISO2[c.destination]!, lang),
        queue: live.queue_now,
        wait_min: live.wait_min,
        wait_status: live.wait_status,
        trend_percent: live.trend.trend_percent,
        trend_direction: live.trend.trend_direction,
        updated_at: live.updated_at,
        age_min: live.age_min,
        freshness: live.freshness,
        data_quality: live.data_quality,
        vs_typical: live.vs_typical,
        type_of_data: live.type_of_data,
        is_realtime: live.is_realtime,
      };
    });
    // A destination asked of which no checkpoint is held: an empty list must not read as "no queues there".
    const none = destinations.filter((d) => !rows.some((r) => r.border === d));
    // Where the origin's crossings lead, for any type: read only when a destination has none.
    const sharing = none.length === 0 ? new Set<number>() : new Set(deps.repos.directory.all().filter((c) => c.origin === input.origin).map((c) => c.destination));
    const note = none.length === 0 ? undefined : none.map((d) => sharing.has(d)
      ? `No ${COUNTRY_ISO2[input.origin]}-${COUNTRY_ISO2[d]} checkpoint is held for vehicle type ${input.crossing_type} (there are for other types).`
      : `No checkpoint from ${COUNTRY_ISO2[input.origin]} to ${COUNTRY_ISO2[d]} is held: the directory's crossings from ${COUNTRY_ISO2[input.origin]} ` +
        `lead to ${[...sharing].sort((a, b) => a - b).map((c) => COUNTRY_ISO2[c]).join(', ') || 'no country'}.`).join(' ');
    const nullsLast = (a: number | null, b: number | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b);
    rows.sort((a, b) => nullsLast(a.queue, b.queue) || nullsLast(a.wait_min, b.wait_min) || a.name.localeCompare(b.name));
    return {
      data: {
        origin: input.origin,
        origin_name: countryName(COUNTRY_ISO2[input.origin]!, lang),
        destinations,
        destination_names: destinations.map((d) => countryName(COUNTRY_ISO2[d]!, lang)),
        crossing_type: input.crossing_type,
        crossing_type_label: crossingTypeLabel(input.crossing_type, lang),
        checkpoints: rows,
        count: rows.length,
        generated_at: deps.now().toISOString(),
        ...(note ? { note } : {}),
      },
    };
  },
});
