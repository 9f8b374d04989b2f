/**
 * The European Commission's Weekly Oil Bulletin as it publishes it: XLSX workbooks (CC BY 4.0, "European
 * Commission, Weekly Oil Bulletin"), source `eu-bulletin` like the CSV shapes (eu-bulletin.ts), so the
 * same week from a CSV, a file import of the workbook and a poll of it is one row. Two workbooks:
 *
 * - the history file ("Price developments 2005 onwards", `Weekly_Oil_Bulletin_Prices_History_maticni_4web.xlsx`):
 *   sheets `Prices with taxes` and `Prices wo taxes`; row 1 names each column (`PL_price_with_tax_euro95`,
 *   `PL_price_wo_tax_diesel`, `PL_exchange_rate`, ...), row 2 the product, row 3 the unit (`1000 l`, `t`);
 *   from row 4 one week a row, newest first, its day in column A (an Excel serial), prices in EUR per
 *   1000 L for every country. Each price gives a EUR record and, for a country outside the euro area on that
 *   day, the same price in its national currency at the rate the row states (eu-bulletin-currencies.ts).
 *   A row whose column A holds no day (the header rows, blanks, the `Notes:` footer) is not a week.
 * - the weekly file ("prices with taxes", one week): eu-bulletin-weekly.ts.
 *
 * Read: `euro95` -> e5, `diesel` -> diesel, `LPG` -> lpg. Not read: heating gas oil and fuel oils (not road
 * fuels), the `EU` and `EUR` averages, any product column the service does not know. An empty or zero cell
 * is a price not reported (no record); text that is not a number, an implausible price or a rate that fits
 * neither direction is rejected with its sheet, row and column. A workbook without the sheets and header
 * row described is refused whole (its message says what is missing).
 */
import type { CountryPriceRecord } from '../../../models/places.js';
import { roundTo } from '../../../models/round.js';
import { nationalCurrencyOn, unitsPerEur } from './eu-bulletin-currencies.js';
import { isWeeklyBulletin, parseWeeklySheet } from './eu-bulletin-weekly.js';
import { countryCode, EU_BULLETIN_SOURCE, MAX_EUR_PER_LITRE, XLSX_PRODUCTS } from './eu-bulletin.js';
import { emptyPlaces, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';
import { dayOfCell, numberOfCell, readSheets, type SheetRows } from './xlsx.js';

const SHEETS = [{ name: 'Prices with taxes', tax: 'with_tax', withTaxes: true }, { name: 'Prices wo taxes', tax: 'wo_tax', withTaxes: false }] as const;

const AGGREGATES = new Set(['EU', 'EUR']);

const COLUMN = /^([A-Z]{2,3})_price_(with_tax|wo_tax)_([A-Za-z0-9_]+)$/;
const RATE_COLUMN = /^([A-Z]{2})_exchange_rate$/;
const text = (cell: unknown) => (typeof cell === 'string' ? cell.trim() : '');

/** Either workbook, told apart by its sheets (the history file's) or its first sheet's header (the weekly file's). */
export function parseEuBulletinXlsx(doc: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces[] {
  const sheets = readSheets(doc, file, (name, index) => index === 0 || SHEETS.some((s) => s.name === name));
  if (sheets.has(SHEETS[0].name)) return SHEETS.filter((s) => sheets.has(s.name)).map((s) => parseHistorySheet(sheets.get(s.name)!, s, file));
  const first = [...sheets.values()][0];
  if (first && isWeeklyBulletin(first)) return [parseWeeklySheet(first, file)];
  throw new Error(`${file}: not an Oil Bulletin workbook: no sheet '${SHEETS[0].name}' (the history file) and no Euro-super 95 header over a day `
    + `in the first sheet (the weekly file); sheets: ${[...sheets.keys()].join(', ') || 'none'}`);
}

function parseHistorySheet(rows: SheetRows, sheet: (typeof SHEETS)[number], file: string): ParsedPlaces {
  const places = emptyPlaces(EU_BULLETIN_SOURCE, `${file} [${sheet.name}]`);
  const reject = (line: number, reason: string) => void places.rejected.push({ file: places.file, line, reason });
  const header = rows[0] ?? [];
  const units = rows[2] ?? [];
  const columns: { index: number; country: string; product: (typeof XLSX_PRODUCTS)[string]; code: string }[] = [];
  const rateColumn = new Map<string, number>();
  let priceColumns = 0;
  header.forEach((cell, index) => {
    const code = text(cell);
    const rate = RATE_COLUMN.exec(code);
    if (rate) return void rateColumn.set(countryCode(rate[1]!)!, index);
    const m = COLUMN.exec(code);
    if (!m || m[2] !== sheet.tax) return;
    priceColumns++;
    const product = XLSX_PRODUCTS[m[3]!.toLowerCase()];
    if (!product || AGGREGATES.has(m[1]!)) return;
    const country = countryCode(m[1]!);
    if (country === null) return;
    const unit = text(units[index]).toLowerCase().replace(/\s+/g, '');
    if (unit !== '1000l') return reject(3, `column ${code}: unit '${text(units[index])}', expected 1000 l`);
    columns.push({ index, country, product, code });
  });
  if (priceColumns === 0) throw new Error(`${places.file}: row 1 names no {country}_price_${sheet.tax}_{product} column (a changed layout?)`);

  rows.forEach((row, r) => {
    const day = r < 3 ? null : dayOfCell(row[0]);
    if (day === null) return;
    const line = r + 1;
    places.rowsRead++;
    for (const { index, country, product, code } of columns) {
      const value = numberOfCell(row[index]);
      if (value === null || value === 0) continue;
      if (value === undefined) {
        reject(line, `${code} '${String(row[index])}' is not a number (${day})`);
        continue;
      }
      const eur = value / 1000;
      if (!(eur > 0 && eur <= MAX_EUR_PER_LITRE)) {
        reject(line, `${code} ${value} is not a plausible price (${roundTo(eur, 6)} EUR per litre; expected above 0 and at most ${MAX_EUR_PER_LITRE}) (${day})`);
        continue;
      }
      const base = { country_code: country, grade: product.grade, local_name: product.name, date: day, with_taxes: sheet.withTaxes };
      const push = (record: CountryPriceRecord) => places.countryPrices.push({ line, record });
      push({ ...base, price: roundTo(eur, 6), currency: 'EUR', price_eur: roundTo(eur, 6) });
      const national = nationalCurrencyOn(country, day);
      const rateAt = rateColumn.get(country);
      const rate = national && rateAt !== undefined ? numberOfCell(row[rateAt]) : null;
      if (!national || rate === null || rate === undefined || rate === 1) continue;
      const units = unitsPerEur(national, rate);
      if (units === null) {
        reject(line, `${country}_exchange_rate ${rate} fits neither EUR per ${national.currency} nor ${national.currency} per EUR (${day}): ${code} stored in EUR only`);
        continue;
      }
      push({ ...base, price: roundTo(eur * units, 6), currency: national.currency, price_eur: roundTo(eur, 6) });
    }
  });
  return places;
}
