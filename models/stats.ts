/** `stats`, `day-stats` and `alternatives` (contract section 3). */
import { z } from 'zod';
import { ReadingKind } from './queue.js';
import { flag, integer, isoDate, lang, ppid } from './query.js';

const Unit = z.enum(['vehicles', 'minutes']);
const HourValue = z.object({ hour: z.number().int(), value: z.number() }).nullable();

export const StatsInput = z.object({
  ppid: ppid().describe('checkpoint'),
  date: isoDate().optional().describe('local date YYYY-MM-DD (default: yesterday in the checkpoint zone)'),
  compare: flag().optional().describe('1 adds the previous day and the delta'),
  lang: lang('uk').describe('language of labels and names (default uk)'),
});
export type StatsInput = z.infer<typeof StatsInput>;

const DayValues = z.object({
  hourly: z.array(z.object({ hour: z.number().int(), value: z.number().nullable(), data_points: z.number().int() })),
  daily: z.object({ avg: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable(), hours_with_data: z.number().int() }),
});

/** The checkpoint an answer is about, as the established service nests it. */
const CheckpointRef = z.object({ name: z.string(), source_url: z.string().nullable() });
const Unit2 = z.enum(['vehicles', 'minutes']).nullable();
/** The daily figures with `total`: the sum of the hourly values (null without data). */
const DailyWithTotal = DayValues.shape.daily.extend({ total: z.number().nullable() });

export const StatsOutput = z.object({
  ppid: z.string(),
  name: z.string(),
  date: z.string(),
  timezone: z.string(),
  unit: Unit.nullable(),
  /** `unit` as a word in `lang` (null with `unit`). */
  unit_label: z.string().nullable(),
  data_available: z.boolean(),
  hours_in_day: z.number().int(),
  /** `{name, source_url}` beside the flat `name`. */
  checkpoint: CheckpointRef,
  hourly: DayValues.shape.hourly,
  /** For charting clients: the hour labels (`00:00` ...) and values of `hourly`, in its order. */
  labels: z.array(z.string()),
  values: z.array(z.number().nullable()),
  /** `total`: the sum of the hourly values (null without data). */
  daily: DailyWithTotal,
  peak: HourValue,
  quietest: HourValue,
  compare: z.object({ date: z.string(), hourly: DayValues.shape.hourly, daily: DailyWithTotal, delta_avg: z.number().nullable() }).optional(),
});
export type StatsOutput = z.infer<typeof StatsOutput>;

export const DayStatsInput = z.object({
  ppid: ppid().describe('checkpoint'),
  lang: lang('uk').describe('language of weekday and unit labels (default uk)'),
});
export type DayStatsInput = z.infer<typeof DayStatsInput>;

const Grid = z.array(z.array(z.number().nullable()));
const SlotSchema = z.object({ dow: z.number().int(), hour: z.number().int(), v: z.number() });

export const DayStatsOutput = z.object({
  ppid: z.string(),
  tz: z.string(),
  unit: Unit,
  /** `unit` as a word in `lang`. */
  unit_label: z.string(),
  matrix: Grid,
  lo: Grid,
  hi: Grid,
  counts: z.array(z.array(z.number().int())),
  weekday_avg: z.array(z.number().nullable()),
  weekday_labels: z.array(z.string()),
  best_day: z.number().int().nullable(),
  worst_day: z.number().int().nullable(),
  best_slots: z.array(SlotSchema),
  worst_slots: z.array(SlotSchema),
  overall_avg: z.number().nullable(),
  overall_max: z.number().nullable(),
  samples: z.number().int(),
  period_days: z.number().int(),
  data_quality: z.enum(['high', 'low']),
  /** ISO-8601 UTC, as every instant of the contract. */
  generated_at: z.string(),
  /** The same instant in unix seconds (the established service gives `generated_at` so: docs/migrating.md). */
  generated_at_ts: z.number().int(),
});
export type DayStatsOutput = z.infer<typeof DayStatsOutput>;

export const AlternativesInput = z.object({
  ppid: ppid().describe('checkpoint'),
  lang: lang('uk').describe('language of names (default uk)'),
  crossing_type: integer(4, 9).optional().describe('vehicle type override (default: the type of the ppid)'),
  limit: integer(1, 10).default(5).describe('1-10, default 5'),
});
export type AlternativesInput = z.infer<typeof AlternativesInput>;

export const Alternative = z.object({
  ppid: z.string(),
  name: z.string(),
  queue: z.number().nullable(),
  wait_min: z.number().nullable(),
  distance_km: z.number(),
  drive_delta_min: z.number(),
  /** The wait expected there on arrival after the extra driving (forecast for that hour, else the current wait). */
  wait_at_arrival_min: z.number().nullable(),
  queue_basis: z.enum(['forecast', 'current']).nullable(),
  total_delta_min: z.number().nullable(),
  is_better: z.boolean(),
  ...ReadingKind,
  /** The queue difference from the checkpoint asked about, in `unit` (vehicles where both count them, else wait minutes). */
  diff: z.number().nullable().optional(),
  unit: Unit2.optional(),
});

export const AlternativesOutput = z.object({
  ppid: z.string(),
  name: z.string(),
  /** The vehicle type compared (the ppid's, or `crossing_type`). */
  crossing_type: z.number().int(),
  /** The checkpoint at this crossing whose reading is compared: the same vehicle type and direction; null when there is none. */
  compared_ppid: z.string().nullable(),
  queue: z.number().nullable(),
  wait_min: z.number().nullable(),
  ...ReadingKind,
  /** Why totals are unknown, when they are. */
  note: z.string().optional(),
  alternatives: z.array(Alternative),
  best: Alternative.nullable(),
  generated_at: z.string(),
  /** The checkpoint asked about, as the established service nests it: its queue (vehicles, else wait minutes in `unit`). */
  checkpoint: z.object({ name: z.string(), queue: z.number().nullable(), unit: Unit2, source_url: z.string().nullable() }).optional(),
  /** The `crossing_type` asked for, null without one. */
  crossing_type_filter: z.number().int().nullable().optional(),
});
export type AlternativesOutput = z.infer<typeof AlternativesOutput>;
