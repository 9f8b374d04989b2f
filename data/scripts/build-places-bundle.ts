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
import { compactOverpass, withoutFailedPositions, withoutSuspectNotices } from './places-derived.js';

const shared = process.argv[2] ?? '../shared/data';
const out = new URL('../bundled/places/', import.meta.url).pathname;

/** Where each shipped file comes from, which rows of it are kept, and what a derived file changes (with why, for the log). */
const ORIGINS: Record<string, { from: string; keep?: (line: string, index: number) => boolean; derive?: (text: string, shared: string) => { text: string; notes: string[] } }> = {
  'eu-bulletin-long.csv.gz': {
    from: 'eu-oil-bulletin/oil_bulletin_long_2005-01-03_2025-03-10.csv',
    keep: (line, i) => i === 0 || (line.split(',')[2] ?? '') >= '2024-01-01',
  },
  // The bulletin in national currencies with its exchange rates; the weeks of 2024 (the latest it holds).
  'eu-bulletin-wob.csv.gz': {
    from: 'eu-oil-bulletin/wob_full_2015-01-12_2024-06-17.csv',
    keep: (line, i) => i === 0 || line.startsWith('"2024-'),
  },
  'mimit-stations.csv.gz': { from: 'it-fuel/anagrafica_impianti_attivi.csv', derive: withoutFailedPositions },
  'mimit-prices.csv.gz': { from: 'it-fuel/prezzo_alle_8.csv' },
  'datex2-be-truck-parkings.json.gz': { from: 'truck-parking-datex2/truckparking20240722.json' },
  'osm-ua-supermarkets.json.gz': { from: 'ua-osm-supermarkets/supermarkets.json' },
  'osm-pl-fuel-stations.json.gz': { from: 'pl-osm-fuel-stations/overpass_pl_amenity_fuel_nodes_2026-03-15.json', derive: compactOverpass },
  'pl-max-prices.json.gz': { from: 'pl-max-fuel-prices/prices.json', derive: withoutSuspectNotices },
};

const log = ['# Places bundle: build log', '', `Built by data/scripts/build-places-bundle.ts from the published files (${new Date().toISOString().slice(0, 10)}).`, '',
  '| file | from | format | rows read | stations | without position | prices | national prices | places | rejected |', '|---|---|---|---|---|---|---|---|---|---|'];
const reasons: string[] = [];
const derived: string[] = [];
for (const { file, format } of PLACE_BUNDLE) {
  const origin = ORIGINS[file];
  if (!origin) throw new Error(`no origin for ${file}`);
  let text = readFileSync(join(shared, origin.from), 'utf8');
  if (origin.keep) text = `${text.split('\n').filter((line, i) => line.length > 0 && origin.keep!(line, i)).join('\n')}\n`;
  if (origin.derive) {
    const made = origin.derive(text, shared);
    text = made.text;
    derived.push(...made.notes.map((n) => `- ${file}: ${n}`));
  }
  writeFileSync(join(out, file), gzipSync(text, { level: 9 }));
  // Read as the first start reads it (positions checked at build: seed.ts), so the log counts what ships.
  for (const parsed of PLACE_FORMATS[format]!.parse(text, file, { at: new Date(), positionsChecked: true })) {
    const unplaced = parsed.stations.filter((s) => s.record.lat === null).length;
    log.push(`| ${file} | ${origin.from} | ${format} | ${parsed.rowsRead} | ${parsed.stations.length} | ${unplaced} | ${parsed.prices.length} | ${parsed.countryPrices.length} | ${parsed.pois.length} | ${parsed.rejected.length} |`);
    const byReason = new Map<string, number>();
    for (const r of parsed.rejected) {
      const reason = r.reason.replace(/'[^']*'/g, "'…'").replace(/\d+(\.\d+)?/g, 'N');
      byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
    }
    for (const [reason, n] of byReason) reasons.push(`- ${file}: ${n} × ${reason}`);
  }
}
log.push('', '## Rejected rows, by reason', '', ...(reasons.length ? reasons : ['none']), '');
log.push('## What the derived files change', '', ...(derived.length ? derived : ['nothing']), '');
writeFileSync(join(out, 'BUILD-LOG.md'), log.join('\n'));
console.log(log.join('\n'));
