/**
 * Names of a location in the 24 languages. Published names (DPSU, eCherha, the Polish Border Guard,
 * the crossing list) are kept as they are. A Latin-script language without a published name gets the
 * published English name, which spells each side's place as its country does (`Chop-Zahony`,
 * `Diakove-Halmeu`); only where none is published, the Ukrainian name romanised by cyrillic-to-translit-js
 * (Ukrainian national system, KMU 2010), which is right for the Ukrainian side and garbles the other
 * (`Chop - Zakhon`, `Diakove - Khalmeu`): beside the English name it is kept as a further name, for search.
 * Cyrillic-script languages get the Ukrainian Cyrillic name. Each is flagged by its method.
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
  const english = out.find((e) => e.lang === 'en' && e.primary)?.name;
  for (const lang of LANGUAGES) {
    if (primaryLangs.has(lang)) continue;
    if (CYRILLIC_SCRIPT.has(lang)) {
      out.push({ lang, name: ukrainianBase, official: false, method: 'cyrillic-shared', primary: true });
      continue;
    }
    const romanised = romanise(ukrainianBase);
    if (english !== undefined) out.push({ lang, name: english, official: false, method: 'latin-shared', primary: true });
    if (english === undefined || romanised !== english) out.push({ lang, name: romanised, official: false, method: 'translit-kmu2010', primary: english === undefined });
  }
  return out;
}
