/**
 * `truck_bans`: the `truck-bans` product's bans of the countries asked (named, else both sides of the crossing
 * named), of the days asked: a day, the weekend (its days from the one read to Sunday: on a Sunday, today
 * alone), else the product's next 7 days. One day is said as one day, never as a range from it to itself.
 * A country whose restrictions are set road by road (coverage `road_specific_only`) is never said to have
 * "no ban": the answer carries the product's caveat that those restrictions are not held.
 */
import { addDays, weekdayOf } from '../../engine/calendar.js';
import { COUNTRY_ISO2 } from '../../models/codes.js';
import type { TruckBansOutput } from '../../models/calendars.js';
import { truckBans } from '../products/truck-bans.js';
import type { AnswerContext } from './context.js';
import { todayIn } from './understand.js';

type Ban = TruckBansOutput['bans'][number];

/** The local dates asked: the date read, or the weekend's days from it to Sunday; null for none (the next 7 days). */
export function daysAsked(date: string | null | undefined, weekend: boolean): string[] | null {
  if (!date) return null;
  if (!weekend || weekdayOf(date) < 5) return [date];
  return weekdayOf(date) === 6 ? [date] : [date, addDays(date, 1)];
}

/** The product's answer for the days asked: one call per day (cached), their bans once each. */
async function bansOf(ctx: AnswerContext, countries: readonly string[], days: readonly string[] | null): Promise<TruckBansOutput> {
  const answers: TruckBansOutput[] = [];
  for (const date of days ?? [null]) answers.push((await ctx.call<TruckBansOutput>(truckBans, { country: countries.join(','), ...(date ? { date } : {}) })).data);
  // A ban over midnight (Saturday 22:00 to Sunday 22:00) is in both days' answers: kept once.
  const bans = new Map<string, Ban>();
  for (const b of answers.flatMap((x) => x.bans)) {
    const key = `${b.country_code}|${b.rule_id}|${b.starts_at}`;
    if (!bans.has(key)) bans.set(key, b);
  }
  return { ...answers[0]!, bans: [...bans.values()] };
}

export async function answerTruckBans(ctx: AnswerContext): Promise<void> {
  const { c, u, templates } = ctx;
  const e = u.entities;
  const covered = [...ctx.deps.rules.truckBans.keys()].sort();
  let countries = e.countries.filter((x) => x !== 'UA' || e.countries.length === 1);
  if (countries.length === 0 && e.checkpoint) {
    const r = ctx.deps.repos.directory.atLocation(e.checkpoint.location_id)[0];
    if (r) countries = [COUNTRY_ISO2[r.origin]!, COUNTRY_ISO2[r.destination]!];
  }
  if (countries.length === 0) return ctx.refuse(c.fill('bans_need_country', { countries: covered.map(ctx.countryLabel).join(', ') }));
  const days = daysAsked(e.when?.date, u.asksWeekend);
  const b = await bansOf(ctx, countries, days);
  const s = c.source('truck-bans', ctx.nowIso);
  const asksToday = days === null || days.includes(todayIn(ctx.now, ctx.u.zone));
  for (const cov of b.countries) {
    const name = ctx.countryLabel(cov.country_code);
    if (!cov.covered || !cov.date_from || !cov.date_to) {
      ctx.refuse(c.fill('bans_not_covered', { country: name }));
      continue;
    }
    const mine = b.bans.filter((x) => x.country_code === cov.country_code);
    // Restrictions set road by road are not held: said so, with any ban that is, never "no ban"; nor are bans set each
    // year (Poland's summer-holiday bans) for a year not encoded (`not_encoded`): unknown, said so.
    const caveat = cov.coverage === 'road_specific_only' ? c.fill('bans_road_specific', { country: name })
      : cov.not_encoded?.length ? c.fill('bans_not_encoded', { country: name }) : null;
    const [from, to] = days ? [days[0]!, days.at(-1)!] : [cov.date_from, cov.date_to];
    const oneDay = from === to;
    const range: Record<string, string> = oneDay ? { country: name, date: c.date(`${cov.country_code}.date`, from, s, false) }
      : { country: name, from: c.date(`${cov.country_code}.date_from`, from, s, false), to: c.date(`${cov.country_code}.date_to`, to, s, false) };
    if (mine.length === 0) {
      ctx.sentences.push(caveat ?? c.fill(oneDay ? 'bans_none_day' : 'bans_none', range));
      continue;
    }
    const lines = mine.slice(0, 4).map((x, k) => {
      const at = `${cov.country_code}.bans.${k}`;
      const l = c.fill('ban_line', {
        date: c.date(`${at}.date`, x.date, s, false), from: c.clock(`${at}.time_from`, x.time_from, s),
        // A ban that runs overnight ends on a later day than it starts (Saturday 22:00 to Sunday 22:00): that day is said.
        to: x.ends_on && x.ends_on !== x.date ? `${c.date(`${at}.ends_on`, x.ends_on, s, false)} ${c.clock(`${at}.time_until`, x.time_until, s)}`
          : c.clock(`${at}.time_until`, x.time_until, s),
        type: templates.ban_types[x.restriction_type],
      });
      return x.min_weight_tons === null ? l : `${l}, ${c.fill('ban_weight', { weight: c.quantity(`${at}.min_weight_tons`, x.min_weight_tons, 't', s) })}`;
    });
    // "In force right now" is today's state: said only of a question about today (or no day), never of another day's bans.
    const active = asksToday && b.active_now.some((x) => x.country_code === cov.country_code) ? ` ${c.fill('bans_active')}` : '';
    ctx.sentences.push(`${c.fill(oneDay ? 'bans_intro_day' : 'bans_intro', range)} ${lines.join('; ')}.${active}`);
    if (caveat) ctx.sentences.push(caveat);
  }
}
