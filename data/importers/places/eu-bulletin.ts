/**
 * European Commission (DG ENER) Weekly Oil Bulletin: national average pump prices, weekly, CC BY 4.0
 * ("European Commission, Weekly Oil Bulletin"). Two shapes, both source `eu-bulletin`:
 *
 * - `oil_bulletin_long_*.csv` (`country,country_name,date,variable,value`): with taxes, EUR per litre.
 *   `Euro 95` -> e5, `Diesel` -> diesel, `LPG` -> lpg. `Heating Oil` (not a road fuel) and the aggregates
 *   `EU` and `EUR` (euro area) are skipped: neither a record nor a rejection. `UK` is stored as `GB`.
 * - `wob_full_*.csv` (`prices_in_force_on,country_name,country_code,product,currency,unit,eur_exchange_rate,
 *   price_with_taxes,price_without_taxes`): EUR per 1000 L even for non-euro countries. Each road-fuel
 *   row gives one record with taxes and one without, `currency: 'EUR'`, price = value / 1000 = `price_eur`.
 *   For a non-euro country (`currency` other than EUR) the row ALSO gives the same two prices in the
 *   national currency (`currency: 'PLN'`, ...; `price_eur` keeps the EUR figure). `eur_exchange_rate` is
 *   EUR per one unit of the national currency (BGN 0.5113 = 1 / 1.95583, GBP 1.28, HUF 0.0031), so the
 *   national price is the EUR price DIVIDED by the rate (UK 2015-01-12: 1.397 EUR / 1.2835 = 1.089 GBP
 *   per litre, the price UK drivers paid). Non-road products (heating gas oil, fuel oils per tonne, UK
 *   burning oil) and `Lead substitute petrol` (a road fuel of the past, Greece only, with no grade in
 *   FUEL_GRADES) are skipped; any other product is rejected by name.
 *
 * `date` of every record is the day the price is in force. Prices are rounded to 6 decimals.
 */
