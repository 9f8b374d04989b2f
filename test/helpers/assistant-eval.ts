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

/** Every evaluation set, by file name. */
export function evalSets(): EvalSet[] {
  return readdirSync(fixtures).filter((f) => f.endsWith('.json')).sort()
    .map((f) => EvalSet.parse(JSON.parse(readFileSync(join(fixtures, f), 'utf8'))));
}
