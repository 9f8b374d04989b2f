/**
 * The national currencies of the Oil Bulletin's countries outside the euro area, with the day each was
 * last in use and the range its euro exchange rate can have (units per EUR, as the ECB quotes it, wide
 * enough for the years since 2005). The bulletin's history workbook gives each such country an
 * `{CC}_exchange_rate` column but does not say which way the rate runs; a rate inside the range is units
 * per EUR, one whose inverse is inside it is EUR per unit, and any other is not used (reported).
 */
interface NationalCurrency {
  currency: string;
  /** The last day the currency was in use (the day before the euro), or null while it is. */
  until: string | null;
  unitsPerEur: readonly [number, number];
}

const CURRENCIES: Readonly<Record<string, readonly NationalCurrency[]>> = {
  BG: [{ currency: 'BGN', until: '2025-12-31', unitsPerEur: [1.9, 2.0] }],
  CZ: [{ currency: 'CZK', until: null, unitsPerEur: [20, 40] }],
  DK: [{ currency: 'DKK', until: null, unitsPerEur: [7.2, 7.7] }],
  HU: [{ currency: 'HUF', until: null, unitsPerEur: [200, 500] }],
  PL: [{ currency: 'PLN', until: null, unitsPerEur: [3, 5.5] }],
  // The leu was redenominated on 2005-07-01 (10,000 ROL = 1 RON).
  RO: [{ currency: 'ROL', until: '2005-06-30', unitsPerEur: [30_000, 42_000] }, { currency: 'RON', until: null, unitsPerEur: [3, 6.5] }],
  SE: [{ currency: 'SEK', until: null, unitsPerEur: [8, 13] }],
  HR: [{ currency: 'HRK', until: '2022-12-31', unitsPerEur: [7, 8] }],
  GB: [{ currency: 'GBP', until: null, unitsPerEur: [0.55, 1] }],
  SK: [{ currency: 'SKK', until: '2008-12-31', unitsPerEur: [28, 42] }],
  SI: [{ currency: 'SIT', until: '2006-12-31', unitsPerEur: [230, 245] }],
  EE: [{ currency: 'EEK', until: '2010-12-31', unitsPerEur: [15.5, 15.7] }],
  LV: [{ currency: 'LVL', until: '2013-12-31', unitsPerEur: [0.66, 0.72] }],
  LT: [{ currency: 'LTL', until: '2014-12-31', unitsPerEur: [3.44, 3.46] }],
  CY: [{ currency: 'CYP', until: '2007-12-31', unitsPerEur: [0.57, 0.59] }],
  MT: [{ currency: 'MTL', until: '2007-12-31', unitsPerEur: [0.42, 0.44] }],
};

/** The national currency of `country` on `day`, or null when it paid in euro then (or is not listed). */
export function nationalCurrencyOn(country: string, day: string): NationalCurrency | null {
  return (CURRENCIES[country] ?? []).find((c) => c.until === null || day <= c.until) ?? null;
}

/** Units of `currency` per EUR from a published rate of either direction, or null when neither fits its range. */
export function unitsPerEur(currency: NationalCurrency, rate: number): number | null {
  const [low, high] = currency.unitsPerEur;
  if (rate >= low && rate <= high) return rate;
  if (rate > 0 && 1 / rate >= low && 1 / rate <= high) return 1 / rate;
  return null;
}
