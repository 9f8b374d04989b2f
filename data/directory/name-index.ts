/**
 * Name search over every name of every location in every language: a name matches when the query's
 * skeleton equals it or starts at one of its words (`Krak`, `Zahony` in `Chop-Zahony`), or, for a near
 * spelling (typos, other spellings), when most of the query's trigrams occur in it and each word of the
 * query begins as one of the name's words does. A query never matches from inside a word: `Krakovets`
 * does not find `Раковець` (rakovets), nor `Rakovets` `Krakovets`.
 * A name in Cyrillic is indexed under two keys: its Ukrainian national romanisation (KMU 2010, inside
 * `skeleton`) and its Polish transcription (`Шегині` -> `Szehyni`, `Хуст` -> `Chust`), so that Polish
 * spellings find Ukrainian places. The directory is small (tens of locations, about a thousand names),
 * so the index lives in memory.
 */
import { transcribePolish } from './polish-transcription.js';
import { skeleton, trigrams } from './skeleton.js';

export interface IndexedName {
  location_id: number;
  lang: string;
  name: string;
}

export interface NameMatch {
  location_id: number;
  /** The variant that matched best (any language). */
  matched_name: string;
  score: number;
}

/** Share of the query's trigrams a name must contain to match when it does not start at one of the name's words. */
export const MIN_TRIGRAM_SHARE = 0.6;

const CYRILLIC = /[\u0400-\u04ff]/;

/** The skeletons a name is indexed under: one, or two for a Cyrillic name (national and Polish romanisation). */
export function nameKeys(name: string): string[] {
  const keys = [skeleton(name)];
  if (CYRILLIC.test(name)) keys.push(skeleton(transcribePolish(name)));
  return [...new Set(keys)].filter((k) => k.length > 0);
}

/** A name's keys with what a search compares them by; the same name (every language lists it) is worked out once a process. */
interface KeyedName { key: string; padded: string; grams: Set<string> }
const keyedNames = new Map<string, KeyedName[]>();
function keyed(name: string): KeyedName[] {
  let out = keyedNames.get(name);
  if (!out) keyedNames.set(name, (out = nameKeys(name).map((key) => ({ key, padded: ` ${key} `, grams: trigrams(key) }))));
  return out;
}

export function createNameIndex(names: readonly IndexedName[]) {
  const entries = names.flatMap((n) => keyed(n.name).map((k) => ({ ...n, ...k })));
  // The entries holding each trigram: a query's shared trigrams are counted for those only (the assistant
  // searches every span of a question, so this loop is most of its time).
  const withGram = new Map<string, number[]>();
  entries.forEach((e, i) => {
    for (const g of e.grams) {
      const list = withGram.get(g);
      if (list) list.push(i);
      else withGram.set(g, [i]);
    }
  });
  return {
    /** Locations matching `query`, best first (one entry per location). */
    search(query: string): NameMatch[] {
      const q = skeleton(query);
      if (q.length === 0) return [];
      const qGrams = trigrams(q);
      const padded = ` ${q} `;
      const atWordStart = ` ${q}`;
      // The first trigram of each query word (` kr` of `krakovec`): a near spelling must hold them all, so
      // that every query word lines up with the start of a word of the name, never with its middle.
      const starts = q.split(' ').map((w) => ` ${w} `.slice(0, 3));
      // Likeness by trigrams counts for queries of 4 letters or more.
      let shared: Uint16Array | null = null;
      if (q.length >= 4) {
        shared = new Uint16Array(entries.length);
        for (const g of qGrams) for (const i of withGram.get(g) ?? []) shared[i]!++;
      }
      const best = new Map<number, NameMatch>();
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i]!;
        let score = 0;
        if (e.padded.includes(atWordStart)) score = e.key === q ? 2 : e.padded.includes(padded) ? 1.5 : 1.2;
        else if (shared !== null && shared[i]! > 0) {
          const share = shared[i]! / qGrams.size;
          if (share >= MIN_TRIGRAM_SHARE && starts.every((g) => e.grams.has(g))) score = share;
        }
        const prev = best.get(e.location_id);
        if (score > 0 && (!prev || score > prev.score)) best.set(e.location_id, { location_id: e.location_id, matched_name: e.name, score });
      }
      return [...best.values()].sort((a, b) => b.score - a.score || a.location_id - b.location_id);
    },
  };
}

export type NameIndex = ReturnType<typeof createNameIndex>;
