/**
 * Names of a location in the 24 languages. Published names (DPSU, eCherha, the Polish Border Guard,
 * the crossing list) are kept as they are; languages without a published name get the Ukrainian name
 * romanised by cyrillic-to-translit-js (Ukrainian national system, KMU 2010) for Latin-script
 * languages, or the Ukrainian Cyrillic name for Cyrillic-script languages. Each is flagged.
 */
import { createRequire } from 'node:module';
import type { NameEntry } from '../../models/directory.js';
import { LANGUAGES } from '../../models/languages.js';

// A CommonJS factory whose type declarations do not match its export under NodeNext: load it plainly.
type Translit = (config: { preset: 'uk' }) => { transform(input: string): string };
const romaniser = (createRequire(import.meta.url)('cyrillic-to-translit-js') as Translit)({ preset: 'uk' });
const CYRILLIC_SCRIPT = new Set(['uk', 'ru', 'be', 'bg', 'sr', 'mk']);

export function romanise(cyrillic: string): string {
  return romaniser.transform(cyrillic).replace(/\s+/g, ' ').trim();
}

/** Published names first (the first per language is primary), then derived names for the other languages. */
export function namesFor(published: Omit<NameEntry, 'primary'>[], ukrainianBase: string): NameEntry[] {
  const out: NameEntry[] = [];
  const seen = new Set<string>();
  const primaryLangs = new Set<string>();
  for (const entry of published) {
    const key = `${entry.lang}|${entry.name}`;
    if (seen.has(key) || entry.name.trim() === '') continue;
    seen.add(key);
    out.push({ ...entry, primary: !primaryLangs.has(entry.lang) });
    primaryLangs.add(entry.lang);
  }
  for (const lang of LANGUAGES) {
    if (primaryLangs.has(lang)) continue;
    const cyrillic = CYRILLIC_SCRIPT.has(lang);
    out.push({
      lang,
      name: cyrillic ? ukrainianBase : romanise(ukrainianBase),
      official: false,
      method: cyrillic ? 'cyrillic-shared' : 'translit-kmu2010',
      primary: true,
    });
  }
  return out;
}
