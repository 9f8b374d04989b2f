/**
 * Truck driving bans of one country for a span of local dates, from its rule file and its holidays.
 * Each ban is a window of local wall-clock time turned into UTC instants in the country's zone, so a
 * ban crossing midnight or a DST change has its true length.
 */
import type { BanRule, TruckBanFile } from '../models/rules.js';
import { addDays, daysBetween, easterSunday, inSeason, weekdayOf } from './calendar.js';
import type { CountryHolidays } from './holidays.js';
import { zonedToUtc } from '../models/zoned-time.js';

export interface Ban {
  rule_id: string;
  /** The day the rule is about (a Sunday, a holiday), local. */
  date: string;
  time_from: string;
  time_until: string;
  /** Local dates the window starts and ends on (they differ for bans across midnight). */
  starts_on: string;
  ends_on: string;
  starts_at: string;
  ends_at: string;
  restriction_type: BanRule['restriction_type'];
  description: string;
  holiday: string | null;
  regions: string[] | null;
  min_weight_tons: number | null;
  scope: string;
  conditional: boolean;
  source: string;
}

const matchesKeys = (keys: string[], only?: string[], except?: string[]) =>
  (!only || keys.some((k) => only.includes(k))) && !(except && keys.some((k) => except.includes(k)));

/** Whether `rule` applies to `date`, and the holiday or regions that make it so. */
function applies(rule: BanRule, date: string, holidays: CountryHolidays): { holiday: string | null; regions: string[] | null } | null {
  if (!inSeason(date, rule.season)) return null;
  const d = rule.days;
  switch (d.kind) {
    case 'weekdays':
      return d.weekdays.includes(weekdayOf(date)) ? { holiday: null, regions: null } : null;
    case 'every_day':
      return { holiday: null, regions: null };
    case 'dates':
      return d.dates.includes(date) ? { holiday: null, regions: null } : null;
    case 'fixed_days':
      return d.days.includes(date.slice(5)) && (d.since === undefined || Number(date.slice(0, 4)) >= d.since) ? { holiday: null, regions: null } : null;
    case 'easter_offsets':
      return d.offsets.includes(daysBetween(easterSunday(Number(date.slice(0, 4))), date)) ? { holiday: null, regions: null } : null;
    case 'public_holidays': {
      const h = holidays.national(date);
      return h && matchesKeys(h.keys, d.only, d.except) ? { holiday: h.name, regions: null } : null;
    }
    case 'regional_holidays': {
      const h = holidays.regional(date);
      return h && matchesKeys(h.keys, d.only) ? { holiday: h.name, regions: h.regions } : null;
    }
    case 'holiday_eves': {
      const h = holidays.national(addDays(date, 1));
      return h && matchesKeys(h.keys, d.only) ? { holiday: `eve of ${h.name}`, regions: null } : null;
    }
  }
}

/**
 * Every ban of `file` whose window overlaps the local dates `from`..`to` (inclusive). Rules are also
 * evaluated for the day before and after, so a window reaching into the span from outside is kept.
 */
export function bansBetween(file: TruckBanFile, holidays: CountryHolidays, from: string, to: string): Ban[] {
  const spanStart = zonedToUtc(from, '00:00', file.timezone).getTime();
  const spanEnd = zonedToUtc(addDays(to, 1), '00:00', file.timezone).getTime();
  const bans: Ban[] = [];
  for (let date = addDays(from, -1); date <= addDays(to, 1); date = addDays(date, 1)) {
    for (const rule of file.rules) {
      const hit = applies(rule, date, holidays);
      if (!hit) continue;
      const startsOn = addDays(date, rule.start_offset_days);
      let endsOn = addDays(date, rule.end_offset_days);
      // A window that ends at or before its start runs past midnight (22:00 -> 05:00).
      if (endsOn === startsOn && rule.time_until <= rule.time_from) endsOn = addDays(endsOn, 1);
      const start = zonedToUtc(startsOn, rule.time_from, file.timezone);
      const end = zonedToUtc(endsOn, rule.time_until, file.timezone);
      if (end.getTime() <= spanStart || start.getTime() >= spanEnd) continue;
      bans.push({
        rule_id: rule.id, date, time_from: rule.time_from, time_until: rule.time_until, starts_on: startsOn, ends_on: endsOn,
        starts_at: start.toISOString(), ends_at: end.toISOString(), restriction_type: rule.restriction_type,
        description: rule.description, holiday: hit.holiday, regions: hit.regions, min_weight_tons: rule.min_weight_tons,
        scope: rule.scope, conditional: rule.conditional, source: rule.source,
      });
    }
  }
  return bans.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.rule_id.localeCompare(b.rule_id));
}

/** Days either side of a dated rule's encoded period, projected onto another year, in which it may fall there. */
const PROJECTION_MARGIN_DAYS = 14;

/**
 * The rules of `file` encoded for particular years only (a dated season, as Poland's summer-holiday bans set
 * from each year's school calendar, or listed dates) whose period, projected onto a year of the span with
 * PROJECTION_MARGIN_DAYS either side, overlaps `from`..`to` while no date of theirs is encoded for that year:
 * whether they apply then is unknown, and an answer must not read their absence as "no ban".
 */
export function rulesNotEncoded(file: TruckBanFile, from: string, to: string): { rule: BanRule; years: number[] }[] {
  const out: { rule: BanRule; years: number[] }[] = [];
  for (const rule of file.rules) {
    const dated = rule.season && rule.season.from.length === 10 ? [rule.season.from, rule.season.until]
      : rule.days.kind === 'dates' ? [...rule.days.dates].sort() : null;
    if (!dated) continue;
    const first = dated[0]!;
    const last = dated[dated.length - 1]!;
    const encoded = new Set(dated.map((d) => Number(d.slice(0, 4))));
    let unknown = false;
    for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)) && !unknown; year++) {
      if (encoded.has(year)) continue;
      const shift = (d: string) => `${year + Number(d.slice(0, 4)) - Number(first.slice(0, 4))}${d.slice(4)}`;
      unknown = addDays(shift(first), -PROJECTION_MARGIN_DAYS) <= to && addDays(shift(last), PROJECTION_MARGIN_DAYS) >= from;
    }
    if (unknown) out.push({ rule, years: [...encoded].sort() });
  }
  return out;
}
