/**
 * A country's fuel prices: the latest national figures held (the EU bulletin, a national daily series, a
 * legal maximum) and, where stations of the country are held, their average of each grade's latest
 * reports. The headline (`prices`) is the newest source held, in its own currency, with the same prices in
 * EUR (as published, or converted at the newest rate held: the ECB's reference rate when the `ecb-rates` feed
 * or an import brought one, else the bulletin's; `eur_rate` names its source and day); `details` lists every
 * held figure with its own source, kind, date and age. A figure older than 45 days is never current: the
 * answer says it is the latest known, and how old.
 */
import type { z } from 'zod';
import { countryName } from '../../models/codes.js';
import { CURRENT_PRICE_MAX_AGE_DAYS, type CountryFuel, type CountryPriceDetail } from '../../models/fuel.js';
import type { FuelGrade } from '../../models/places.js';
import type { OperationDeps } from '../deps.js';
import { priceOf, stationsByCountry, type CountryStations } from './stations.js';
import { roundTo } from '../../models/round.js';

type Detail = z.infer<typeof CountryPriceDetail>;
type Undated = Omit<Detail, 'age_days' | 'current' | 'price_eur_basis'>;

const DAY_MS = 86_400_000;
/** Whole days from a date (or the day of a timestamp, UTC) to `now`, never negative. */
export const ageDays = (date: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(`${date.slice(0, 10)}T00:00:00Z`)) / DAY_MS));

/** How a note names the rate a price was converted at. */
const RATE_NAMES: Readonly<Record<string, string>> = {
  ecb: 'the ECB euro reference rate',
  'eu-bulletin': 'the EU Weekly Oil Bulletin\'s rate',
};
const rateName = (source: string) => RATE_NAMES[source] ?? `the rate ${source} gave`;

const averages = new WeakMap<CountryStations, Undated[]>();

/** The mean of each grade's latest station report in `country`, as one detail per grade (once per held snapshot). */
function stationAverages(deps: OperationDeps, country: string): Undated[] {
  const held = stationsByCountry(deps).get(country);
  if (!held) return [];
  let found = averages.get(held);
  if (!found) averages.set(held, (found = meansOf(held)));
  return found;
}

function meansOf(held: CountryStations): Undated[] {
  const sums = new Map<string, { sum: number; n: number; date: string; currency: string; source: string; local: string }>();
  for (const s of held.stations) {
    for (const grade of new Set(s.prices.map((p) => p.grade))) {
      const p = priceOf(s, grade)!;
      const key = `${grade}|${p.currency}|${s.source}`;
      const acc = sums.get(key) ?? { sum: 0, n: 0, date: '', currency: p.currency, source: s.source, local: p.local_name };
      acc.sum += p.price;
      acc.n++;
      if (p.reported_at > acc.date) acc.date = p.reported_at;
      sums.set(key, acc);
    }
  }
  return [...sums].map(([key, a]) => ({
    grade: key.split('|')[0]!, local_name: `${a.local} (mean of ${a.n} stations)`, price: roundTo(a.sum / a.n, 3), currency: a.currency,
    price_eur: a.currency === 'EUR' ? roundTo(a.sum / a.n, 3) : null, date: a.date.slice(0, 10), with_taxes: true, source: `${a.source} stations`,
    price_kind: 'station_mean' as const,
  }));
}

