/** `truck-bans` and `trading-sundays` (contract section 3). */
import { z } from 'zod';
import { isoCountry } from './country-param.js';
import { commaList, isoDate } from './query.js';

export const TruckBansInput = z.object({
  country: commaList(isoCountry(), 30, 'too_many_countries').optional().describe('ISO-2 code (or country number) or comma list (default: every covered country)'),
  date: isoDate().optional().describe('one day YYYY-MM-DD (default: the next 7 days from today in each country)'),
});
export type TruckBansInput = z.infer<typeof TruckBansInput>;

export const CountryCoverage = z.object({
  country_code: z.string(),
  country_name: z.string(),
  covered: z.boolean(),
  coverage: z.enum(['general', 'road_specific_only', 'no_general_ban', 'not_covered']),
  timezone: z.string().nullable(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  note: z.string(),
  sources: z.array(z.string()),
  /**
   * Rules encoded for other years only whose period may fall in the dates asked (Poland's summer-holiday bans,
   * set each year): whether they apply is unknown, and they are not in `bans`.
   */
  not_encoded: z.array(z.object({ rule_id: z.string(), description: z.string(), encoded_years: z.array(z.number().int()) })).optional(),
});

export const BanEntry = z.object({
  country_code: z.string(),
  country_name: z.string(),
  rule_id: z.string(),
  date: z.string(),
  time_from: z.string(),
  time_until: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  restriction_type: z.enum(['sunday', 'holiday', 'seasonal', 'night', 'weekend', 'local']),
  description: z.string(),
  holiday: z.string().nullable(),
  regions: z.array(z.string()).nullable(),
  min_weight_tons: z.number().nullable(),
  scope: z.string(),
  conditional: z.boolean(),
  source: z.string(),
});

const BanWindow = z.object({ starts_at: z.string(), ends_at: z.string(), date: z.string(), time_from: z.string(), time_until: z.string() });

export const TruckBansOutput = z.object({
  date_from: z.string(),
  date_to: z.string(),
  countries: z.array(CountryCoverage),
  bans: z.array(BanEntry),
  active_now: z.array(BanEntry),
  // The established service's names (docs/migrating.md):
  /** Whether any ban listed applies now (`active_now` is not empty); false says nothing of a `not_covered` country. */
  is_ban_active: z.boolean(),
  /** What applies now (= `active_now`). */
  current_bans: z.array(BanEntry),
  /** Bans of the period that start after now. */
  upcoming_bans: z.array(BanEntry),
  /** Per country: `active`, `upcoming` (a ban later in the period), `none`, `unknown` (a yearly rule not encoded for the period) or `not_covered`, the windows and the local time now. */
  bans_by_country: z.record(z.string(), z.object({
    status: z.enum(['active', 'upcoming', 'none', 'unknown', 'not_covered']),
    active_window: BanWindow.nullable(),
    next_window: BanWindow.nullable(),
    local_time: z.string().nullable(),
    tz: z.string().nullable(),
  })),
  /** One line: where a ban applies now and what comes next. */
  summary: z.string(),
  /** The instant the answer was computed (ISO-8601 UTC). */
  as_of: z.string(),
  /** How many bans the period holds (`bans.length`: none is ever left out). */
  total_available: z.number().int(),
  /** Always false: every ban of the period is listed. */
  truncated: z.boolean(),
});
export type TruckBansOutput = z.infer<typeof TruckBansOutput>;

export const TradingSundaysInput = z.object({
  country: commaList(isoCountry(), 30, 'too_many_countries').optional().describe('ISO-2 code (or country number) or comma list (default: every country held)'),
});
export type TradingSundaysInput = z.infer<typeof TradingSundaysInput>;

export const TradingSundaysOutput = z.object({
  year: z.number().int(),
  countries: z.array(z.object({
    country: z.string(),
    country_name: z.string(),
    covered: z.boolean(),
    regulated: z.boolean().nullable(),
    rule: z.string(),
    /** `ban` (shops closed on Sundays), `partial` (some Sundays open), `none` (trading allowed); null when not covered. */
    regulation_type: z.enum(['ban', 'partial', 'none']).nullable(),
    trading_sundays: z.array(z.string()),
    /**
     * How many dates `trading_sundays` lists (this and next year) where the rule yields a national calendar;
     * null where it yields none (a general closure, a per-shop quota, no regulation, no rule held).
     */
    count: z.number().int().nullable(),
    next: z.string().nullable(),
    law: z.array(z.string()),
    sources: z.array(z.string()),
  })),
  /** Countries listed. */
  count: z.number().int(),
});
export type TradingSundaysOutput = z.infer<typeof TradingSundaysOutput>;