import type { CountryPriceRecord, FuelGrade } from '../../../models/places.js';
import { emptyPlaces, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';
import { roundTo } from '../../../models/round.js';

export const EU_BULLETIN_SOURCE = 'eu-bulletin';

/** Highest plausible national average, EUR per litre. */
export const MAX_EUR_PER_LITRE = 20;

/** The workbooks' product codes the service reads (eu-bulletin-xlsx.ts), with the names the wob CSV gives them. */
export const XLSX_PRODUCTS: Readonly<Record<string, { grade: FuelGrade; name: string }>> = {
  euro95: { grade: 'e5', name: 'Euro-super 95' },
  diesel: { grade: 'diesel', name: 'Automotive gas oil' },
  lpg: { grade: 'lpg', name: 'LPG - motor fuel' },
};

const LONG_VARIABLES: Record<string, FuelGrade> = { 'Euro 95': 'e5', Diesel: 'diesel', LPG: 'lpg' };
const LONG_SKIPPED_VARIABLES = new Set(['Heating Oil']);
const AGGREGATES = new Set(['EU', 'EUR']);

/** wob product names, compared lower case with punctuation folded to spaces (`LPG - motor fuel` = `lpg motor fuel`). */
const WOB_PRODUCTS: Record<string, FuelGrade> = { 'euro super 95': 'e5', 'automotive gas oil': 'diesel', 'lpg motor fuel': 'lpg' };
const WOB_SKIPPED_PRODUCTS = new Set([
  'heating gas oil',
  'fuel oil sulphur less than 1',
  'fuel oil sulphur higher than 1',
  'standard grade burning oil uk',
  'lead substitute petrol',
]);

const productKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** `UK` -> `GB`; any other two capital letters as they are; null when not a country code. */
export function countryCode(cell: string): string | null {
  const code = cell.trim().toUpperCase();
  if (code === 'UK') return 'GB';
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

function isDay(cell: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(cell)) return false;
  const d = new Date(`${cell}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === cell;
}

/** A decimal number from a cell: null when empty, undefined when not a number. */
function decimal(cell: string | undefined): number | null | undefined {
  const text = (cell ?? '').trim();
  if (text === '' || text.toUpperCase() === 'NA') return null;
  if (!/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** Why a price cell cannot be used (`what` names the column), or the price per litre. */
function pricePerLitre(cell: string | undefined, what: string, divisor: number): number | string {
  const value = decimal(cell);
  if (value === null) return `${what} is empty`;
  if (value === undefined) return `${what} '${cell}' is not a number`;
  const perLitre = value / divisor;
  if (!(perLitre > 0 && perLitre <= MAX_EUR_PER_LITRE)) return `${what} '${cell}' is not a plausible price (${roundTo(perLitre, 6)} EUR per litre; expected above 0 and at most ${MAX_EUR_PER_LITRE})`;
  return perLitre;
}

/** The fields of one CSV line (RFC 4180: quoted fields, `""` inside quotes); `open` when a quote is left open. */
function splitCsvLine(line: string): { fields: string[]; open: boolean } {
  if (!line.includes('"')) return { fields: line.split(','), open: false };
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (line[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return { fields, open: quoted };
}

/**
 * Calls `read` with each data row of a CSV text (header first) and its cells by column name; a row
 * whose field count differs from the header's is rejected, a header without a required column rejects
 * the whole file (line 1). Empty lines are skipped, BOM and CRLF handled, a quoted field may span lines.
 * Several times faster than csv-parse on these large, plain files (the long bulletin: 120,600 rows).
 */
function forEachCsvRow<C extends string>(
  places: ParsedPlaces,
  text: string,
  required: readonly C[],
  read: (line: number, cell: (column: C) => string) => void,
): void {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  let header: string[] | null = null;
  let index = {} as Record<C, number>;
  let fields: string[] = [];
  const cell = (column: C) => fields[index[column]]!.trim();
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i]!;
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    if (raw === '') continue;
    const line = i + 1;
    let split = splitCsvLine(raw);
    while (split.open && i + 1 < lines.length) {
      raw += '\n' + lines[++i]!.replace(/\r$/, '');
      split = splitCsvLine(raw);
    }
    fields = split.fields;
    if (header === null) {
      header = fields.map((c) => c.trim());
      const missing = required.filter((c) => !header!.includes(c));
      if (missing.length > 0) return void places.rejected.push({ file: places.file, line, reason: `header lacks column(s) ${missing.join(', ')}` });
      index = Object.fromEntries(required.map((c) => [c, header!.indexOf(c)])) as Record<C, number>;
      continue;
    }
    places.rowsRead++;
    if (fields.length !== header.length) {
      places.rejected.push({ file: places.file, line, reason: `${fields.length} fields where the header has ${header.length}` });
      continue;
    }
    read(line, cell);
  }
}

/** `isDay`, remembered (a bulletin file has a few hundred distinct days over 100,000 rows). */
function dayChecker(): (cell: string) => boolean {
  const seen = new Map<string, boolean>();
  return (cell) => {
    let ok = seen.get(cell);
    if (ok === undefined) seen.set(cell, (ok = isDay(cell)));
    return ok;
  };
}

const LONG_COLUMNS = ['country', 'date', 'variable', 'value'] as const;

/** `oil_bulletin_long_*.csv`: country averages with taxes, EUR per litre, one record per used row. */
export function parseEuBulletinLong(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const places = emptyPlaces(EU_BULLETIN_SOURCE, file);
  const isDay = dayChecker();
  forEachCsvRow(places, text, LONG_COLUMNS, (line, cell) => {
    const reject = (reason: string) => void places.rejected.push({ file, line, reason });
    const country = cell('country');
    const variable = cell('variable');
    if (AGGREGATES.has(country.toUpperCase()) || LONG_SKIPPED_VARIABLES.has(variable)) return;
    const code = countryCode(country);
    if (code === null) return reject(`country '${country}' is not a two-letter code`);
    const grade = LONG_VARIABLES[variable];
    if (grade === undefined) return reject(`variable '${variable}' is not a known fuel`);
    const date = cell('date');
    if (!isDay(date)) return reject(`date '${date}' is not a YYYY-MM-DD day`);
    const price = pricePerLitre(cell('value'), 'value', 1);
    if (typeof price === 'string') return reject(`${price} (${variable}, ${country}, ${date})`);
    places.countryPrices.push({
      line,
      record: { country_code: code, grade, local_name: variable, price: roundTo(price, 6), currency: 'EUR', price_eur: roundTo(price, 6), date, with_taxes: true },
    });
  });
  return places;
}

const WOB_COLUMNS = ['prices_in_force_on', 'country_code', 'product', 'currency', 'unit', 'eur_exchange_rate', 'price_with_taxes', 'price_without_taxes'] as const;

/**
 * `wob_full_*.csv`: per road-fuel row, EUR records with and without taxes, and for a non-euro country
 * the same two in its national currency (EUR price / `eur_exchange_rate`, `price_eur` = the EUR price).
 */
export function parseEuBulletinWob(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const places = emptyPlaces(EU_BULLETIN_SOURCE, file);
  const isDay = dayChecker();
  forEachCsvRow(places, text, WOB_COLUMNS, (line, cell) => {
    const reject = (reason: string) => void places.rejected.push({ file, line, reason });
    const product = cell('product');
    const key = productKey(product);
    if (WOB_SKIPPED_PRODUCTS.has(key)) return;
    const grade = WOB_PRODUCTS[key];
    if (grade === undefined) return reject(`product '${product}' is not a known fuel`);
    const unit = cell('unit');
    if (unit.toUpperCase() !== '1000L') return reject(`unit '${unit}' of ${product}: expected 1000L`);
    const code = countryCode(cell('country_code'));
    if (code === null) return reject(`country_code '${cell('country_code')}' is not a two-letter code`);
    const date = cell('prices_in_force_on');
    if (!isDay(date)) return reject(`prices_in_force_on '${date}' is not a YYYY-MM-DD day`);
    const currency = cell('currency').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) return reject(`currency '${cell('currency')}' is not an ISO 4217 code`);
    let rate: number | null = null;
    if (currency !== 'EUR') {
      const value = decimal(cell('eur_exchange_rate'));
      if (value === null || value === undefined || !(value > 0)) return reject(`eur_exchange_rate '${cell('eur_exchange_rate')}' of ${currency} is not a positive number`);
      rate = value;
    }
    const withTaxes = pricePerLitre(cell('price_with_taxes'), `price_with_taxes (${product})`, 1000);
    const withoutTaxes = pricePerLitre(cell('price_without_taxes'), `price_without_taxes (${product})`, 1000);
    if (typeof withTaxes === 'string' || typeof withoutTaxes === 'string') {
      return reject([withTaxes, withoutTaxes].filter((p) => typeof p === 'string').join('; '));
    }
    const push = (record: CountryPriceRecord) => places.countryPrices.push({ line, record });
    for (const [eur, with_taxes] of [[withTaxes, true], [withoutTaxes, false]] as const) {
      push({ country_code: code, grade, local_name: product, price: roundTo(eur, 6), currency: 'EUR', price_eur: roundTo(eur, 6), date, with_taxes });
      if (rate !== null) push({ country_code: code, grade, local_name: product, price: roundTo(eur / rate, 6), currency, price_eur: roundTo(eur, 6), date, with_taxes });
    }
  });
  return places;
}
