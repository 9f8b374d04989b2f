/**
 * How old the prices an answer lists are: station reports are kept as their source last gave them, and a
 * snapshot can be months old. The same fields as `fuel?mode=country` (`updated`, `age_days`, `current`,
 * `max_age_days`), with a sentence when even the newest is not current.
 */
import { CURRENT_PRICE_MAX_AGE_DAYS } from '../../models/fuel.js';
import type { OperationDeps } from '../deps.js';
import { ageDays, countryFuel } from './country-prices.js';

export interface PriceAge {
  /** The day (YYYY-MM-DD, UTC) of the newest price listed; null when none is. */
  updated: string | null;
  age_days: number | null;
  current: boolean | null;
  max_age_days: number;
}

/** The age of the newest of `timestamps` (ISO-8601) at `now`. */
export function newestPriceAge(timestamps: Iterable<string>, now: Date): PriceAge {
  let newest = '';
  for (const t of timestamps) if (t > newest) newest = t;
  const updated = newest === '' ? null : newest.slice(0, 10);
  const age = updated === null ? null : ageDays(updated, now);
  return { updated, age_days: age, current: age === null ? null : age <= CURRENT_PRICE_MAX_AGE_DAYS, max_age_days: CURRENT_PRICE_MAX_AGE_DAYS };
}

/** The note of an answer whose newest price is not current, else undefined. */
export function notCurrentNote(age: PriceAge): string | undefined {
  return age.current === false
    ? `Latest known: the newest station report listed is of ${age.updated}, ${age.age_days} days old (older than ${age.max_age_days} days: not current prices).`
    : undefined;
}

/**
 * The status round's sentence when no country's fuel price held is current (each country's newest, national
 * or a mean of its stations' reports, older than the limit), else null: `fuel` and `fuel-cities` answering
 * only with such prices are not online. Null too when none is held (that is their emptiness, or a country
 * the answer says it holds nothing for).
 */
export function fuelStaleness(deps: OperationDeps): string | null {
  // fuel and fuel-cities ask in the same status round: computed once per places version and day.
  const key = `${deps.versions.dataset('places')}|${deps.now().toISOString().slice(0, 10)}`;
  const held = stalenessMemo.get(deps);
  if (held?.key === key) return held.value;
  const value = computeStaleness(deps);
  stalenessMemo.set(deps, { key, value });
  return value;
}

const stalenessMemo = new WeakMap<OperationDeps, { key: string; value: string | null }>();

function computeStaleness(deps: OperationDeps): string | null {
  let newest: { country: string; updated: string } | null = null;
  for (const country of deps.repos.places.countries()) {
    const f = countryFuel(deps, country, 'en');
    if (f.current) return null;
    if (f.updated && (!newest || f.updated > newest.updated)) newest = { country, updated: f.updated };
  }
  if (!newest) return null;
  return `no fuel price held is current (older than ${CURRENT_PRICE_MAX_AGE_DAYS} days; the newest: ${newest.country} of ${newest.updated}, ` +
    `${ageDays(newest.updated, deps.now())} days old): answers give the latest known prices, each with its age`;
}
