/** The assistant's evaluation sets and the bundled directory they name checkpoints in (the test and bench/assistant-eval.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EvalSet } from '../../services/assistant/evaluate.js';
import { createDirectoryRepo, loadDirectory } from '../../data/directory/directory-repo.js';
import { closeStore, openStore } from '../../data/store.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = join(root, 'test/fixtures/assistant');

/** The bundled directory in memory, and each location's key (the fixtures name checkpoints by key). */
export function bundledDirectory() {
  const raw = JSON.parse(readFileSync(join(root, 'data/bundled/directory.json'), 'utf8')) as { locations: { location_id: number; key: string }[] };
  const db = openStore(':memory:');
  loadDirectory(db, raw);
  const keys = new Map(raw.locations.map((l) => [l.location_id, l.key]));
  return { directory: createDirectoryRepo(db), keyOf: (id: number) => keys.get(id), close: () => closeStore(db) };
}

/**
 * Every evaluation set, by file name: the development part (`test/fixtures/assistant/*.json`, which the
 * lexicons are tuned on) or the held-out part (`held-out/*.json`, written before the understanding it
 * measures and never tuned on).
 */
export function evalSets(part: 'development' | 'held-out' = 'development'): EvalSet[] {
  const dir = part === 'held-out' ? join(fixtures, 'held-out') : fixtures;
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => EvalSet.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
}

export interface AnsweredCase {
  lang: string;
  q: string;
  expected: string;
  intent: string;
  grounded: boolean;
  /** The products the answer's sources name. */
  products: string[];
}

/**
 * Every question of `sets` asked of the real service (app.inject, a real store at FIXED_NOW in replay), with
 * the day's typical weeks and forecast models fitted (`models`) or as a first start leaves it before the
 * daily jobs have run.
 */
export async function answerSets(sets: readonly EvalSet[], models: boolean): Promise<AnsweredCase[]> {
  const { appWithKey } = await import('./deps.js');
  const cleanups: (() => unknown)[] = [];
  const built = await appWithKey({ after: (fn: () => unknown) => cleanups.push(fn) } as unknown as import('node:test').TestContext,
    { seed: { history: true, models } });
  const out: AnsweredCase[] = [];
  try {
    for (const set of sets) {
      for (const c of set.questions) {
        const { status, body } = await built.get(`assistant?q=${encodeURIComponent(c.q)}&lang=${set.lang}${c.ppid ? `&ppid=${c.ppid}` : ''}`);
        if (status !== 200) throw new Error(`${c.q}: ${status} ${JSON.stringify(body.error)}`);
        const d = body.data as { intent: string; grounded: boolean; sources: { product: string }[] };
        out.push({ lang: set.lang, q: c.q, expected: c.intent, intent: d.intent, grounded: d.grounded, products: [...new Set(d.sources.map((s) => s.product))] });
      }
    }
  } finally {
    for (const fn of cleanups.reverse()) await fn();
  }
  return out;
}
