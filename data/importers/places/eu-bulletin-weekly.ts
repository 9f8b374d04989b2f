/**
 * The Oil Bulletin's weekly "prices with taxes" workbook (one week): in its first sheet, row 1 names the
 * products (A1 `in EUR`, then `Euro-super 95 (I)`, `Gas oil automobile Automotive gas oil Dieselkraftstoff
 * (I)`, heating gas oil, fuel oils, `GPL pour moteur LPG motor fuel`), row 2 holds the week's day in
 * column A (an Excel serial) and each column's unit (`1000 l`, `t`), and from row 3 one country a row by
 * its English name, prices with taxes in EUR per 1000 L. Gives EUR records with taxes (the file states no
 * exchange rate). A row of a name the service does not know is rejected when it carries a price (the EU
 * averages are not read); a row without one (a footnote) is not a row.
 */
import type { FuelGrade } from '../../../models/places.js';
import { roundTo } from '../../../models/round.js';
import { EU_BULLETIN_SOURCE, MAX_EUR_PER_LITRE, XLSX_PRODUCTS } from './eu-bulletin.js';
import { emptyPlaces, type ParsedPlaces } from './parsed.js';
import { dayOfCell, numberOfCell, type SheetRows } from './xlsx.js';

const HEADERS: readonly { pattern: RegExp; product: keyof typeof XLSX_PRODUCTS }[] = [
  { pattern: /euro[\s-]*super[\s-]*95/i, product: 'euro95' },
  // Not /gas oil/ alone: heating gas oil has it too.
  { pattern: /automotive gas oil|gas oil automobile|dieselkraftstoff/i, product: 'diesel' },
  { pattern: /\bLPG\b|\bGPL\b/, product: 'lpg' },
];

const COUNTRIES: Readonly<Record<string, string>> = {
  Austria: 'AT', Belgium: 'BE', Bulgaria: 'BG', Croatia: 'HR', Cyprus: 'CY', Czechia: 'CZ', 'Czech Republic': 'CZ', Denmark: 'DK',
  Estonia: 'EE', Finland: 'FI', France: 'FR', Germany: 'DE', Greece: 'GR', Hungary: 'HU', Ireland: 'IE', Italy: 'IT', Latvia: 'LV',
  Lithuania: 'LT', Luxembourg: 'LU', Malta: 'MT', Netherlands: 'NL', Poland: 'PL', Portugal: 'PT', Romania: 'RO', Slovakia: 'SK',
  Slovenia: 'SI', Spain: 'ES', Sweden: 'SE',
};
const AGGREGATE = /^(EU|EUR|EU\s*27|European Union|Euro\s*area)\b/i;

const text = (cell: unknown) => (typeof cell === 'string' ? cell.replace(/\s+/g, ' ').trim() : '');

/** Whether a sheet is laid out as the weekly file: a Euro-super 95 header in row 1 over a day in A2. */
export function isWeeklyBulletin(rows: SheetRows): boolean {
  return (rows[0] ?? []).some((c) => HEADERS[0]!.pattern.test(text(c))) && dayOfCell(rows[1]?.[0]) !== null;
}

export function parseWeeklySheet(rows: SheetRows, file: string): ParsedPlaces {
  const places = emptyPlaces(EU_BULLETIN_SOURCE, file);
  const reject = (line: number, reason: string) => void places.rejected.push({ file, line, reason });
  const day = dayOfCell(rows[1]?.[0])!;
  const columns: { index: number; grade: FuelGrade; name: string }[] = [];
  for (const { pattern, product } of HEADERS) {
    const index = (rows[0] ?? []).findIndex((c) => pattern.test(text(c)));
    if (index < 1) continue;
    const unit = text(rows[1]?.[index]).toLowerCase().replace(/\s+/g, '');
    if (unit !== '1000l') reject(2, `column ${product}: unit '${text(rows[1]?.[index])}', expected 1000 l`);
    else columns.push({ index, ...XLSX_PRODUCTS[product]! });
  }
  rows.forEach((row, r) => {
    if (r < 2) return;
    const line = r + 1;
    const name = text(row[0]);
    const values = columns.map((c) => ({ ...c, value: numberOfCell(row[c.index]) }));
    if (name === '' || values.every((v) => v.value === null || v.value === undefined)) return;
    places.rowsRead++;
    if (AGGREGATE.test(name)) return;
    const country = COUNTRIES[name];
    if (!country) return reject(line, `country '${name}' is not one the bulletin lists`);
    for (const { grade, name: local, value, index } of values) {
      if (value === null || value === 0) continue;
      const eur = value === undefined ? NaN : value / 1000;
      if (!(eur > 0 && eur <= MAX_EUR_PER_LITRE)) {
        reject(line, `${name} ${local} '${String(row[index])}' is not a plausible price (EUR per 1000 L; at most ${MAX_EUR_PER_LITRE * 1000})`);
        continue;
      }
      places.countryPrices.push({ line, record: { country_code: country, grade, local_name: local, price: roundTo(eur, 6), currency: 'EUR',
        price_eur: roundTo(eur, 6), date: day, with_taxes: true } });
    }
  });
  return places;
}
