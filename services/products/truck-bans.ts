/** `truck-bans`: truck driving bans by country for one day or the next 7 days, computed from the rule files. */
import { addDays } from '../../engine/calendar.js';
import { holidaysOf } from '../../engine/holidays.js';
import { localParts } from '../../engine/local-time.js';
import { bansBetween, rulesNotEncoded } from '../../engine/truck-bans.js';
import { countryName } from '../../models/codes.js';
import { badRequest } from '../../models/errors.js';
import { TruckBansInput, TruckBansOutput } from '../../models/calendars.js';
import { defineOperation } from '../operation.js';

type Coverage = TruckBansOutput['countries'][number];
type BanOut = TruckBansOutput['bans'][number];
type CountryBans = TruckBansOutput['bans_by_country'][string];

/** The years a country's rules not encoded for the period are encoded for, once each: `2026` or `2025, 2026`. */
const yearsOf = (rules: { encoded_years: number[] }[]) => [...new Set(rules.flatMap((r) => r.encoded_years))].join(', ');

const windowOf = (b: BanOut | undefined) =>
  b ? { starts_at: b.starts_at, ends_at: b.ends_at, date: b.date, time_from: b.time_from, time_until: b.time_until } : null;

/** The local wall-clock time of an instant in a zone: `YYYY-MM-DDTHH:MM`. */
function localTime(nowS: number, timezone: string): string {
  const p = localParts(nowS, timezone);
  return `${p.date}T${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/**
 * The established service's view of the same answer (docs/migrating.md): what applies now, what comes
 * next, per country, and a one-line summary. Computed from `bans` and `active_now`, never separately.
 */
function establishedView(countries: Coverage[], bans: BanOut[], activeNow: BanOut[], now: Date) {
  const nowMs = now.getTime();
  const upcoming = bans.filter((b) => Date.parse(b.starts_at) > nowMs);
  const byCountry: Record<string, CountryBans> = {};
  for (const c of countries) {
    const active = activeNow.find((b) => b.country_code === c.country_code);
    const next = upcoming.find((b) => b.country_code === c.country_code);
    byCountry[c.country_code] = {
      // A country whose yearly rules are not encoded for the period is never "none": whether they apply is unknown.
      status: !c.covered ? 'not_covered' : active ? 'active' : next ? 'upcoming' : c.not_encoded ? 'unknown' : 'none',
      active_window: windowOf(active),
      next_window: windowOf(next),
      local_time: c.timezone ? localTime(Math.floor(nowMs / 1000), c.timezone) : null,
      tz: c.timezone,
    };
  }
  const activeCodes = [...new Set(activeNow.map((b) => b.country_code))];
  const first = upcoming[0];
  const covered = countries.filter((c) => c.covered).map((c) => c.country_code);
  const known = countries.filter((c) => c.covered && !c.not_encoded).map((c) => c.country_code);
  const uncovered = countries.filter((c) => !c.covered).map((c) => c.country_code);
  // A country without rules is never summed up as "no ban": the summary says its bans are unknown.
  const summary = [
    activeCodes.length > 0 ? `Bans apply now in ${activeCodes.join(', ')}.` : known.length > 0 ? `No ban applies now in ${known.join(', ')}.` : null,
    first ? `Next: ${first.country_code} from ${first.date} ${first.time_from} local time.`
      : known.length === covered.length && covered.length > 0 ? 'No further ban in the period.'
        : covered.length > 0 ? 'No further ban encoded for the period.' : null,
    uncovered.length > 0 ? `No truck-ban rules are held for ${uncovered.join(', ')}: whether a ban applies there is unknown.` : null,
    ...countries.filter((c) => c.not_encoded).map((c) => `${c.country_code}'s ${c.not_encoded!.map((r) => r.description.toLowerCase()).join(', ')} ` +
      `${c.not_encoded!.length === 1 ? 'is' : 'are'} encoded for ${yearsOf(c.not_encoded!)} only: whether ${c.not_encoded!.length === 1 ? 'it applies' : 'they apply'} in the period is unknown.`),
  ].filter(Boolean).join(' ');
  return {
    is_ban_active: activeNow.length > 0, current_bans: activeNow, upcoming_bans: upcoming, bans_by_country: byCountry,
    summary, as_of: now.toISOString(), total_available: bans.length, truncated: false,
  };
}

