/** `day-stats`: the typical week of a checkpoint, as the daily job last computed it. */
import { unitLabel } from '../../../models/labels.js';
import { DayStatsInput, DayStatsOutput } from '../../../models/stats.js';
import { DAY_STATS_MIN_DAYS } from '../../jobs/day-stats-job.js';
import { missingResult } from '../../jobs/missing-result.js';
import { checkpointOr404 } from '../../live/checkpoint-live.js';
import { defineOperation } from '../../operation.js';

const labelCache = new Map<string, string[]>();

/** Monday-first weekday names in `lang`, from Intl. */
export function weekdayLabels(lang: string): string[] {
  let labels = labelCache.get(lang);
  if (!labels) {
    const format = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
    labels = Array.from({ length: 7 }, (_, d) => format.format(new Date(Date.UTC(2024, 0, 1 + d)))); // 2024-01-01 was a Monday
    labelCache.set(lang, labels);
  }
  return labels;
}

export const dayStats = defineOperation({
  name: 'dayStats',
  slug: 'day-stats',
  summary: 'Typical-week load of a checkpoint: 7 x 24 median with p25/p75',
  description: `Monday = day 0. Precomputed daily from the last 60 days of hourly values (queue where the source counts ` +
    `vehicles, else wait minutes; \`unit\` says which). A checkpoint with fewer than ${DAY_STATS_MIN_DAYS} local days of ` +
    'readings has none: 404 `no_day_stats`. Weekday labels come from Intl in `lang` (default uk, as the interface says), ' +
    '`unit_label` is `unit` as a word in `lang`. `generated_at` is ISO-8601 UTC, ' +
    '`generated_at_ts` the same instant in unix seconds.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'forecast_stats',
  credits: ['dpsu'],
  input: DayStatsInput,
  output: DayStatsOutput,
  cacheTtlMs: 10 * 60_000,
  dataVersion: (input, deps) => deps.versions.dayStats(input.ppid),
  errors: ['not_found'],
  selfCheck: (deps) => ({ ppid: [...deps.repos.dayStats.ppids()][0] ?? deps.repos.directory.all()[0]?.ppid ?? 'id_0' }),
  handler(input, deps) {
    checkpointOr404(deps, input.ppid);
    const stored = deps.repos.dayStats.get(input.ppid);
    if (!stored) throw missingResult(deps, input.ppid, 'day_stats', 'typical week', `too little data for a typical week (fewer than ${DAY_STATS_MIN_DAYS} days)`, 'no_day_stats');
    return {
      data: {
        ppid: input.ppid, tz: stored.timezone, unit: stored.unit, unit_label: unitLabel(stored.unit, input.lang.lang), ...stored.stats,
        weekday_labels: weekdayLabels(input.lang.lang),
        period_days: stored.period_days, data_quality: stored.data_quality, generated_at: stored.generated_at,
        generated_at_ts: Math.floor(Date.parse(stored.generated_at) / 1000),
      },
    };
  },
});
