/** `queue`, `update-info`, `multi` and `border`: the live products (contract section 3). */
import { z } from 'zod';
import { countryId } from './country-param.js';
import { allOr, commaList, integer, lang, oneOf, ppid } from './query.js';

export const Freshness = z.enum(['fresh', 'recent', 'stale', 'outdated']);
export const WaitStatus = z.enum(['green', 'yellow', 'red']);
export const VsTypical = z.enum(['below', 'usual', 'above']);
export const TrendDirection = z.enum(['up', 'down', 'stable']);
export const DataQuality = z.enum(['high', 'low']);
export const TypeOfData = z.enum(['live', 'replay', 'imported']);

/** What every reading says about itself wherever it appears: replayed, imported or live, and whether real time. */
export const ReadingKind = {
  type_of_data: TypeOfData.nullable(),
  is_realtime: z.boolean(),
};

export const QUEUE_SECTIONS = ['hourly', 'daily', 'snapshot'] as const;

export const QueueInput = z.object({
  ppid: ppid().describe('checkpoint'),
  section: oneOf(QUEUE_SECTIONS).optional().describe('hourly, daily or snapshot (default: hourly and daily)'),
  origin: countryId().optional().describe('origin country (number 1-23 or ISO-2); must match the checkpoint'),
  destination: countryId().optional().describe('destination country (number 1-23 or ISO-2); must match the checkpoint'),
});
export type QueueInput = z.infer<typeof QueueInput>;

export const QueueSnapshot = z.object({
  queue_now: z.number().nullable(),
  wait_min: z.number().nullable(),
  wait_time_estimated: z.boolean(),
  updated_at: z.string(),
  age_min: z.number().int(),
  data_quality: DataQuality,
  freshness: Freshness,
  wait_status: WaitStatus.nullable(),
  vs_typical: VsTypical.nullable(),
  type_of_data: TypeOfData,
  is_realtime: z.boolean(),
});
export type QueueSnapshot = z.infer<typeof QueueSnapshot>;

export const HourlyEntry = z.object({
  time: z.number().int(),
  avg_cars: z.number().nullable(),
  wait_time: z.number().nullable(),
  wait_time_estimated: z.boolean(),
  type_of_data: TypeOfData.nullable(),
  data_quality: DataQuality.nullable(),
  samples: z.number().int(),
});

/** One local day of `queue`'s `daily`: over the day's readings themselves (`stats` averages its hours instead). */
export const DailyEntry = z.object({
  date: z.string(),
  /** The mean of the day's readings (not of its hours: a busy hour read often weighs more; `stats`' `daily.avg` is the hours' mean). */
  avg_cars: z.number().nullable(),
  max_cars: z.number().nullable(),
  min_cars: z.number().nullable(),
  avg_wait: z.number().nullable(),
  samples: z.number().int(),
});

export const QueueOutput = z.object({
  hourly: z.array(HourlyEntry).optional(),
  daily: z.array(DailyEntry).optional(),
  /** Why the aggregates are empty: no reading of this checkpoint is held (absent otherwise). */
  note: z.string().optional(),
});
export type QueueOutput = z.infer<typeof QueueOutput>;

export const UpdateInfoInput = z.object({ ppid: ppid().describe('checkpoint'), lang: lang('en').describe('language of labels') });
export type UpdateInfoInput = z.infer<typeof UpdateInfoInput>;

export const UpdateInfo = z.object({
  found: z.boolean(),
  status: z.string().optional(),
  queue_now: z.number().nullable(),
  timestamp: z.number().int().nullable(),
  datetime: z.string().nullable(),
  timezone: z.string(),
  age_seconds: z.number().int().nullable(),
  age_minutes: z.number().int().nullable(),
  freshness: Freshness.nullable(),
  is_realtime: z.boolean(),
  type_of_data: TypeOfData.nullable(),
  data_quality: DataQuality.nullable(),
  source: z.string().nullable(),
  source_category: z.string().nullable(),
  source_label: z.string().nullable(),
  /** The source's label in English, whatever `lang` (the established service's name). */
  source_label_en: z.string().nullable(),
  /** The upstream feed the reading came from (`granica`, `echerha`, `dpsu`), also for its replayed sample. */
  origin: z.string().nullable(),
  /** `age_seconds` in hours, one decimal. */
  age_hours: z.number().nullable(),
  /** The public page of the source; null when it has none. */
  source_url: z.string().nullable(),
});
export type UpdateInfo = z.infer<typeof UpdateInfo>;

export const MAX_MULTI_PPIDS = 20;
export const MULTI_PARTS = ['queue', 'update-info'] as const;

export const MultiInput = z.object({
  ppids: commaList(ppid(), MAX_MULTI_PPIDS, 'too_many_ppids').describe('comma-separated ppids, at most 20'),
  include: commaList(oneOf(MULTI_PARTS), 2, 'too_many_parts').optional().describe('queue, update-info (default both)'),
  lang: lang('en').describe('language of names'),
});
export type MultiInput = z.infer<typeof MultiInput>;

export const MultiQueue = z.object({
  found: z.boolean(),
  queue_now: z.number().nullable(),
  wait_min: z.number().nullable(),
  wait_status: WaitStatus.nullable(),
  trend_percent: z.number().nullable(),
  trend_direction: TrendDirection.nullable(),
  age_min: z.number().int().nullable(),
  freshness: Freshness.nullable(),
  name: z.string(),
  updated_at: z.string().nullable(),
  data_quality: DataQuality.nullable(),
  vs_typical: VsTypical.nullable(),
  ...ReadingKind,
});

export const MultiOutput = z.record(z.string(), z.object({ queue: MultiQueue.optional(), update_info: UpdateInfo.optional() }));
export type MultiOutput = z.infer<typeof MultiOutput>;

export const BorderInput = z.object({
  origin: countryId().describe('origin country (number 1-23 or ISO-2)'),
  destination: allOr(commaList(countryId(), 23, 'too_many_countries'))
    .describe('a country (number or ISO-2), a comma list, or all: every neighbour of the origin with monitored data for this vehicle type'),
  crossing_type: integer(4, 9).describe('vehicle type 4-9'),
  lang: lang('en').describe('language of names'),
});
export type BorderInput = z.infer<typeof BorderInput>;

export const BorderCheckpoint = z.object({
  ppid: z.string(),
  name: z.string(),
  border: z.number().int(),
  border_name: z.string(),
  queue: z.number().nullable(),
  wait_min: z.number().nullable(),
  wait_status: WaitStatus.nullable(),
  trend_percent: z.number().nullable(),
  trend_direction: TrendDirection.nullable(),
  updated_at: z.string().nullable(),
  age_min: z.number().int().nullable(),
  freshness: Freshness.nullable(),
  data_quality: DataQuality.nullable(),
  vs_typical: VsTypical.nullable(),
  ...ReadingKind,
});

export const BorderOutput = z.object({
  origin: z.number().int(),
  origin_name: z.string(),
  destinations: z.array(z.number().int()),
  destination_names: z.array(z.string()),
  crossing_type: z.number().int(),
  crossing_type_label: z.string(),
  checkpoints: z.array(BorderCheckpoint),
  count: z.number().int(),
  generated_at: z.string(),
  /** Destinations asked of which the directory holds no checkpoint from the origin for this vehicle type, and why. */
  note: z.string().optional(),
});
export type BorderOutput = z.infer<typeof BorderOutput>;

