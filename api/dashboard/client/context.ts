/** What the views share: the service's clock, the checkpoint directory, error display and navigation. */
import type { DirectoryEntry } from './api.js';

export interface Location {
  id: number;
  name: string;
  lat: number;
  lon: number;
  /** The country on the other side of Ukraine's border. */
  neighbour: number;
  timezone: string;
  entries: DirectoryEntry[];
  /** Any of its checkpoints has readings. */
  live: boolean;
}

export interface Directory {
  entries: DirectoryEntry[];
  locations: Location[];
  byPpid: Map<string, DirectoryEntry>;
  byLocation: Map<number, Location>;
}

export interface ViewContext {
  /** The service's clock (BDDS_NOW when pinned), as of the last refresh. */
  now(): Date;
  directory(): Promise<Directory>;
  /** Shows a failed call: in `where` when given, else at the top of the page; a lost session goes back to the log-in. */
  fail(err: unknown, where?: HTMLElement): void;
  navigate(hash: string): void;
}

export interface View {
  show(params: string[]): Promise<void>;
  refresh(): Promise<void>;
}

export function buildDirectory(entries: DirectoryEntry[]): Directory {
  const byLocation = new Map<number, Location>();
  for (const e of entries) {
    let loc = byLocation.get(e.location_id);
    if (!loc) {
      loc = { id: e.location_id, name: e.name, lat: e.lat, lon: e.lon, neighbour: e.origin === 1 ? e.destination : e.origin, timezone: e.timezone, entries: [], live: false };
      byLocation.set(e.location_id, loc);
    }
    loc.entries.push(e);
    // Any reading, the replayed sample's too (`has_live_data` is false for a checkpoint that only has those).
    if (e.last_observation !== null) loc.live = true;
  }
  const locations = [...byLocation.values()].sort((a, b) => Number(b.live) - Number(a.live) || a.neighbour - b.neighbour || a.name.localeCompare(b.name));
  return { entries, locations, byPpid: new Map(entries.map((e) => [e.ppid, e])), byLocation };
}
