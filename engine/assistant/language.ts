/**
 * The language a question is written in: the n-gram detector of `eld` (its small database, restricted to
 * the service's languages; loaded on first use, about half a second), the letters only some alphabets
 * have, and which language's lexicon words the question uses. Short questions with typos, without
 * diacritics or transliterated (`skolko ochered`) defeat a detector alone; the lexicon words decide then.
 */
import { LANGUAGES, type Lang } from '../../models/languages.js';

interface Detector {
  detect(text: string): { language: string; getScores(): Record<string, number> };
}

let detector: Promise<Detector> | null = null;

/** The detector, loaded once (`eld/small`, restricted to the service's languages that it knows). */
export function languageDetector(): Promise<Detector> {
  detector ??= import('eld/small').then(({ eld }) => {
    eld.setLanguageSubset([...LANGUAGES]);
    return eld as Detector;
  });
  return detector;
}

/** Letters that tell a language (or a few) apart. */
const LETTERS: [RegExp, Lang[]][] = [
  [/[їєґ]/u, ['uk']], [/і/u, ['uk', 'be']], [/ў/u, ['be']], [/[ыэъё]/u, ['ru', 'be', 'bg']], [/[ќѓѕ]/u, ['mk']], [/[ћђј]/u, ['sr', 'mk']],
  [/[őű]/u, ['hu']], [/[ășțâî]/u, ['ro']], [/[ąęśźżńł]/u, ['pl']], [/[řůě]/u, ['cs']], [/[ľĺŕô]/u, ['sk']], [/[ėųį]/u, ['lt']],
  [/[āēīļķņģ]/u, ['lv']], [/õ/u, ['et']], [/[ğış]/u, ['tr']], [/ë/u, ['sq']], [/ß/u, ['de']], [/[α-ω]/u, ['el']],
];

const CYRILLIC = /[\u0400-\u04ff]/u;
/** Written in Cyrillic (Serbian in either script); in Latin letters only when transliterated. */
const CYRILLIC_LANGS: ReadonlySet<Lang> = new Set(['uk', 'ru', 'be', 'bg', 'mk']);

/**
 * The most likely language of `question`; `lexiconHits` counts, per language, the question's words that
 * language's lexicon knows. Null for a question with no letters.
 */
export function detectLanguage(detect: Detector, question: string, lexiconHits: ReadonlyMap<Lang, number>): Lang | null {
  if (!/\p{L}/u.test(question)) return null;
  const lower = question.toLowerCase();
  const cyrillic = CYRILLIC.test(lower);
  const scores = new Map<Lang, number>();
  const add = (lang: Lang, v: number) => scores.set(lang, (scores.get(lang) ?? 0) + v);
  const found = detect.detect(lower).getScores();
  const max = Math.max(0, ...Object.values(found));
  if (max > 0) for (const [lang, s] of Object.entries(found)) if ((LANGUAGES as readonly string[]).includes(lang)) add(lang as Lang, 2 * (s / max) ** 4);
  for (const [re, langs] of LETTERS) if (re.test(lower)) for (const l of langs) add(l, 2 / langs.length);
  for (const [lang, n] of lexiconHits) add(lang, 1.5 * n);
  let best: Lang | null = null;
  let bestScore = -Infinity;
  for (const lang of LANGUAGES) {
    // A question in Cyrillic is in a Cyrillic-script language; one in Latin letters is not, unless it is
    // transliterated, which only the lexicons can tell.
    if (cyrillic ? !CYRILLIC_LANGS.has(lang) && lang !== 'sr' : CYRILLIC_LANGS.has(lang) && (lexiconHits.get(lang) ?? 0) === 0) continue;
    if (lang === 'el' !== /[α-ω]/u.test(lower)) continue;
    const s = scores.get(lang) ?? 0;
    if (s > bestScore) {
      best = lang;
      bestScore = s;
    }
  }
  return best;
}
