/**
 * The crossings at a town named in a language the directory does not hold names in: `Csap` (Hungarian for
 * Chop), `Ungvár` (Uzhhorod), `Máramarossziget` (Sighetu Marmației). The directory names each crossing in
 * the 24 languages from published names, which give the Hungarian, Romanian or Russian name of a Ukrainian
 * town rarely; GeoNames' alternate names (data/geo/gazetteer.ts) hold them. A name the directory does not
 * match is looked up there, as written (case and diacritics aside), and the crossings within AT_TOWN_KM of
 * each town of that name are its matches.
 */
import type { CheckpointRow, DirectoryRepo } from '../../data/directory/directory-repo.js';
import { lookupCity } from '../../data/geo/gazetteer.js';
import { haversineKm } from '../../models/geo.js';

/** How far from a town a crossing is still at it (km): Chop's crossing lies 3 km from the town, Vylok's 1. */
export const AT_TOWN_KM = 8;

/** The towns a name may mean that are looked at (the most populous first): a common name is many villages. */
const TOWNS_TRIED = 5;

/** The location ids of the crossings at a town of that name, nearest first; empty when none is known or near. */
export function crossingsAtTown(dir: Pick<DirectoryRepo, 'all'>, name: string): number[] {
  const towns = lookupCity(name).slice(0, TOWNS_TRIED);
  if (towns.length === 0) return [];
  const nearest = new Map<number, number>();
  for (const c of dir.all() as readonly CheckpointRow[]) {
    for (const town of towns) {
      const km = haversineKm(town.lat, town.lon, c.lat, c.lon);
      if (km <= AT_TOWN_KM && km < (nearest.get(c.location_id) ?? Infinity)) nearest.set(c.location_id, km);
    }
  }
  return [...nearest].sort((a, b) => a[1] - b[1]).map(([id]) => id);
}
