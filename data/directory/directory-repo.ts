/**
 * The checkpoint directory in the store: loading the bundled directory, and the lookups products make
 * (by ppid, by location, by country, names in a language, name search).
 */
import { Directory } from '../../models/directory.js';
import type { Db } from '../store.js';
import { createNameIndex, type NameIndex } from './name-index.js';

export interface CheckpointRow {
  ppid: string;
  location_id: number;
  origin: number;
  destination: number;
  crossing_type: number;
  timezone: string;
  status: 'open' | 'closed' | 'inactive';
  redirect_to: string | null;
  lat: number;
  lon: number;
  neighbour: string;
}

export interface SourceIds {
  pl_ua?: string;
  echerha: { id: number; crossing_type: number; special: boolean }[];
}

const CHECKPOINT_COLUMNS = `c.ppid, c.location_id, c.origin, c.destination, c.crossing_type, c.timezone, c.status, c.redirect_to,
  l.lat, l.lon, l.neighbour`;

/** Replaces the directory with `directory` in one transaction (checkpoints keep their ppids). */
export function loadDirectory(db: Db, raw: unknown): number {
  const directory = Directory.parse(raw);
  const insertLocation = db.prepare('INSERT INTO locations (location_id, key, neighbour, lat, lon, source_ids) VALUES (?, ?, ?, ?, ?, ?)');
  const insertName = db.prepare('INSERT OR IGNORE INTO location_names (location_id, lang, name, is_primary, official, method) VALUES (?, ?, ?, ?, ?, ?)');
  const insertCheckpoint = db.prepare(`INSERT INTO checkpoints (ppid, location_id, origin, destination, crossing_type, timezone, status, types_basis)
    VALUES (@ppid, @location_id, @origin, @destination, @crossing_type, @timezone, @status, @types_basis)`);
  db.transaction(() => {
    db.exec('DELETE FROM location_names; DELETE FROM checkpoints; DELETE FROM locations;');
    for (const loc of directory.locations) {
      insertLocation.run(loc.location_id, loc.key, loc.neighbour, loc.lat, loc.lon, JSON.stringify(loc.source_ids));
      for (const n of loc.names) insertName.run(loc.location_id, n.lang, n.name, n.primary ? 1 : 0, n.official ? 1 : 0, n.method);
      for (const c of loc.checkpoints) insertCheckpoint.run({ ...c, location_id: loc.location_id });
    }
  })();
  return directory.locations.length;
}

export function createDirectoryRepo(db: Db) {
  const byPpid = db.prepare(`SELECT ${CHECKPOINT_COLUMNS} FROM checkpoints c JOIN locations l USING (location_id) WHERE c.ppid = ?`);
  const all = db.prepare(`SELECT ${CHECKPOINT_COLUMNS} FROM checkpoints c JOIN locations l USING (location_id) ORDER BY c.location_id, c.origin, c.crossing_type`);
  const primaryNames = db.prepare('SELECT location_id, lang, name FROM location_names WHERE is_primary = 1');
  const allNames = db.prepare('SELECT location_id, lang, name FROM location_names');
  const sourceIds = db.prepare('SELECT location_id, source_ids FROM locations');

  let cache: { checkpoints: CheckpointRow[]; byPpid: Map<string, CheckpointRow>; names: Map<string, string>; index: NameIndex } | null = null;
  /** The directory changes only on load; products read it from memory. */
  const snapshot = () => {
    if (!cache) {
      const checkpoints = all.all() as CheckpointRow[];
      const names = new Map<string, string>();
      for (const r of primaryNames.all() as { location_id: number; lang: string; name: string }[]) names.set(`${r.location_id}|${r.lang}`, r.name);
      cache = {
        checkpoints,
        byPpid: new Map(checkpoints.map((c) => [c.ppid, c])),
        names,
        index: createNameIndex(allNames.all() as { location_id: number; lang: string; name: string }[]),
      };
    }
    return cache;
  };

  /** Bumped by every reload: workers compare it with the one they last saw and reload their own copy. */
  let version = 0;
  return {
    /** Forget the in-memory copy (after loadDirectory, or a change of a checkpoint's status). */
    reload: () => {
      cache = null;
      version++;
    },
    get version() {
      return version;
    },
    get: (ppid: string): CheckpointRow | null => snapshot().byPpid.get(ppid) ?? (byPpid.get(ppid) as CheckpointRow | undefined) ?? null,
    all: (): readonly CheckpointRow[] => snapshot().checkpoints,
    atLocation: (locationId: number) => snapshot().checkpoints.filter((c) => c.location_id === locationId),
    /** The location's name in `lang` (every location has one per supported language). */
    name: (locationId: number, lang: string): string =>
      snapshot().names.get(`${locationId}|${lang}`) ?? snapshot().names.get(`${locationId}|en`) ?? `#${locationId}`,
    search: (query: string) => snapshot().index.search(query),
    sourceIds: (): Map<number, SourceIds> =>
      new Map((sourceIds.all() as { location_id: number; source_ids: string }[]).map((r) => [r.location_id, JSON.parse(r.source_ids) as SourceIds])),
    count: () => snapshot().checkpoints.length,
  };
}

export type DirectoryRepo = ReturnType<typeof createDirectoryRepo>;
