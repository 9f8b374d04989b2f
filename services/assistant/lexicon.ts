/**
 * The assistant's data files: a lexicon and a set of answer templates per language
 * (data/assistant/lexicons/<lang>.json, data/assistant/templates/<lang>.json), validated by zod when they
 * are read (a bad file stops the first call with the file's name). The lexicons of all languages are
 * compiled into one list of patterns, since drivers mix languages; country and month names come from
 * Intl in every language and are added to what the files list.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUNTRY_ISO2 } from '../../models/codes.js';
import { LANGUAGES, type Lang } from '../../models/languages.js';
import { Lexicon, Templates, LEXICON_INTENTS } from '../../models/assistant.js';
import { compileWords, fold, tokenize, type PatternWord } from '../../engine/assistant/text.js';

/** Countries the assistant recognises by name: the service's 23 and the others fuel prices, bans and Sundays are held for. */
export const KNOWN_COUNTRIES = [...new Set([...Object.values(COUNTRY_ISO2),
  'AT', 'CZ', 'FR', 'NL', 'BE', 'ES', 'PT', 'DK', 'SE', 'FI', 'LU', 'IE', 'CY', 'MT', 'CH', 'GB'])];

export interface Pattern {
  lang: Lang;
  /** `intent:queue_now`, `vehicle:9`, `country:PL`, `day:1`, `weekday:3`, `weekend`, `now`, `part:morning`, `fuel:diesel`,
   * `to`, `from`, `hour_before`, `hour_after`, `month:12`, `below`, `above`, `unit:hours`, `unit:minutes`, `wait`. */
  slot: string;
  words: PatternWord[];
  /** Patterns from Intl (country and month names) count less than a lexicon's own words. */
  generated?: boolean;
}

export interface AssistantData {
  lexicons: Map<Lang, Lexicon>;
  templates: Map<Lang, Templates>;
  patterns: Pattern[];
  /** Every language's stop words (never a checkpoint name on their own). */
  stopwords: Set<string>;
  /** Folded place form -> GeoNames name. */
  places: Map<string, string>;
  directionSuffixes: { to: string[]; from: string[]; with: string[] };
}

function dataDir(kind: string): string {
  for (const rel of [`../../data/assistant/${kind}/`, `../../../data/assistant/${kind}/`]) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error(`folder data/assistant/${kind} is missing`);
}

function readFile<T>(kind: string, lang: Lang, schema: { parse: (v: unknown) => T }): T {
  const path = join(dataDir(kind), `${lang}.json`);
  try {
    const parsed = schema.parse(JSON.parse(readFileSync(path, 'utf8'))) as T & { lang: string };
    if (parsed.lang !== lang) throw new Error(`declares lang '${parsed.lang}'`);
    return parsed;
  } catch (err) {
    throw new Error(`data/assistant/${kind}/${lang}.json is not valid: ${(err as Error).message}`);
  }
}

/** A name from Intl as a pattern: the folded words, the last one a stem without its final vowels (inflection). */
function nameStem(name: string): string {
  const words = tokenize(fold(name)).map((t) => t.w);
  if (words.length === 0) return '';
  const last = words[words.length - 1]!;
  const stemmed = last.length >= 5 ? last.replace(/[aeiouyаеиоуыэюяіїєьй]+$/u, '') : last;
  words[words.length - 1] = stemmed.length >= 4 && stemmed !== last ? `${stemmed}*` : last;
  return words.join(' ');
}

