/**
 * Ukrainian Cyrillic in Polish spelling: the Polish practical transcription of Ukrainian published
 * in the PWN orthographic rules ("Zasady pisowni i interpunkcji", [319] 78.B "Uwagi szczegółowe do
 * transkrypcji wyrazów ukraińskich") and used by the Polish Commission on Standardization of
 * Geographical Names outside Poland (KSNG) for Ukrainian place names. `Шегині` -> `Szehyni`,
 * `Рава-Руська` -> `Rawa-Ruśka`, `Ягодин` -> `Jahodyn`, `Хуст` -> `Chust`, `Львів` -> `Lwiw`.
 *
 * No npm package transcribes Ukrainian into Polish (cyrillic-to-translit-js has ru/uk/mn presets,
 * iuliia covers Russian schemes only, transliteration / @sindresorhus/transliterate / speakingurl
 * romanise to ASCII without a target language), so the published table is implemented here; the tests
 * check it against the examples printed with the rules.
 *
 * Rules: г h, ґ g, в w, ж ż, и y, й j, х ch, ц c, ч cz, ш sz, щ szcz, ї ji; л is l before є, і, ї, ю,
 * я, ь (a doubled лл too) and ł elsewhere; є, ю, я are je, ju, ja at the start of a word, after a vowel or an apostrophe,
 * e, u, a after л, and ie, iu, ia after other consonants; ь marks softness: сь ś, зь ź, ць ć, нь ń,
 * ль l, ьо io (льо lo), after other consonants ´; the apostrophe is not written.
 */

const LETTERS: Record<string, string> = {
  а: 'a', б: 'b', в: 'w', г: 'h', ґ: 'g', д: 'd', е: 'e', ж: 'ż', з: 'z', и: 'y', і: 'i', ї: 'ji', й: 'j',
  к: 'k', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'ch', ц: 'c',
  ч: 'cz', ш: 'sz', щ: 'szcz',
  // Russian letters sometimes found in Ukrainian-language sources.
  ы: 'y', э: 'e',
};
/** Vowels written with a j (or i) glide: the vowel alone after л, j+vowel or i+vowel elsewhere. */
const IOTATED: Record<string, string> = { є: 'e', ю: 'u', я: 'a', ё: 'o' };
/** л before these is l (soft), elsewhere ł. */
const SOFTENING = new Set(['є', 'ю', 'я', 'ё', 'і', 'ї', 'ь']);
/** Consonants that ь turns into a Polish soft letter. */
const SOFT: Record<string, string> = { с: 'ś', з: 'ź', ц: 'ć', н: 'ń' };
const VOWELS = new Set(['а', 'е', 'є', 'и', 'і', 'ї', 'о', 'у', 'ю', 'я', 'ы', 'э', 'ё']);
const APOSTROPHES = new Set(["'", '’', 'ʼ', '`', 'ъ']);

const isCyrillic = (c: string | undefined) => c !== undefined && /[\u0400-\u04ff]/.test(c);
const isUpper = (c: string) => c !== c.toLowerCase();

/** `cyrillic` in Polish transcription; Latin letters, digits and punctuation pass through. */
export function transcribePolish(cyrillic: string): string {
  const chars = [...cyrillic];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const raw = chars[i]!;
    const c = raw.toLowerCase();
    const prevRaw = chars[i - 1];
    const prev = prevRaw?.toLowerCase();
    const next = chars[i + 1]?.toLowerCase();
    let piece: string;
    if (APOSTROPHES.has(c) && isCyrillic(prevRaw) && isCyrillic(chars[i + 1])) {
      piece = ''; // the apostrophe only says the next є, ю, я, ї is iotated
    } else if (c === 'л') {
      const after = next === 'л' ? chars[i + 2]?.toLowerCase() : next; // a doubled лл is soft when the second is
      piece = after !== undefined && SOFTENING.has(after) ? 'l' : 'ł';
    } else if (c in IOTATED) {
      const vowel = IOTATED[c]!;
      if (prev === 'л') piece = vowel;
      else if (!isCyrillic(prevRaw) || VOWELS.has(prev!) || APOSTROPHES.has(prev!) || prev === 'ь') piece = `j${vowel}`;
      else piece = `i${vowel}`;
    } else if (c === 'ь') {
      if (next === 'о') piece = prev === 'л' ? '' : 'i';
      else if (prev === 'л' || !isCyrillic(prevRaw)) piece = '';
      else if (prev! in SOFT) {
        const last = out.slice(-1);
        out = out.slice(0, -1) + (isUpper(last) ? SOFT[prev!]!.toUpperCase() : SOFT[prev!]!);
        piece = '';
      } else piece = '´';
    } else if (c in LETTERS) {
      piece = LETTERS[c]!;
    } else {
      out += raw;
      continue;
    }
    if (piece && isUpper(raw)) {
      const wholeWordUpper = [chars[i - 1], chars[i + 1]].some((n) => n !== undefined && isCyrillic(n) && isUpper(n));
      piece = wholeWordUpper ? piece.toUpperCase() : piece[0]!.toUpperCase() + piece.slice(1);
    }
    out += piece;
  }
  return out;
}
