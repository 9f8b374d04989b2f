/**
 * Copies the place data the project ships into data/bundled/places/ (run by hand when sources change):
 *   npx tsx data/scripts/build-places-bundle.ts <shared-data-dir>
 * Every file is the published file, verbatim and gzipped; the EU bulletin keeps its rows from 2024 on
 * (the answers show the latest week). Each is read at first start by its `bdds import` format (seed.ts),
 * so the shipped data goes through the same parser and checks as an operator's import. Writes
 * data/bundled/places/BUILD-LOG.md with what each file yields.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PLACE_BUNDLE } from '../seed.js';
import { PLACE_FORMATS } from '../importers/places/formats.js';

const shared = process.argv[2] ?? '../shared/data';
const out = new URL('../bundled/places/', import.meta.url).pathname;

/** Where each shipped file comes from, and which rows of it are kept. */
const ORIGINS: Record<string, { from: string; keep?: (line: string, index: number) => boolean }> = {
  'eu-bulletin-long.csv.gz': {
    from: 'eu-oil-bulletin/oil_bulletin_long_2005-01-03_2025-03-10.csv',
    keep: (line, i) => i === 0 || (line.split(',')[2] ?? '') >= '2024-01-01',
  },
  'mimit-stations.csv.gz': { from: 'it-fuel/anagrafica_impianti_attivi.csv' },
  'mimit-prices.csv.gz': { from: 'it-fuel/prezzo_alle_8.csv' },
  'datex2-be-truck-parkings.json.gz': { from: 'truck-parking-datex2/truckparking20240722.json' },
  'osm-ua-supermarkets.json.gz': { from: 'ua-osm-supermarkets/supermarkets.json' },
};

const log = ['# Places bundle: build log', '', `Built by data/scripts/build-places-bundle.ts from the published files (${new Date().toISOString().slice(0, 10)}).`, '',
  '| file | from | format | rows read | stations | prices | national prices | places | rejected |', '|---|---|---|---|---|---|---|---|---|'];
const reasons: string[] = [];
for (const { file, format } of PLACE_BUNDLE) {
  const origin = ORIGINS[file];
  if (!origin) throw new Error(`no origin for ${file}`);
  let text = readFileSync(join(shared, origin.from), 'utf8');
  if (origin.keep) text = `${text.split('\n').filter((line, i) => line.length > 0 && origin.keep!(line, i)).join('\n')}\n`;
  writeFileSync(join(out, file), gzipSync(text, { level: 9 }));
  for (const parsed of PLACE_FORMATS[format]!.parse(text, file, { at: new Date() })) {
    log.push(`| ${file} | ${origin.from} | ${format} | ${parsed.rowsRead} | ${parsed.stations.length} | ${parsed.prices.length} | ${parsed.countryPrices.length} | ${parsed.pois.length} | ${parsed.rejected.length} |`);
    const byReason = new Map<string, number>();
    for (const r of parsed.rejected) {
      const reason = r.reason.replace(/'[^']*'/g, "'…'").replace(/\d+(\.\d+)?/g, 'N');
      byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
    }
    for (const [reason, n] of byReason) reasons.push(`- ${file}: ${n} × ${reason}`);
  }
}
log.push('', '## Rejected rows, by reason', '', ...(reasons.length ? reasons : ['none']), '');
writeFileSync(join(out, 'BUILD-LOG.md'), log.join('\n'));
console.log(log.join('\n'));
