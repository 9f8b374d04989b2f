/**
 * A spelling-insensitive key for place names, so that `Rava Ruska`, `Рава-Руська` and `rawa ruska`
 * meet: diacritics folded, Cyrillic romanised (KMU 2010), and the spellings that Polish, Ukrainian
 * and English romanisations disagree on reduced to one (w/v, kh/h, cz/ch, sz/sh, ż/rz/zh, ł/l, ó/o,
 * y/i/j, doubled letters). Two regular Polish/Ukrainian correspondences are folded too: g/h (Polish and
 * Russian forms keep g where Ukrainian has г: `Szeginie`/`Шегині`, `Jagodzin`/`Ягодин`) and the
 * place-name suffix -ów/-ів/-ов/-ув (`Hruszów`/`Грушів`, `Dołhobyczów`/`Долгобичув`).
 * Polish `ch` (х) cannot be told from English `ch` (ч) in a query, so Cyrillic names are also indexed
 * under their Polish transcription (see name-index.ts).
 */
import { romanise } from './names.js';

const EXTRA_LATIN: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', ß: 'ss', ı: 'i', ħ: 'h', æ: 'ae', œ: 'oe' };
const RUSSIAN_ONLY: Record<string, string> = { ы: 'и', э: 'е', ъ: '', ё: 'е' };

export function skeleton(name: string): string {
  let s = name.toLowerCase().replace(/[ыэъё]/g, (c) => RUSSIAN_ONLY[c]!);
  if (/[\u0400-\u04ff]/.test(s)) s = romanise(s).toLowerCase();
  s = s.replace(/´/g, '').normalize('NFKD').replace(/\p{M}/gu, '').replace(/[łđøßıħæœ]/g, (c) => EXTRA_LATIN[c]!);
  s = s.replace(/[ʼ'’`"]/g, '')
    .replace(/shch/g, 'sh').replace(/kh/g, 'h').replace(/ch/g, 'c').replace(/cz/g, 'c')
    .replace(/sz/g, 's').replace(/sh/g, 's').replace(/zh|rz|ż|ź/g, 'z').replace(/ts/g, 'c')
    .replace(/w/g, 'v').replace(/[yj]/g, 'i').replace(/ck/g, 'k').replace(/q/g, 'k').replace(/x/g, 'ks')
    .replace(/g/g, 'h');
  s = s.replace(/[^a-z0-9]+/g, ' ').replace(/([a-z])\1+/g, '$1').trim();
  return s.replace(/\b([a-z]{2,})[ieou]v\b/g, '$1ov');
}

/** The set of letter trigrams of a skeleton (words padded with spaces). */
export function trigrams(key: string): Set<string> {
  const out = new Set<string>();
  for (const word of key.split(' ')) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}
