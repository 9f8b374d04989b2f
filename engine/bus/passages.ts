/**
 * The checkpoints a bus can pass, from the directory's rows: for each location and direction, its bus
 * checkpoint (crossing type 6) where the directory lists one, else its car checkpoint (type 4). The
 * directory lists bus checkpoints only on the Polish border (sources there publish bus queues); on the
 * Slovak, Hungarian, Romanian and Moldovan borders it lists passenger (car) checkpoints, which the DPSU
 * and the migration tracker list for passenger traffic, so a bus there is placed at a car checkpoint
 * under its ppid. Yahodyn-Dorohusk has a bus checkpoint and no car one (it takes trucks and buses only).
 * Checkpoints whose status is not `open` are left out.
 */
import { COUNTRY_ISO2 } from '../../models/codes.js';
import type { CrossingSpec } from '../routing/graph.js';

export const BUS_CROSSING_TYPE = 6;
export const CAR_CROSSING_TYPE = 4;

/** A checkpoint as the directory gives it (`repos.directory.all()` rows have these fields). */
export interface PassageCheckpoint {
  ppid: string;
  /** The location (several checkpoints share one); without it, the position stands for the location. */
  location_id?: number;
  lat: number;
  lon: number;
  /** Country numbers (models/codes.ts). */
  origin: number;
  destination: number;
  crossing_type: number;
  status?: string;
}

export interface BusPassage extends CrossingSpec {
  crossing_type: number;
  location_id: number | null;
  /** How many vehicle types the location's open checkpoints serve (either direction): 4 for a main crossing with truck lanes, 1 for a local one. */
  location_types: number;
}

export function busPassages(checkpoints: readonly PassageCheckpoint[]): BusPassage[] {
  const byPlace = new Map<string, PassageCheckpoint[]>();
  const types = new Map<string, Set<number>>();
  const placeOf = (c: PassageCheckpoint) => String(c.location_id ?? `${c.lat},${c.lon}`);
  for (const c of checkpoints) {
    if (c.status !== undefined && c.status !== 'open') continue;
    const held = types.get(placeOf(c));
    if (held) held.add(c.crossing_type);
    else types.set(placeOf(c), new Set([c.crossing_type]));
    if (c.crossing_type !== BUS_CROSSING_TYPE && c.crossing_type !== CAR_CROSSING_TYPE) continue;
    if (!COUNTRY_ISO2[c.origin] || !COUNTRY_ISO2[c.destination]) continue;
    const key = `${placeOf(c)}|${c.origin}|${c.destination}`;
    const list = byPlace.get(key);
    if (list) list.push(c);
    else byPlace.set(key, [c]);
  }
  const out: BusPassage[] = [];
  for (const list of byPlace.values()) {
    const bus = list.filter((c) => c.crossing_type === BUS_CROSSING_TYPE);
    for (const c of bus.length > 0 ? bus : list) {
      out.push({ ppid: c.ppid, lat: c.lat, lon: c.lon, from: COUNTRY_ISO2[c.origin]!, to: COUNTRY_ISO2[c.destination]!, crossing_type: c.crossing_type,
        location_id: c.location_id ?? null, location_types: types.get(placeOf(c))!.size });
    }
  }
  return out.sort((a, b) => a.ppid.localeCompare(b.ppid, 'en', { numeric: true }));
}