export const truckBans = defineOperation({
  name: 'truckBans',
  slug: 'truck-bans',
  summary: 'Truck driving bans by country and date',
  description: 'Weekend, holiday, eve, seasonal and night bans computed from cited rules and the public holidays of ' +
    'date-holidays (regional holidays where a ban is regional), in each country\'s local time. Without `date`, the ' +
    'next 7 days from today in each country. `countries` says what is covered; a country without rules is listed as ' +
    '`not_covered`, never as "no bans". Also, from the same bans: `is_ban_active`, `current_bans` (= `active_now`), ' +
    '`upcoming_bans` (starting after now), `bans_by_country` (status, active and next window, local time, zone), ' +
    '`summary`, `as_of`, `total_available` and `truncated` (always false: every ban of the period is listed; any number ' +
    'of countries may be asked for).',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  input: TruckBansInput,
  output: TruckBansOutput,
  // The rules are fixed at start; answers move with the local date and `active_now` (bans start and end on the
  // minute), so an answer lives one minute.
  cacheTtlMs: 60_000,
  selfCheck: () => ({ country: 'DE,PL' }),
  handler(input, deps) {
    const now = deps.now();
    const year = now.getUTCFullYear();
    if (input.date && (Number(input.date.slice(0, 4)) < year - 1 || Number(input.date.slice(0, 4)) > year + 2)) {
      throw badRequest(`Parameter 'date' must be within ${year - 1}-${year + 2}.`, 'date_out_of_range');
    }
    const codes = input.country ?? [...deps.rules.truckBans.keys()].sort();
    const countries: Coverage[] = [];
    const bans: BanOut[] = [];
    const activeNow: BanOut[] = [];
    for (const code of codes) {
      const file = deps.rules.truckBans.get(code);
      const name = countryName(code, 'en');
      if (!file) {
        countries.push({ country_code: code, country_name: name, covered: false, coverage: 'not_covered', timezone: null, date_from: null, date_to: null,
          note: `No truck-ban rules are held for ${name}; this is not a statement that there are none.`, sources: [] });
        continue;
      }
      const today = localParts(Math.floor(now.getTime() / 1000), file.timezone).date;
      const from = input.date ?? today;
      const to = input.date ?? addDays(today, 6);
      const unknown = rulesNotEncoded(file, from, to);
      const notEncoded = unknown.map((u) => ({ rule_id: u.rule.id, description: u.rule.description, encoded_years: u.years }));
      const unknownNote = unknown.length === 0 ? '' : ` Not encoded for these dates (only for ${yearsOf(notEncoded)}): ` +
        `${notEncoded.map((u) => `${u.rule_id} ${u.description}`).join('; ')}: whether they apply is unknown.`;
      countries.push({ country_code: code, country_name: name, covered: true, coverage: file.coverage, timezone: file.timezone,
        date_from: from, date_to: to, note: `${file.note}${unknownNote}`, sources: file.sources,
        ...(unknown.length > 0 ? { not_encoded: notEncoded } : {}) });
      const holidays = holidaysOf(code);
      const tag = (b: ReturnType<typeof bansBetween>[number]): BanOut => ({ country_code: code, country_name: name, ...b });
      bans.push(...bansBetween(file, holidays, from, to).map(tag));
      activeNow.push(...bansBetween(file, holidays, today, today).map(tag)
        .filter((b) => Date.parse(b.starts_at) <= now.getTime() && now.getTime() < Date.parse(b.ends_at)));
    }
    const starts = countries.filter((c) => c.date_from).map((c) => c.date_from!);
    const ends = countries.filter((c) => c.date_to).map((c) => c.date_to!);
    const sorted = bans.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.country_code.localeCompare(b.country_code));
    return {
      data: {
        // Without a covered country, the period asked for as UTC reads it: the day given, else the next 7 days.
        date_from: starts.sort()[0] ?? input.date ?? now.toISOString().slice(0, 10),
        date_to: ends.sort().at(-1) ?? input.date ?? addDays(now.toISOString().slice(0, 10), 6),
        countries,
        bans: sorted,
        active_now: activeNow,
        ...establishedView(countries, sorted, activeNow, now),
      },
    };
  },
});
