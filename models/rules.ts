/** The rule files in data/rules/: truck driving bans and trading-Sunday rules, one file per country. */
import { z } from 'zod';

const Time = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/);
/** A day of the year: `MM-DD` (every year) or `YYYY-MM-DD` (that year only). */
const YearDay = z.string().regex(/^(\d{4}-)?\d{2}-\d{2}$/);
/** A holiday key as the law names it: `MM-DD` or `easter+N` / `easter-N` (days from Easter Sunday). */
const HolidayKey = z.string().regex(/^(\d{2}-\d{2}|easter[+-]\d{1,2})$/);

export const BanDays = z.discriminatedUnion('kind', [
  /** Weekdays, Monday = 0 ... Sunday = 6. */
  z.object({ kind: z.literal('weekdays'), weekdays: z.array(z.number().int().min(0).max(6)).min(1) }),
  /** National public holidays from date-holidays; `only` keeps those the law names, `except` drops some. */
  z.object({ kind: z.literal('public_holidays'), only: z.array(HolidayKey).optional(), except: z.array(HolidayKey).optional() }),
  /** Public holidays of some regions only (from date-holidays per region); the ban holds in those regions. */
  z.object({ kind: z.literal('regional_holidays'), only: z.array(HolidayKey).optional() }),
  /** The day before a national public holiday (`only`: the holidays whose eve the law names). */
  z.object({ kind: z.literal('holiday_eves'), only: z.array(HolidayKey).optional() }),
  /** Dates a yearly decree names. */
  z.object({ kind: z.literal('dates'), dates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).min(1) }),
  /** The same days every year (`MM-DD`), from the year `since` on where a law brought them back or in. */
  z.object({ kind: z.literal('fixed_days'), days: z.array(z.string().regex(/^\d{2}-\d{2}$/)).min(1), since: z.number().int().optional() }),
  /** Days a fixed distance from Easter Sunday that are not public holidays (Good Friday in Slovenia). */
  z.object({ kind: z.literal('easter_offsets'), offsets: z.array(z.number().int().min(-70).max(70)).min(1) }),
  /** Every day (night bans). */
  z.object({ kind: z.literal('every_day') }),
]);
export type BanDays = z.infer<typeof BanDays>;

export const BanRule = z.object({
  id: z.string(),
  restriction_type: z.enum(['sunday', 'holiday', 'seasonal', 'night', 'weekend', 'local']),
  days: BanDays,
  /** Only between these days (inclusive). */
  season: z.object({ from: YearDay, until: YearDay }).optional(),
  time_from: Time,
  /** Days from the rule's day to the start (-1: "from 22:00 the evening before"). */
  start_offset_days: z.number().int().min(-1).max(0).default(0),
  time_until: Time,
  /** Days from the rule's day to the end (1: "until 22:00 the next day"). */
  end_offset_days: z.number().int().min(0).max(1).default(0),
  min_weight_tons: z.number().positive().nullable(),
  scope: z.string(),
  description: z.string(),
  /** True when the ban holds only under a condition (a temperature, a vehicle class) stated in `description`. */
  conditional: z.boolean().default(false),
  source: z.string(),
});
export type BanRule = z.infer<typeof BanRule>;

export const TruckBanFile = z.object({
  country: z.string().length(2),
  timezone: z.string(),
  /** `general`: rules below; `road_specific_only`: no general ban, restrictions decided per road yearly; `no_general_ban`. */
  coverage: z.enum(['general', 'road_specific_only', 'no_general_ban']),
  note: z.string(),
  sources: z.array(z.string()).min(1),
  checked: z.string(),
  rules: z.array(BanRule),
});
export type TruckBanFile = z.infer<typeof TruckBanFile>;

/** One version of a trading-Sunday calendar rule, in force for the years given. */
export const SundayCalendar = z.object({
  years: z.object({ from: z.number().int(), until: z.number().int().nullable() }),
  last_sunday_of_months: z.array(z.number().int().min(1).max(12)).default([]),
  first_sunday_of_months: z.array(z.number().int().min(1).max(12)).default([]),
  sunday_before_easter: z.boolean().default(false),
  sundays_before_christmas: z.number().int().min(0).max(4).default(0),
  /** When the last Sunday of April is Easter Sunday, trade moves to the Sunday before. */
  april_easter_moves_back: z.boolean().default(false),
  law: z.string(),
});

export const TradingSundayFile = z.object({
  country: z.string().length(2),
  timezone: z.string(),
  regulated: z.boolean(),
  rule: z.string(),
  /** Present where the rule yields one calendar for the whole country. */
  calendars: z.array(SundayCalendar).optional(),
  sources: z.array(z.string()).min(1),
  checked: z.string(),
});
export type TradingSundayFile = z.infer<typeof TradingSundayFile>;