function intlPatterns(lang: Lang): Pattern[] {
  const out: Pattern[] = [];
  const regions = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
  for (const iso of KNOWN_COUNTRIES) {
    const name = regions.of(iso);
    if (!name || name.length < 4) continue;
    const p = nameStem(name);
    if (p) out.push({ lang, slot: `country:${iso}`, words: compileWords(p), generated: true });
  }
  // Month names in both the standalone and the "25 December" (genitive in Slavic languages) forms.
  const standalone = new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' });
  const inDate = new Intl.DateTimeFormat(lang, { month: 'long', day: 'numeric', timeZone: 'UTC' });
  for (let m = 0; m < 12; m++) {
    const d = new Date(Date.UTC(2026, m, 15));
    const forms = new Set([standalone.format(d), inDate.format(d).replace(/[\d.,]/g, ' ')].map((s) => fold(s).replace(/\s+(de|d|г)$/u, '').trim()));
    for (const form of forms) {
      const word = tokenize(form).map((t) => t.w).filter((w) => w.length >= 3).at(-1);
      if (!word) continue;
      const stem = word.length > 5 ? `${word.slice(0, Math.max(4, word.length - 2))}*` : word;
      out.push({ lang, slot: `month:${m + 1}`, words: compileWords(stem), generated: true });
    }
  }
  return out;
}

function lexiconPatterns(lex: Lexicon): Pattern[] {
  const out: Pattern[] = [];
  const add = (slot: string, list: readonly string[] | undefined) => {
    for (const p of list ?? []) {
      const words = compileWords(p);
      if (words.length > 0) out.push({ lang: lex.lang, slot, words });
    }
  };
  for (const intent of LEXICON_INTENTS) add(`intent:${intent}`, lex.intents[intent]);
  for (const [type, list] of Object.entries(lex.vehicles)) add(`vehicle:${type}`, list);
  for (const [iso, list] of Object.entries(lex.countries)) add(`country:${iso}`, list);
  for (const [fuel, list] of Object.entries(lex.fuels)) add(`fuel:${fuel}`, list);
  add('to', lex.direction.to);
  add('from', lex.direction.from);
  const w = lex.when;
  add('now', w.now);
  add('day:0', w.today);
  add('day:1', w.tomorrow);
  add('day:2', w.day_after_tomorrow);
  add('weekend', w.weekend);
  w.weekdays?.forEach((list, d) => add(`weekday:${d}`, list));
  for (const [part, list] of Object.entries(w.parts ?? {})) add(`part:${part}`, list);
  add('hour_before', w.hour_before);
  add('hour_after', w.hour_after);
  add('below', lex.thresholds.below);
  add('above', lex.thresholds.above);
  add('unit:hours', lex.thresholds.hours);
  add('unit:minutes', lex.thresholds.minutes);
  add('wait', lex.wait);
  return out;
}

let loaded: AssistantData | null = null;

/** The data files, read, validated and compiled once per process. */
export function assistantData(): AssistantData {
  if (loaded) return loaded;
  const lexicons = new Map<Lang, Lexicon>();
  const templates = new Map<Lang, Templates>();
  const patterns: Pattern[] = [];
  const stopwords = new Set<string>();
  const places = new Map<string, string>();
  const directionSuffixes = { to: new Set<string>(), from: new Set<string>(), with: new Set<string>() };
  for (const lang of LANGUAGES) {
    const lex = readFile('lexicons', lang, Lexicon);
    lexicons.set(lang, lex);
    templates.set(lang, readFile('templates', lang, Templates));
    patterns.push(...lexiconPatterns(lex), ...intlPatterns(lang));
    for (const s of lex.stopwords) stopwords.add(fold(s));
    for (const [form, name] of Object.entries(lex.places)) places.set(tokenize(fold(form)).map((t) => t.w).join(' '), name);
    for (const s of lex.direction.to_suffixes ?? []) directionSuffixes.to.add(fold(s));
    for (const s of lex.direction.from_suffixes ?? []) directionSuffixes.from.add(fold(s));
    for (const s of lex.direction.with_suffixes ?? []) directionSuffixes.with.add(fold(s));
  }
  const longestFirst = (set: Set<string>) => [...set].sort((a, b) => b.split('>')[0]!.length - a.split('>')[0]!.length);
  loaded = {
    lexicons, templates, patterns, stopwords, places,
    directionSuffixes: { to: longestFirst(directionSuffixes.to), from: longestFirst(directionSuffixes.from), with: longestFirst(directionSuffixes.with) },
  };
  return loaded;
}
