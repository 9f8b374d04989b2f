/** The 24 languages the service answers in, and how a requested `lang` tag resolves to one of them. */

export const LANGUAGES = Object.freeze([
  'en', 'uk', 'pl', 'sk', 'hu', 'ro', 'ru', 'be', 'lt', 'lv', 'et', 'sl',
  'bg', 'sr', 'tr', 'mk', 'hr', 'bs', 'de', 'el', 'it', 'sq', 'cs', 'fr',
] as const);

export type Lang = (typeof LANGUAGES)[number];

const SUPPORTED: ReadonlySet<string> = new Set(LANGUAGES);

export interface ResolvedLang {
  /** The language the response is in. */
  lang: Lang;
  /** The tag the client asked for (null when it asked for none). */
  requested: string | null;
  /** True when the requested language is not supported and `lang` is the fallback. */
  fallback: boolean;
}

/**
 * Resolves a BCP-47 tag by its primary subtag (`pl-PL` -> `pl`). No tag gives `fallbackLang` (the product's
 * default); an unsupported tag falls back to it too, and says so (CONTRACT.md, "Languages").
 */
export function resolveLang(tag: string | undefined, fallbackLang: Lang = 'en'): ResolvedLang {
  if (tag === undefined) return { lang: fallbackLang, requested: null, fallback: false };
  const primary = tag.split('-')[0]!.toLowerCase();
  if (SUPPORTED.has(primary)) return { lang: primary as Lang, requested: tag, fallback: false };
  return { lang: fallbackLang, requested: tag, fallback: true };
}
