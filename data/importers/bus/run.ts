/**
 * The write paths for bus data, each in one transaction, each bumping the `bus` dataset version when it
 * changes anything:
 * - crossing records: a record is identified by source, checkpoint, carrier and arrival, so a file
 *   imported again adds nothing; a record at a checkpoint the directory does not hold is rejected;
 * - a source's route network with the checkpoints its routes were inferred to cross: replaces what that
 *   source held (a network is a complete publication).
 */
import type { BusCrossingRecord } from '../../../models/bus.js';
import type { Db } from '../../store.js';
import type { Rejected } from '../feed.js';

export interface BusCrossingFeed {
  source: string;
  file: string;
  rowsRead: number;
  records: { line: number; record: BusCrossingRecord }[];
  rejected: Rejected[];
}

export interface BusCrossingSummary {
  rowsRead: number;
  imported: number;
  duplicates: number;
  rejected: Rejected[];
}

export function importBusCrossings(db: Db, feeds: readonly BusCrossingFeed[], knownPpid: (ppid: string) => boolean): BusCrossingSummary {
  const add = db.prepare(`INSERT OR IGNORE INTO bus_crossings (source, ppid, carrier, arrived_at, crossed_at, source_id)
    VALUES (@source, @ppid, @carrier, @arrived_at, @crossed_at, @source_id)`);
  const bump = db.prepare("UPDATE dataset_versions SET version = version + 1 WHERE dataset = 'bus'");
  const summary: BusCrossingSummary = { rowsRead: 0, imported: 0, duplicates: 0, rejected: [] };
  db.transaction(() => {
    for (const feed of feeds) {
      summary.rowsRead += feed.rowsRead;
      summary.rejected.push(...feed.rejected);
      for (const { line, record } of feed.records) {
        if (!knownPpid(record.ppid)) {
          summary.rejected.push({ file: feed.file, line, reason: `unknown checkpoint '${record.ppid}'` });
          continue;
        }
        if (add.run({ source: feed.source, ...record }).changes > 0) summary.imported++;
        else summary.duplicates++;
      }
    }
    if (summary.imported > 0) bump.run();
  })();
  summary.rejected.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return summary;
}

export interface RouteCrossingRow {
  route_id: string;
  carrier: string;
  short_name: string | null;
  long_name: string | null;
  crossings: { ppid: string; from_stop: string; to_stop: string }[];
}

/** A network's rows in one canonical order, to tell whether a publication changes what is held. */
const canonical = (routes: readonly RouteCrossingRow[]) => JSON.stringify([...routes]
  .map((r) => [r.route_id, r.carrier, r.short_name, r.long_name, r.crossings.map((c) => [c.ppid, c.from_stop, c.to_stop]).sort()])
  .sort((a, b) => String(a[0]).localeCompare(String(b[0]))));

/**
 * Replaces the routes of `source` (those crossing a held checkpoint) and where they cross. The same network
 * again (a daily poll of a publication that did not change) writes nothing and moves no version: `changed`
 * is false.
 */
export function replaceBusRoutes(db: Db, source: string, routes: readonly RouteCrossingRow[]): { routes: number; crossings: number; changed: boolean } {
  const counts = { routes: 0, crossings: 0, changed: false };
  db.transaction(() => {
    const heldRoutes = db.prepare('SELECT route_id, carrier, short_name, long_name FROM bus_routes WHERE source = ?').all(source) as Omit<RouteCrossingRow, 'crossings'>[];
    const heldCrossings = db.prepare('SELECT route_id, ppid, from_stop, to_stop FROM bus_route_crossings WHERE source = ?').all(source) as
      ({ route_id: string } & RouteCrossingRow['crossings'][number])[];
    const held = heldRoutes.map((r) => ({ ...r, crossings: heldCrossings.filter((c) => c.route_id === r.route_id).map(({ ppid, from_stop, to_stop }) => ({ ppid, from_stop, to_stop })) }));
    // Repeated crossings of one route at one checkpoint are one row (INSERT OR IGNORE below).
    const unique = routes.map((r) => ({ ...r, crossings: r.crossings.filter((c, i) => r.crossings.findIndex((d) => d.ppid === c.ppid) === i) }));
    if (heldRoutes.length > 0 && canonical(held) === canonical(unique)) {
      counts.routes = heldRoutes.length;
      counts.crossings = heldCrossings.length;
      return;
    }
    counts.changed = true;
    db.prepare('DELETE FROM bus_route_crossings WHERE source = ?').run(source);
    db.prepare('DELETE FROM bus_routes WHERE source = ?').run(source);
    const addRoute = db.prepare('INSERT INTO bus_routes (source, route_id, carrier, short_name, long_name) VALUES (@source, @route_id, @carrier, @short_name, @long_name)');
    const addCrossing = db.prepare('INSERT OR IGNORE INTO bus_route_crossings (source, route_id, ppid, from_stop, to_stop) VALUES (@source, @route_id, @ppid, @from_stop, @to_stop)');
    for (const r of routes) {
      addRoute.run({ source, ...r });
      counts.routes++;
      for (const c of r.crossings) counts.crossings += addCrossing.run({ source, route_id: r.route_id, ...c }).changes;
    }
    db.prepare("UPDATE dataset_versions SET version = version + 1 WHERE dataset = 'bus'").run();
  })();
  return counts;
}
