/**
 * Poland's official maximum retail fuel prices (notices of the Minister of Energy in Monitor Polski,
 * 2026), as the ceny-paliw recorder keeps them (`prices.json`: `[{date, effectiveDate, pb95, pb98, on,
 * source, publishedAt}]`, PLN per litre). A legal ceiling, not the average paid: every record says so
 * (`price_kind: 'legal_maximum'`). `pb95` -> e5 (`Pb95`), `pb98` -> e5_premium (`Pb98`), `on` -> diesel
 * (`ON`); the date is the day the notice is in force (`effectiveDate`). Source `pl-max-prices`, country PL,
 * with taxes (a price at the pump), no EUR figure (the notices state none). The line is the item's
 * 1-based index. A price outside 2-20 PLN, or a day that is not one, is rejected with the item's notice.
 */
import type { CountryPriceRecord, FuelGrade } from '../../../models/places.js';
import { emptyPlaces, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';

export const PL_MAX_SOURCE = 'pl-max-prices';

const GRADES: readonly { key: 'pb95' | 'pb98' | 'on'; grade: FuelGrade; local: string }[] = [
  { key: 'pb95', grade: 'e5', local: 'Pb95' },
  { key: 'pb98', grade: 'e5_premium', local: 'Pb98' },
  { key: 'on', grade: 'diesel', local: 'ON' },
];
const MIN_PLN = 2;
const MAX_PLN = 20;

const isDay = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

export function parsePlMaxPrices(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const doc = JSON.parse(text) as unknown;
  if (!Array.isArray(doc)) throw new Error(`${file}: not a list of maximum-price notices (a JSON array)`);
  const parsed = emptyPlaces(PL_MAX_SOURCE, file);
  const seen = new Map<string, number>();
  doc.forEach((item: unknown, i: number) => {
    parsed.rowsRead++;
    const line = i + 1;
    const n = (item ?? {}) as Record<string, unknown>;
    const reject = (reason: string) => void parsed.rejected.push({ file, line, reason });
    if (!isDay(n.effectiveDate)) return reject(`effectiveDate '${String(n.effectiveDate)}' is not a day`);
    const first = seen.get(n.effectiveDate);
    if (first !== undefined) return reject(`a second notice in force on ${n.effectiveDate} (item ${first} is the first)`);
    seen.set(n.effectiveDate, line);
    for (const { key, grade, local } of GRADES) {
      const value = n[key];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'number' || !(value >= MIN_PLN && value <= MAX_PLN)) {
        reject(`${key} '${String(value)}' is not a plausible price (${MIN_PLN}-${MAX_PLN} PLN per litre); notice ${String(n.source)}`);
        continue;
      }
      const record: CountryPriceRecord = { country_code: 'PL', grade, local_name: local, price: value, currency: 'PLN', price_eur: null,
        date: n.effectiveDate, with_taxes: true, price_kind: 'legal_maximum' };
      parsed.countryPrices.push({ line, record });
    }
  });
  return parsed;
}
