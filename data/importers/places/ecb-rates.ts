/**
 * The European Central Bank's euro foreign exchange reference rates, source `ecb` (re-use allowed, naming
 * the ECB as the source): `eurofxref-daily.xml` (the latest day), `eurofxref-hist-90d.xml` and
 * `eurofxref-hist.xml` (a day a `Cube`, newest first) share one shape:
 *
 *   <gesmes:Envelope ...><Cube><Cube time="2019-07-31"><Cube currency="PLN" rate="4.2912"/>...</Cube></Cube></gesmes:Envelope>
 *
 * The rate is units of the currency per EUR. A record per currency and day, its line the rate's 1-based
 * position in the document; a rate that is not a positive number, a currency that is not three capitals
 * or a day that is not one is rejected. A document without the `Envelope` and its `Cube` is refused whole.
 */
import { XMLParser } from 'fast-xml-parser';
import { emptyPlaces, type EurRateRecord, type Lined, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';

export const ECB_SOURCE = 'ecb';

const xml = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false,
  isArray: (name) => name === 'Cube',
});

type Cube = { time?: string; currency?: string; rate?: string; Cube?: Cube[] };

const isDay = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

export function parseEcbRates(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  let doc: { Envelope?: { Cube?: Cube[] } };
  try {
    doc = xml.parse(text, true) as typeof doc;
  } catch (err) {
    throw new Error(`${file}: not XML (${(err as Error).message.split('\n')[0]})`);
  }
  const outer = doc?.Envelope?.Cube?.[0];
  if (!outer) throw new Error(`${file}: not the ECB's reference rates: no <gesmes:Envelope><Cube> (a changed format?)`);
  const parsed = emptyPlaces(ECB_SOURCE, file);
  const rates: Lined<EurRateRecord>[] = (parsed.rates = []);
  let line = 0;
  for (const day of outer.Cube ?? []) {
    for (const quote of day.Cube ?? []) {
      line++;
      parsed.rowsRead++;
      const reject = (reason: string) => void parsed.rejected.push({ file, line, reason });
      if (!isDay(day.time)) {
        reject(`time '${String(day.time)}' is not a day`);
        continue;
      }
      const currency = String(quote.currency ?? '').trim();
      if (!/^[A-Z]{3}$/.test(currency)) {
        reject(`currency '${currency}' is not an ISO 4217 code (${day.time})`);
        continue;
      }
      const text = String(quote.rate ?? '').trim();
      const rate = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
      if (!(rate > 0)) {
        reject(`rate '${text}' of ${currency} is not a positive number (${day.time})`);
        continue;
      }
      rates.push({ line, record: { currency, date: day.time, units_per_eur: rate } });
    }
  }
  return parsed;
}
