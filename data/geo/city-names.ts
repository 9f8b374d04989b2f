/**
 * A place's name in a reader's language, chosen from GeoNames' untagged alternate names (no language is
 * given with them) by the language's alphabet. For a language written in Cyrillic or Greek: the place's
 * names in that script whose letters all belong to the language's alphabet (CLDR's exemplar characters);
 * among them those with a letter that marks the language (DISTINCTIVE: Ukrainian `Мілан`, `Відень` before
 * `Милан`, `Вена`), when any has one; then the one most like the language's spelling, by a model of letter
 * pairs learnt from all places' names that fit that alphabet and as few others as possible (Ukrainian
 * `Ужгород` before Belarusian `Ужгарад`, `Одеса` before `Одесса`), where that sample is large and the
 * language's own; elsewhere the most typical form, nearest to all the place's names in the script (`Рим`
 * among `Римъ`, `Ром`, `Рым`).
 * Latin-script languages keep GeoNames' own name: untagged alternates cannot tell German `Mailand` from
 * Polish `Mediolan`. Limits in docs/places.md.
 */
import type { Lang } from '../../models/languages.js';
import { allScriptNames, scriptNamesOf, type Place } from './gazetteer.js';

/** CLDR 48 exemplar characters (main set) of the service's languages not written in Latin letters, as in cldr-misc-full. */
const ALPHABETS: Partial<Record<Lang, string>> = {
  uk: 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюяʼ',
  ru: 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя',
  be: 'абвгдеёжзійклмнопрстуўфхцчшыьэюя',
  bg: 'абвгдежзийклмнопрстуфхцчшщъьюя',
  sr: 'абвгдђежзијклљмнњопрстћуфхцчџш',
  mk: 'абвгдѓежзѕијклљмнњопрстќуфхцчџш',
  el: 'αάβγδεέζηήθιίϊΐκλμνξοόπρσςτυύϋΰφχψωώ',
};
const LANGS = Object.keys(ALPHABETS) as Lang[];

/**
 * Letters that mark a name as the language's: written by it and by at most one other of the service's
 * languages. Russian and Bulgarian get none: ы, э, ё and ъ are written by many of the other Cyrillic
 * alphabets GeoNames lists names in, and by Russian before 1918 (`Кыив`, `Римъ`).
 */
const DISTINCTIVE: Partial<Record<Lang, string>> = { uk: 'іїєґ', be: 'ў', sr: 'ђћјљњџ', mk: 'ѓѕќјљњџ' };

/** A name written in a language's alphabet: its letters, and between words spaces, hyphens and apostrophes. */
const WRITTEN = new Map(LANGS.map((lang) => [lang, new RegExp(`^[${ALPHABETS[lang]}\\s\\-'ʼ’]+$`, 'u')]));

const lowered = (name: string) => name.normalize('NFC').toLowerCase();
const fitsIn = (lower: string, lang: Lang) => WRITTEN.get(lang)!.test(lower);

/** Letter pairs (word edges included) of a name, lower case. */
const pairs = (lower: string) => {
  const ch = ['^', ...lower.replace(/[\s\-'ʼ’]+/gu, ' '), '$'];
  return ch.slice(1).map((c, i) => ch[i]! + c);
};

/** A model leads only when learnt from this many names that no other alphabet fits (Ukrainian's 2,000, Greek's 3,600; Russian's 1,300 are mixed). */
const LEADING_SAMPLE = 2_000;

interface Spelling {
  /** Mean log-probability of a name's letter pairs (add-one smoothing). */
  score: (lower: string) => number;
  /** Whether the score ranks before typicality. */
  leads: boolean;
}
const models = new Map<Lang, Spelling>();

/** The letter-pair model of `lang`, from all places' names that fit its alphabet and the fewest others. */
function spelling(lang: Lang): Spelling {
  let model = models.get(lang);
  if (model) return model;
  const byBreadth = new Map<number, string[]>();
  for (const names of allScriptNames()) {
    for (const name of names) {
      const lower = lowered(name);
      if (!fitsIn(lower, lang)) continue;
      const breadth = LANGS.filter((l) => fitsIn(lower, l)).length;
      const same = byBreadth.get(breadth);
      if (same) same.push(lower);
      else byBreadth.set(breadth, [lower]);
    }
  }
  const narrowest = Math.min(...byBreadth.keys());
  const sample = byBreadth.get(narrowest) ?? [];
  const counts = new Map<string, number>();
  for (const pair of sample.flatMap(pairs)) {
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
    counts.set(pair[0]!, (counts.get(pair[0]!) ?? 0) + 1);
  }
  const letters = ALPHABETS[lang]!.length + 2;
  model = {
    score: (lower) => {
      const ps = pairs(lower);
      return ps.reduce((sum, p) => sum + Math.log(((counts.get(p) ?? 0) + 1) / ((counts.get(p[0]!) ?? 0) + letters)), 0) / ps.length;
    },
    leads: narrowest === 1 && sample.length >= LEADING_SAMPLE,
  };
  models.set(lang, model);
  return model;
}

/** Levenshtein distance (two rows). */
function edits(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** The name of `place` in `lang` where its alternate names tell it, else its GeoNames name. */
export function cityNameIn(place: Place, lang: Lang): string {
  if (!ALPHABETS[lang]) return place.name;
  // A place's name in a language never changes: chosen once (the ranking costs milliseconds a city).
  let names = chosen.get(place);
  if (!names) chosen.set(place, (names = new Map()));
  let name = names.get(lang);
  if (name === undefined) names.set(lang, (name = choose(place, lang)));
  return name;
}

const chosen = new WeakMap<Place, Map<Lang, string>>();

function choose(place: Place, lang: Lang): string {
  const all = scriptNamesOf(place).map((name) => ({ name, lower: lowered(name) }));
  const fits = all.filter((n) => fitsIn(n.lower, lang));
  if (fits.length === 0) return place.name;
  const marks = DISTINCTIVE[lang];
  const marked = marks ? fits.filter((n) => [...n.lower].some((ch) => marks.includes(ch))) : [];
  const model = spelling(lang);
  // Unless the model leads, the most typical form first (fewest edits to all the place's names in its
  // script), the model breaking ties: a mixed sample's model prefers its mixture's spellings (`Киевом`).
  const typicality = (lower: string) => (model.leads ? 0 : all.reduce((sum, other) => sum + edits(lower, other.lower), 0));
  const ranked = (marked.length > 0 ? marked : fits).map((n) => ({ ...n, cost: typicality(n.lower), score: model.score(n.lower) }))
    .sort((a, b) => a.cost - b.cost || b.score - a.score || a.name.length - b.name.length || a.name.localeCompare(b.name));
  return ranked[0]!.name;
}
