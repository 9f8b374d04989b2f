/**
 * Station prices far from the rest of their file are placeholders, not pump prices: the ministry's Italian
 * file of 2026-08-21 has HVO at 1.000 EUR in seven towns where every other station asks 2.02-2.06, premium
 * diesel at 0.78 and 8.888. Within one parsed file, a grade's price (in one currency) below 0.6 x or above
 * 1 / 0.6 x the grade's median is rejected with the reason, once the grade has OUTLIER_MIN_PRICES prices to
 * take a median of (real pump prices of one grade in one country lie within about 30 % of each other).
 * Applied to every place format (formats.ts), so imports, feeds and the bundled snapshot share it.
 */
import { medianSorted } from 'simple-statistics';
import type { ParsedPlaces } from './parsed.js';

export const OUTLIER_MIN_PRICES = 20;
export const OUTLIER_FACTOR = 0.6;

export function rejectPriceOutliers(parsed: ParsedPlaces): void {
  const groups = new Map<string, number[]>();
  for (const { record: p } of parsed.prices) {
    const key = `${p.grade}|${p.currency}`;
    const list = groups.get(key);
    if (list) list.push(p.price);
    else groups.set(key, [p.price]);
  }
  const medians = new Map<string, number>();
  for (const [key, prices] of groups) {
    if (prices.length >= OUTLIER_MIN_PRICES) medians.set(key, medianSorted(prices.sort((a, b) => a - b)));
  }
  if (medians.size === 0) return;
  parsed.prices = parsed.prices.filter(({ line, record: p }) => {
    const median = medians.get(`${p.grade}|${p.currency}`);
    if (median === undefined) return true;
    const ratio = p.price / median;
    if (ratio >= OUTLIER_FACTOR && ratio <= 1 / OUTLIER_FACTOR) return true;
    parsed.rejected.push({ file: parsed.file, line, reason: `price ${p.price} ${p.currency} of ${p.grade} is ${ratio.toFixed(2)} x the file's median ` +
      `${median} for it (kept within ${OUTLIER_FACTOR}-${(1 / OUTLIER_FACTOR).toFixed(2)} x): a placeholder, not a pump price` });
    return false;
  });
}
