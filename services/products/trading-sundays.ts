/** `trading-sundays`: Sunday-trading rules per country and the trading Sundays their calendars yield. */
import { localParts } from '../../engine/local-time.js';
import { tradingSundays as computeSundays } from '../../engine/trading-sundays.js';
import { countryName } from '../../models/codes.js';
import { TradingSundaysInput, TradingSundaysOutput } from '../../models/calendars.js';
import { defineOperation } from '../operation.js';
import { nextHourMs } from '../live/checkpoint-live.js';

/**
 * Regulated countries without a national calendar whose shops may still open on some Sundays of their own
 * choosing (Croatia: 16 a shop), so `partial` rather than `ban`.
 */
const PARTIAL_WITHOUT_CALENDAR: ReadonlySet<string> = new Set(['HR']);

/** `ban`, `partial` or `none` from a rule file: regulated with trading Sundays (a calendar or a per-shop quota) is partial. */
function regulationTypeOf(code: string, regulated: boolean, hasCalendar: boolean): 'ban' | 'partial' | 'none' {
  if (!regulated) return 'none';
  return hasCalendar || PARTIAL_WITHOUT_CALENDAR.has(code) ? 'partial' : 'ban';
}

export const tradingSundays = defineOperation({
  name: 'tradingSundays',
  slug: 'trading-sundays',
  summary: 'Sunday-trading rules and upcoming trading Sundays per country',
  description: 'Each country with its rule. Where the rule yields one national calendar (Poland), the trading Sundays of ' +
    'this and next year are computed from it (Easter-dependent dates included) with `next`. Countries with a general ' +
    'Sunday closure or a per-shop quota say so in `rule` with no list. A country without a rule file is `covered: false`. ' +
    '`regulation_type` is the rule as a token: `ban` (closed on Sundays), `partial` (some Sundays open: a calendar or a ' +
    'per-shop quota), `none` (Sunday trading allowed). Per country, `count` is how many trading Sundays it lists (null where ' +
    'the rule yields no national calendar); `data.count` is the number of countries listed.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  input: TradingSundaysInput,
  output: TradingSundaysOutput,
  cacheTtlMs: 60 * 60_000,
  // `next` changes with the local date: an answer lives until the next hour at most (zones change dates on the hour).
  cacheUntilMs: (_input, deps) => nextHourMs(deps),
  selfCheck: () => ({ country: 'PL' }),
  handler(input, deps) {
    const nowS = Math.floor(deps.now().getTime() / 1000);
    const codes = input.country ?? [...deps.rules.tradingSundays.keys()].sort();
    const year = deps.now().getUTCFullYear();
    const countries = codes.map((code) => {
      const file = deps.rules.tradingSundays.get(code);
      const name = countryName(code, 'en');
      if (!file) {
        return { country: code, country_name: name, covered: false, regulated: null, regulation_type: null, trading_sundays: [], count: null, next: null, law: [], sources: [],
          rule: `No Sunday-trading rule is held for ${name}.` };
      }
      const today = localParts(nowS, file.timezone).date;
      const thisYear = Number(today.slice(0, 4));
      const sundays = [...(computeSundays(file, thisYear) ?? []), ...(computeSundays(file, thisYear + 1) ?? [])];
      const hasCalendar = (file.calendars ?? []).length > 0;
      return {
        country: code, country_name: name, covered: true, regulated: file.regulated, rule: file.rule,
        regulation_type: regulationTypeOf(code, file.regulated, hasCalendar),
        trading_sundays: sundays,
        count: hasCalendar ? sundays.length : null,
        next: sundays.find((d) => d >= today) ?? null,
        law: (file.calendars ?? []).map((c) => `${c.years.from}-${c.years.until ?? ''}: ${c.law}`),
        sources: file.sources,
      };
    });
    return { data: { year, countries, count: countries.length } };
  },
});
