/** Bus crossing records and the carriers whose routes cross each checkpoint, read for `bus-carriers`. */
import type { Db } from './store.js';

export interface CrossingRow {
  ppid: string;
  carrier: string;
  arrived_at: string;
  crossed_at: string;
}

export interface ServingRow {
  ppid: string;
  carrier: string;
  source: string;
  route: string;
}

export function createBusRepo(db: Db) {
  const crossingsStmt = db.prepare(`SELECT ppid, carrier, arrived_at, crossed_at FROM bus_crossings
    WHERE (@ppid IS NULL OR ppid = @ppid) AND crossed_at > @from AND crossed_at <= @to`);
  const anyStmt = db.prepare('SELECT 1 FROM bus_crossings WHERE (@ppid IS NULL OR ppid = @ppid) LIMIT 1').pluck();
  const servingStmt = db.prepare(`SELECT c.ppid, r.carrier, r.source, coalesce(r.long_name, r.short_name, r.route_id) AS route
    FROM bus_route_crossings c JOIN bus_routes r USING (source, route_id)
    WHERE (@ppid IS NULL OR c.ppid = @ppid) ORDER BY r.carrier, route`);
  return {
    /** Crossings done in (from, to] (ISO instants), of one checkpoint or all. */
    crossings: (ppid: string | null, from: string, to: string): CrossingRow[] => crossingsStmt.all({ ppid, from, to }) as CrossingRow[],
    /** Whether any crossing record is held at all (of one checkpoint or all). */
    anyHeld: (ppid: string | null): boolean => anyStmt.get({ ppid }) !== undefined,
    /** The routes crossing at a checkpoint (or anywhere), with their carrier and source. */
    serving: (ppid: string | null): ServingRow[] => servingStmt.all({ ppid }) as ServingRow[],
  };
}

export type BusRepo = ReturnType<typeof createBusRepo>;
