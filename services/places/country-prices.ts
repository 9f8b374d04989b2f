/**
 * A country's fuel prices: the latest national averages held (the EU bulletin, a national daily series)
 * and, where stations of the country are held, their average of each grade's latest reports. The answer's
 * `prices` come from one source in one currency (the bulletin's EUR where held, else the first other);
 * `details` lists every held price with its own source, date and currency.
 */
import type { z } from 'zod';
import { countryName } from '../../models/codes.js';
import type { CountryFuel, CountryPriceDetail } from '../../models/fuel.js';
import type { FuelGrade } from '../../models/places.js';
import type { OperationDeps } from '../deps.js';
import { priceOf, stationsByCountry, type CountryStations } from './stations.js';
import { roundTo } from '../../models/round.js';

type Detail = z.infer<typeof CountryPriceDetail>;

const averages = new WeakMap<CountryStations, Detail[]>();

/** The mean of each grade's latest station report in `country`, as one detail per grade (once per held snapshot). */
function stationAverages(deps: OperationDeps, country: string): Detail[] {
  const held = stationsByCountry(deps).get(country);
  if (!held) return [];
  let found = averages.get(held);
  if (!found) averages.set(held, (found = meansOf(held)));
  return found;
}

function meansOf(held: CountryStations): Detail[] {
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
  }));
}

export function countryFuel(deps: OperationDeps, country: string, lang: string): z.infer<typeof CountryFuel> {
  const national: Detail[] = deps.repos.places.countryPrices(country).map((r) => ({
    grade: r.grade, local_name: r.local_name, price: roundTo(r.price, 3), currency: r.currency, price_eur: r.price_eur, date: r.date,
    with_taxes: r.with_taxes, source: r.source,
  }));
  const details = [...national, ...stationAverages(deps, country)].sort((a, b) => a.grade.localeCompare(b.grade) || a.source.localeCompare(b.source));
  const name = countryName(country, lang);
  if (details.length === 0) {
    const held = deps.repos.places.countries();
    return { country, country_name: name, currency: null, updated: null, prices: {}, source: null, details: [], sources: [],
      note: `No fuel prices are held for ${name} (${country}). Held: ${held.join(', ') || 'none'}.` };
  }
  const primary = details.find((d) => d.source === 'eu-bulletin' && d.currency === 'EUR') ?? details[0]!;
  const chosen = details.filter((d) => d.source === primary.source && d.currency === primary.currency);
  const prices: Record<string, number> = {};
  for (const d of chosen) prices[d.grade as FuelGrade] = d.price;
  return {
    country, country_name: name, currency: primary.currency, updated: chosen.map((d) => d.date).sort().at(-1)!, prices, source: primary.source,
    details, sources: [...new Set(details.map((d) => d.source))],
  };
}