export function countryFuel(deps: OperationDeps, country: string, lang: string): z.infer<typeof CountryFuel> {
  const now = deps.now();
  const national: Undated[] = deps.repos.places.countryPrices(country).map((r) => ({
    grade: r.grade, local_name: r.local_name, price: roundTo(r.price, 3), currency: r.currency, price_eur: r.price_eur, date: r.date,
    with_taxes: r.with_taxes, source: r.source, price_kind: r.price_kind,
  }));
  const held = [...national, ...stationAverages(deps, country)];
  // A price without a published EUR figure is converted at the newest rate held for its currency.
  const rates = new Map<string, ReturnType<typeof deps.repos.places.eurRate>>();
  const rateOf = (currency: string) => {
    if (!rates.has(currency)) rates.set(currency, deps.repos.places.eurRate(currency));
    return rates.get(currency)!;
  };
  const inEur = (d: Undated): Pick<Detail, 'price_eur' | 'price_eur_basis'> => {
    if (d.currency === 'EUR' || d.price_eur !== null) return { price_eur: d.currency === 'EUR' ? d.price : d.price_eur, price_eur_basis: 'published' };
    const rate = rateOf(d.currency);
    return rate ? { price_eur: roundTo(d.price * rate.eur_per_unit, 3), price_eur_basis: 'converted' } : { price_eur: null, price_eur_basis: null };
  };
  const details: Detail[] = held
    .map((d) => ({ ...d, ...inEur(d), age_days: ageDays(d.date, now), current: ageDays(d.date, now) <= CURRENT_PRICE_MAX_AGE_DAYS }))
    .sort((a, b) => a.grade.localeCompare(b.grade) || a.source.localeCompare(b.source));
  const name = countryName(country, lang);
  if (details.length === 0) {
    const held = deps.repos.places.countries();
    return { country, country_name: name, currency: null, updated: null, prices: {}, source: null, price_kind: null, prices_eur: {}, eur_rate: null,
      age_days: null, current: null, max_age_days: CURRENT_PRICE_MAX_AGE_DAYS, details: [], sources: [],
      note: `No fuel prices are held for ${name} (${country}). Held: ${held.join(', ') || 'none'}.` };
  }
  // The newest source wins; between sources of one day, a national figure before a mean of stations.
  const groups = new Map<string, Detail[]>();
  for (const d of details) groups.set(`${d.source}|${d.currency}`, [...(groups.get(`${d.source}|${d.currency}`) ?? []), d]);
  const newest = (g: Detail[]) => g.map((d) => d.date).sort().at(-1)!;
  const chosen = [...groups.values()].sort((a, b) => newest(b).localeCompare(newest(a))
    || Number(a[0]!.price_kind === 'station_mean') - Number(b[0]!.price_kind === 'station_mean'))[0]!;
  const primary = chosen[0]!;
  const updated = newest(chosen);
  const prices: Record<string, number> = {};
  const pricesEur: Record<string, number> = {};
  for (const d of chosen) {
    prices[d.grade as FuelGrade] = d.price;
    if (d.price_eur !== null) pricesEur[d.grade] = d.price_eur;
  }
  // The rate named: the headline's currency's where its prices were converted, else the first converted detail's.
  const convertedIn = chosen.some((d) => d.price_eur_basis === 'converted') ? primary.currency
    : details.find((d) => d.price_eur_basis === 'converted')?.currency;
  const rate = convertedIn ? rateOf(convertedIn) : null;
  const converted = rate !== null;
  const age = ageDays(updated, now);
  const notes = [
    ...(age > CURRENT_PRICE_MAX_AGE_DAYS ? [`Latest known: ${primary.source} of ${updated}, ${age} days old (older than ${CURRENT_PRICE_MAX_AGE_DAYS} days: not a current price).`] : []),
    ...(primary.price_kind === 'legal_maximum' ? ['These are legal maximum prices a station may ask, not the average paid.'] : []),
    ...(converted ? [`EUR converted at ${rate.eur_per_unit.toFixed(6)} EUR/${convertedIn}, ${rateName(rate.source)} of ${rate.date} (the newest held).`] : []),
  ];
  return {
    country, country_name: name, currency: primary.currency, updated, prices, source: primary.source, price_kind: primary.price_kind, prices_eur: pricesEur,
    eur_rate: converted ? { eur_per_unit: roundTo(rate.eur_per_unit, 6), date: rate.date, source: rate.source } : null,
    age_days: age, current: age <= CURRENT_PRICE_MAX_AGE_DAYS, max_age_days: CURRENT_PRICE_MAX_AGE_DAYS,
    details, sources: [...new Set(details.map((d) => d.source))], ...(notes.length ? { note: notes.join(' ') } : {}),
  };
}
