/**
 * Which vehicle types a crossing serves, read from the words its operators publish: the DPSU
 * "character" and "category" texts, and eCherha queue titles. Each rule is a phrase of those texts.
 */

/** Types named by a DPSU character + category text (Ukrainian). */
export function typesFromDpsuText(character: string, category: string): Set<number> {
  const text = `${character} ${category}`.toLowerCase();
  const types = new Set<number>();
  if (/легков|пасажирськ(ий|і) *,/.test(text) || /^пасажирськ/.test(text)) types.add(4);
  if (/автобус/.test(text)) types.add(6);
  if (/пішохідн/.test(text) && !/пропуск(у)? пішоходів не здійснюється/.test(text)) types.add(7);
  if (/понад 7[.,]5/.test(text)) types.add(9);
  else if (/вантажн\S* до (7[.,]5|9[.,]5)/.test(text)) types.add(8);
  else if (/вантажн/.test(text)) {
    types.add(8);
    types.add(9);
  }
  return types;
}

/** Types an eCherha truck or bus queue title covers, and whether it is a special queue (empty trucks, goods groups). */
export function typesFromEcherhaTitle(title: string): { types: number[]; special: boolean } {
  const t = title.replace(/\s+/g, ' ');
  const special = /порожн|Товари/.test(t);
  if (/Автобус/i.test(t)) return { types: [6], special };
  if (/≥ ?3[.,]5 тонн до [<≤] ?7[.,]5/.test(t) || /[<≤] ?7[.,]5/.test(t) || /≤ ?3[.,]5/.test(t)) return { types: [8], special };
  if (/(≥|>) ?7[.,]5/.test(t)) return { types: [9], special };
  if (/(≥|>) ?3[.,]5/.test(t)) return { types: [8, 9], special };
  return { types: [], special };
}
