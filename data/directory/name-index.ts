/**
 * Name search over every name of every location in every language: a name matches when the query's
 * skeleton is part of it, or when most of the query's trigrams occur in it (typos, other spellings).
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

/** Share of the query's trigrams a name must contain to match when it is not a plain substring. */
export const MIN_TRIGRAM_SHARE = 0.6;

const CYRILLIC = /[\u0400-\u04ff]/;

/** The skeletons a name is indexed under: one, or two for a Cyrillic name (national and Polish romanisation). */
export function nameKeys(name: string): string[] {
  const keys = [skeleton(name)];
  if (CYRILLIC.test(name)) keys.push(skeleton(transcribePolish(name)));
  return [...new Set(keys)].filter((k) => k.length > 0);
}

export function createNameIndex(names: readonly IndexedName[]) {
  const entries = names.flatMap((n) => nameKeys(n.name).map((key) => ({ ...n, key, grams: trigrams(key) })));
  return {
    /** Locations matching `query`, best first (one entry per location). */
    search(query: string): NameMatch[] {
      const q = skeleton(query);
      if (q.length === 0) return [];
      const qGrams = trigrams(q);
      const best = new Map<number, NameMatch>();
      for (const e of entries) {
        let score = 0;
        if (e.key === q) score = 2;
        else if (` ${e.key} `.includes(` ${q} `)) score = 1.5;
        else if (e.key.includes(q)) score = 1.2;
        else {
          let shared = 0;
          for (const g of qGrams) if (e.grams.has(g)) shared++;
          const share = shared / qGrams.size;
          if (share >= MIN_TRIGRAM_SHARE && q.length >= 4) score = share;
        }
        const prev = best.get(e.location_id);
        if (score > 0 && (!prev || score > prev.score)) best.set(e.location_id, { location_id: e.location_id, matched_name: e.name, score });
      }
      return [...best.values()].sort((a, b) => b.score - a.score || a.location_id - b.location_id);
    },
  };
}

export type NameIndex = ReturnType<typeof createNameIndex>;
