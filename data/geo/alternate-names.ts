/**
 * The names places are known by beside their own, from GeoNames' `cities500.txt` (CC BY 4.0) as
 * data/scripts/build-alternate-names.ts derives them into data/bundled/geo/alternate-names.tsv.gz: per
 * place (GeoNames id) its alternate names in every language of the Latin, Cyrillic and Greek scripts,
 * already folded (`lemberg`, `lwow`, `львів`), and its Cyrillic and Greek names as written. Reading it
 * costs ~0.2 s where folding the source's 32 MB would cost seconds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { COUNTRY_ISO2 } from '../../models/codes.js';

/** The service's countries and the countries bordering them (ISO-2). */
export const SERVICE_REGION: ReadonlySet<string> = new Set([
  ...Object.values(COUNTRY_ISO2),
  'RU', 'CZ', 'AT', 'CH', 'FR', 'NL', 'BE', 'LU', 'DK', 'SM', 'VA', 'LI', 'GE', 'AM', 'AZ', 'IR', 'IQ', 'SY', 'CY',
]);

const FILE = 'bundled/geo/alternate-names.tsv.gz';

/** The file, from the sources or from the build (dist/data/geo -> data/bundled/geo). */
function path(): string {
  for (const rel of [`../${FILE}`, `../../../data/${FILE}`]) {
    const found = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(found)) return found;
  }
  throw new Error(`bundled data file data/${FILE} is missing (npx tsx data/scripts/build-alternate-names.ts builds it)`);
}

/** Calls `each` for every place of the file: its GeoNames id, its folded alternate names, and its Cyrillic and Greek names. */
export function readAlternateNames(each: (geonameId: number, keys: string[], scriptNames: string[]) => void): void {
  for (const line of gunzipSync(readFileSync(path())).toString('utf8').split('\n')) {
    if (!line) continue;
    const [id, keys, names] = line.split('\t');
    each(Number(id), keys ? keys.split('|') : [], names ? names.split('|') : []);
  }
}
