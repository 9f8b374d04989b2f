/** `stats`: 24 local hours of one day for a checkpoint, with daily figures and an optional comparison. */
import type { CheckpointRow } from '../../data/directory/directory-repo.js';
import type { SeriesView } from '../../data/observations-repo.js';
import { addDays } from '../../engine/calendar.js';
import { dayProfile } from '../../engine/day-profile.js';
import { localParts } from '../../engine/local-time.js';
import { zonedToUtc } from '../../models/zoned-time.js';
import { badRequest } from '../../models/errors.js';
import { StatsInput, StatsOutput } from '../../models/stats.js';
import type { OperationDeps } from '../deps.js';
import { checkpointOr404, liveVersion, nextHourMs, nowSeconds, sourceUrlOf } from '../live/checkpoint-live.js';
import { unitLabel } from '../../models/labels.js';
import { defineOperation } from '../operation.js';
import { roundTo } from '../../models/round.js';

/** How far back `stats` answers (days). */
export const STATS_RETENTION_DAYS = 400;

type DayValues = Pick<StatsOutput, 'hourly'> & { daily: Omit<StatsOutput['daily'], 'total'> };

/** The daily figures with `total` (the sum of the hourly values; null without data). */
function withTotal(day: DayValues): StatsOutput['daily'] {
  const values = day.hourly.map((h) => h.value).filter((v): v is number => v !== null);
  return { ...day.daily, total: values.length > 0 ? roundTo(values.reduce((a, b) => a + b, 0), 1) : null };
}

/** The readings of one local day of `checkpoint` (a replayed view shows none past now), profiled by the engine. */
function profileOf(deps: OperationDeps, checkpoint: CheckpointRow, view: SeriesView | null, date: string) {
  const startS = zonedToUtc(date, '00:00', checkpoint.timezone).getTime() / 1000;
  const endS = zonedToUtc(addDays(date, 1), '00:00', checkpoint.timezone).getTime() / 1000;
  const rows = view ? deps.repos.observations.range(view, startS, endS - 1) : [];
  return dayProfile(rows, checkpoint.timezone, startS, endS);
}

export const stats = defineOperation({
  name: 'stats',
  slug: 'stats',
  summary: 'Hourly history of a checkpoint for one day, with daily figures and day-over-day comparison',
  description: 'The 24 local clock hours of `date` (default: yesterday in the checkpoint zone): on the spring DST day the ' +
    'skipped hour is null, on the autumn day the repeated hour is folded. Values are the mean queue (or wait minutes ' +
    `where the source gives no counts; \`unit\`). Future dates and dates older than ${STATS_RETENTION_DAYS} days are ` +
    '`date_out_of_range`; a day without readings is `data_available:false` with empty values. For charting clients ' +
    '`labels` and `values` repeat the hours of `hourly` as two arrays; `daily` is over the hourly values (`avg` their mean, ' +
    '`total` their sum, the established service\'s field), where `queue`\'s `daily` is over the readings themselves.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'forecast_stats',
  credits: ['dpsu'],
  input: StatsInput,
  output: StatsOutput,
  cacheTtlMs: 10 * 60_000,
  // The default date is yesterday in the checkpoint's zone, which moves on the hour somewhere.
  cacheUntilMs: (_input, deps) => nextHourMs(deps),
  dataVersion: (input, deps) => liveVersion(deps, input.ppid),
  errors: ['not_found'],
  selfCheck: (deps) => ({ ppid: deps.repos.directory.all()[0]?.ppid ?? 'id_0' }),
  handler(input, deps) {
    const checkpoint = checkpointOr404(deps, input.ppid);
    const nowS = nowSeconds(deps);
    const today = localParts(nowS, checkpoint.timezone).date;
    const date = input.date ?? addDays(today, -1);
    if (date > today) throw badRequest(`Parameter 'date' ${date} is in the future in ${checkpoint.timezone}.`, 'date_out_of_range');
    if (date < addDays(today, -STATS_RETENTION_DAYS)) throw badRequest(`Parameter 'date' is older than ${STATS_RETENTION_DAYS} days.`, 'date_out_of_range');
    const view = deps.repos.observations.view(checkpoint.ppid, nowS);
    const day = profileOf(deps, checkpoint, view, date);
    const name = deps.repos.directory.name(checkpoint.location_id, input.lang.lang);
    const data: StatsOutput = {
      ppid: checkpoint.ppid,
      name,
      date, timezone: checkpoint.timezone, unit: day.unit, unit_label: day.unit === null ? null : unitLabel(day.unit, input.lang.lang), data_available: day.daily.hours_with_data > 0,
      hours_in_day: day.hoursInDay,
      checkpoint: { name, source_url: sourceUrlOf(view?.source) },
      hourly: day.hourly,
      labels: day.hourly.map((h) => `${String(h.hour).padStart(2, '0')}:00`),
      values: day.hourly.map((h) => h.value),
      daily: withTotal(day), peak: day.peak, quietest: day.quietest,
    };
    if (input.compare) {
      const prevDate = addDays(date, -1);
      const prev = profileOf(deps, checkpoint, view, prevDate);
      data.compare = { date: prevDate, hourly: prev.hourly, daily: withTotal(prev),
        delta_avg: day.daily.avg !== null && prev.daily.avg !== null ? roundTo(day.daily.avg - prev.daily.avg, 1) : null };
    }
    return { data };
  },
});
