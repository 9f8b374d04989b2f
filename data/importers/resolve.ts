/** Matches feed readings to checkpoints of the directory. */
import { COUNTRY_ISO2 } from '../../models/codes.js';
import type { SourceReading } from '../../models/observation.js';
import type { DirectoryRepo } from '../directory/directory-repo.js';

export type Resolution = { ppid: string } | { skip: string } | { reject: string };

export function createResolver(directory: DirectoryRepo) {
  const byKey = new Map<string, string>();
  for (const c of directory.all()) byKey.set(`${c.location_id}|${COUNTRY_ISO2[c.origin]}|${c.crossing_type}`, c.ppid);
  const known = new Set(directory.all().map((c) => c.ppid));
  const plUa = new Map<string, number>();
  const echerha = new Map<number, { location: number; type: number; special: boolean }>();
  const mainQueue = new Set<string>();
  for (const [location, ids] of directory.sourceIds()) {
    if (ids.pl_ua) plUa.set(ids.pl_ua, location);
    for (const q of ids.echerha) {
      echerha.set(q.id, { location, type: q.crossing_type, special: q.special });
      if (!q.special) mainQueue.add(`${location}|${q.crossing_type}`);
    }
  }
  const find = (location: number, from: string, type: number, alt?: number) =>
    byKey.get(`${location}|${from}|${type}`) ?? (alt === undefined ? undefined : byKey.get(`${location}|${from}|${alt}`));

  return (r: SourceReading): Resolution => {
    if (r.ppid !== undefined) return known.has(r.ppid) ? { ppid: r.ppid } : { reject: `unknown ppid '${r.ppid}'` };
    if (typeof r.crossing === 'number') {
      const q = echerha.get(r.crossing);
      if (!q) return { skip: `eCherha queue ${r.crossing} is at no listed crossing` };
      // Special queues (empty trucks, goods groups) stand in only where the crossing has no main queue of that type.
      if (q.special && mainQueue.has(`${q.location}|${q.type}`)) return { skip: `special eCherha queue ${r.crossing}` };
      const ppid = find(q.location, r.from, q.type);
      return ppid ? { ppid } : { skip: `no checkpoint for eCherha queue ${r.crossing}` };
    }
    const location = plUa.get(r.crossing);
    if (location === undefined) return { reject: `unknown crossing '${r.crossing}'` };
    const ppid = r.crossing_type === null ? undefined : find(location, r.from, r.crossing_type, r.alt_type);
    return ppid ? { ppid } : { skip: `crossing '${r.crossing}' serves no type ${r.crossing_type} from ${r.from}` };
  };
}
