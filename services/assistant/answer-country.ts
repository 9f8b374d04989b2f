/**
 * What a country holds: national fuel prices (`fuel`, with the price's date, past the product's limit
 * of 45 days "latest known, N days old", and what kind of price it is when it is not an average paid: a
 * legal maximum, a mean of stations' reports), trading Sundays (`trading-sundays`) and road reports in force
 * (`road-conditions`); truck bans are answered in answer-truck-bans.ts. The country is the one named, else the
 * one across the border at the crossing named (for fuel, else the town's named).
 */
import type { Templates } from '../../models/assistant.js';
import { neighbourIso } from '../../models/codes.js';
import { fuel } from '../products/fuel.js';
import { roadConditions } from '../products/road-conditions.js';
import { tradingSundays } from '../products/trading-sundays.js';
import type { AnswerContext } from './context.js';
import { latestKnown } from './reading.js';

const DAY_MS = 86_400_000;

/** The country across the border at the checkpoint asked about, if one was. */
export function neighbourAt(ctx: AnswerContext): string | undefined {
  const checkpoint = ctx.u.entities.checkpoint;
  const row = checkpoint ? ctx.deps.repos.directory.atLocation(checkpoint.location_id)[0] : undefined;
  return row ? neighbourIso(row) : undefined;
}

export async function answerFuel(ctx: AnswerContext): Promise<void> {
  const { c, u, templates } = ctx;
  const e = u.entities;
  const held = ctx.deps.repos.places.countries();
  const named = e.countries.filter((x) => x !== 'UA' || e.countries.length === 1);
  // Named, else across the border at the crossing named, else the country of the town named ("diesel near Przemyśl").
  const country = named.find((x) => held.includes(x)) ?? named[0] ?? neighbourAt(ctx) ?? e.place?.country;
  if (!country) return ctx.refuse(c.fill('fuel_need_country', { countries: held.map(ctx.countryLabel).join(', ') }));
  const got = await ctx.call<{ updated: string | null; currency: string | null; prices: Record<string, number>; source: string | null;
    age_days: number | null; current: boolean | null; price_kind: 'national_average' | 'station_mean' | 'legal_maximum' | null }>(fuel, { mode: 'country', country, lang: ctx.lang });
  const f = got.data;
  if (!f.updated || !f.currency || Object.keys(f.prices).length === 0) {
    c.source('fuel', ctx.nowIso);
    return ctx.refuse(c.fill('fuel_none', { country: ctx.countryLabel(country) }));
  }
  const s = c.source('fuel', f.updated);
  const grades = (e.fuel ? [e.fuel] : ['diesel', 'e5', 'lpg']).filter((g) => f.prices[g] !== undefined);
  if (grades.length === 0) return ctx.refuse(c.fill('fuel_none', { country: ctx.countryLabel(country) }));
  const lines = grades.map((g) => `${templates.fuels[g] ?? g} ${c.price(`price.${g}`, f.prices[g]!, f.currency!, s)}`);
  // The product says whether the price is within its limit; past it, its age is said with its date.
  const date = c.date('updated', f.updated, s, false) + (f.current === false && f.age_days !== null ? latestKnown(ctx, 'age_days', f.age_days * DAY_MS, s) : '');
  ctx.sentences.push(`${c.fill('fuel_intro', { country: ctx.countryLabel(country), date, source: f.source ? c.identifier('source', f.source, s) : '' })} ${lines.join(', ')}.`);
  // A ceiling or a mean of stations' reports is said to be one: only a national average is what drivers paid.
  if (f.price_kind === 'legal_maximum') ctx.sentences.push(c.fill('price_legal_maximum'));
  else if (f.price_kind === 'station_mean') ctx.sentences.push(c.fill('price_station_mean'));
}

export async function answerTradingSundays(ctx: AnswerContext): Promise<void> {
  const { c, u } = ctx;
  const e = u.entities;
  const named = e.countries.filter((x) => x !== 'UA');
  const neighbour = neighbourAt(ctx);
  const countries = named.length > 0 ? named : neighbour ? [neighbour] : [...ctx.deps.rules.tradingSundays.keys()].sort();
  const got = await ctx.call<{ countries: { country: string; covered: boolean; regulated: boolean | null; trading_sundays: string[]; next: string | null }[] }>(
    tradingSundays, { country: countries.join(',') });
  const s = c.source('trading-sundays', ctx.nowIso);
  for (const x of got.data.countries) {
    const name = ctx.countryLabel(x.country);
    if (!x.covered) ctx.refuse(c.fill('sundays_not_covered', { country: name }));
    else if (x.regulated === false) ctx.sentences.push(c.fill('sundays_open', { country: name }));
    else if (x.trading_sundays.length === 0) ctx.sentences.push(c.fill('sundays_closed', { country: name }));
    else if (e.when?.date) {
      const yes = x.trading_sundays.includes(e.when.date);
      ctx.sentences.push(c.fill(yes ? 'sundays_yes' : 'sundays_no', { country: name, date: c.date(`${x.country}.date`, e.when.date, s) }));
      if (!yes && x.next) ctx.sentences.push(c.fill('sundays_next', { country: name, date: c.date(`${x.country}.next`, x.next, s) }));
    } else if (x.next) ctx.sentences.push(c.fill('sundays_next', { country: name, date: c.date(`${x.country}.next`, x.next, s) }));
  }
}

export async function answerRoadConditions(ctx: AnswerContext): Promise<void> {
  const { c, u, templates } = ctx;
  const e = u.entities;
  const country = e.countries.find((x) => x !== 'UA') ?? (e.countries[0] ?? null);
  const row = e.checkpoint ? ctx.deps.repos.directory.atLocation(e.checkpoint.location_id)[0] : undefined;
  const raw: Record<string, unknown> = country ? { country } : row ? { lat: String(row.lat), lng: String(row.lon), radius: '50' } : {};
  const got = await ctx.call<{ conditions: { condition_type: string; severity: keyof Templates['severities']; road_name: string | null }[]; total: number }>(
    roadConditions, { ...raw, limit: '3' });
  const s = c.source('road-conditions', ctx.nowIso);
  const where = country ? c.fill('where_country', { country: ctx.countryLabel(country) })
    : row ? c.fill('where_near', { name: c.name(ctx.deps.repos.directory.name(row.location_id, ctx.lang)) }) : c.fill('where_all');
  if (got.data.total === 0) return void ctx.sentences.push(c.fill('road_none', { where }));
  const lines = got.data.conditions.map((x, k) => c.fill('road_line', {
    type: templates.road_types[x.condition_type] ?? x.condition_type, severity: templates.severities[x.severity],
    road: x.road_name ? c.identifier(`conditions.${k}.road_name`, x.road_name, s) : '',
  }).replace(/,\s*$/, ''));
  ctx.sentences.push(`${c.fill('road_intro', { where, count: c.count('total', got.data.total, s) })} ${lines.join('; ')}.`);
}
