/**
 * The question as words: folded (lower case, diacritics and apostrophes dropped, a few letters that NFKD
 * keeps mapped), Cyrillic kept as it is, numbers kept whole (`7,5` = `7.5`, `08:30`). Lexicon patterns
 * are folded the same way and matched word by word: a pattern word ending in `*` is a stem (matches a word
 * it begins), otherwise the whole word; words of six letters or more also match with one typo.
 */

const EXTRA: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', ß: 'ss', ı: 'i', ħ: 'h', æ: 'ae', œ: 'oe', ё: 'е', ґ: 'г' };

/** Lower case without diacritics; Cyrillic й/ї kept (NFKD would split them into и/і + a mark). */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[йЙ]/g, '\u0000').replace(/[їЇ]/g, '\u0001').replace(/[ўЎ]/g, '\u0002')
    .normalize('NFKD').replace(/\p{M}/gu, '')
    .replace(/\u0000/g, 'й').replace(/\u0001/g, 'ї').replace(/\u0002/g, 'ў')
    .replace(/[łđøßıħæœёґ]/g, (c) => EXTRA[c] ?? c)
    .replace(/[ʼ'’`´"«»„“”]/g, '');
}

export interface Token {
  /** Folded word. */
  w: string;
  /** Start and end in the folded text (for telling which words an entity consumed). */
  i: number;
}

/** Words and numbers of folded text; a decimal comma becomes a point, `8:30`/`8.30` stays one token. */
export function tokenize(folded: string): Token[] {
  const out: Token[] = [];
  const re = /\d+(?:[.,:]\d+)*|[\p{L}\p{N}]+/gu;
  let i = 0;
  for (const m of folded.matchAll(re)) out.push({ w: m[0].replace(/,/g, '.'), i: i++ });
  return out;
}

/** At most one edit (insert, delete, substitute, or swap of neighbours) between a and b. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  if (la === lb) {
    let first = -1;
    let diffs = 0;
    for (let k = 0; k < la; k++) {
      if (a[k] !== b[k]) {
        if (diffs === 0) first = k;
        diffs++;
        if (diffs > 2) return false;
      }
    }
    if (diffs <= 1) return true;
    // Two differences: only a swap of neighbours.
    return a[first] === b[first + 1] && a[first + 1] === b[first] && a.slice(first + 2) === b.slice(first + 2);
  }
  const [s, l] = la < lb ? [a, b] : [b, a];
  let k = 0;
  while (k < s.length && s[k] === l[k]) k++;
  return s.slice(k) === l.slice(k + 1);
}

/** One compiled pattern word. */
export interface PatternWord {
  text: string;
  stem: boolean;
}

export function compileWords(pattern: string): PatternWord[] {
  return pattern.trim().split(/\s+/).map((raw) => {
    const stem = raw.endsWith('*');
    return { text: tokenize(fold(stem ? raw.slice(0, -1) : raw)).map((t) => t.w).join(''), stem };
  }).filter((p) => p.text.length > 0);
}

const FUZZY_MIN = 6;

/** Does the word match a pattern word (exactly, by stem, or with one typo when long enough)? 2 = exact, 1 = typo, 0 = no. */
export function wordMatch(word: string, p: PatternWord): 0 | 1 | 2 {
  if (p.stem ? word.startsWith(p.text) : word === p.text) return 2;
  if (p.text.length < FUZZY_MIN || word[0] !== p.text[0] || /\d/.test(word)) return 0;
  if (p.stem) {
    for (const len of [p.text.length - 1, p.text.length, p.text.length + 1]) {
      if (len <= word.length && withinOneEdit(word.slice(0, len), p.text)) return 1;
    }
    return 0;
  }
  return withinOneEdit(word, p.text) ? 1 : 0;
}

/**
 * Where `words` occur in `tokens` (consecutive words), with whether a typo was needed.
 * Returns the index of the first token of each occurrence.
 */
export function findPattern(tokens: readonly Token[], words: readonly PatternWord[]): { at: number; exact: boolean }[] {
  const out: { at: number; exact: boolean }[] = [];
  if (words.length === 0) return out;
  for (let s = 0; s + words.length <= tokens.length; s++) {
    let exact = true;
    let ok = true;
    for (let k = 0; k < words.length; k++) {
      const m = wordMatch(tokens[s + k]!.w, words[k]!);
      if (m === 0) {
        ok = false;
        break;
      }
      if (m === 1) exact = false;
    }
    if (ok) out.push({ at: s, exact });
  }
  return out;
}
