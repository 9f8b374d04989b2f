/**
 * `bdds import bus-crossings|gtfs|flixbus-network`: bus crossing records, and bus route networks whose
 * routes are placed at the checkpoints they cross (api/bus/route-network.ts). A network replaces what its
 * source held; crossing records are added (the same record again is a duplicate).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createDirectoryRepo } from '../../data/directory/directory-repo.js';
import type { Rejected } from '../../data/importers/feed.js';
import { parseBusCrossingsCsv } from '../../data/importers/bus/crossings-csv.js';
import { parseFlixbusNetwork } from '../../data/importers/bus/flixbus-network.js';
import { GTFS_FILES, parseGtfs, type ParsedBusNetwork } from '../../data/importers/bus/gtfs.js';
import { parseGtfsZip } from '../../data/importers/bus/network-formats.js';
import { importBusCrossings, replaceBusRoutes } from '../../data/importers/bus/run.js';
import { loadRoadGraph } from '../../data/seed.js';
import type { Db } from '../../data/store.js';
import { routeCrossingRows } from '../../services/bus/route-network.js';
import { nothingFound, refuseBlank } from './import-checks.js';
import type { ImportResult, ImportRunContext } from './import-run.js';
import { shown, type CliIo } from './io.js';

export const BUS_FORMATS: Readonly<Record<string, string>> = Object.freeze({
  'bus-crossings': 'bus crossing records, CSV (ppid,carrier,arrived_at,crossed_at[,source_id]; docs/import-formats.md)',
  gtfs: 'a bus route network as GTFS: its .zip, or a folder holding agency, stops, routes, trips and stop_times .txt',
  'flixbus-network': 'a bus route network as the FlixBus network JSON ({stops, routes})',
});

const textOf = (file: string) => {
  const raw = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
};

/** Parses every path first (a file that cannot be read imports nothing), then writes; `run.files` names the files read. */
export function importBus(db: Db, format: string, paths: string[], options: { source?: string; json: boolean }, io: CliIo, run: ImportRunContext = { files: [] }): ImportResult {
  const source = options.source ? { source: options.source } : {};
  if (format === 'bus-crossings') {
    const files = (run.files = paths.flatMap((p) => (statSync(p).isDirectory() ? readdirSync(p).sort().map((f) => join(p, f)) : [p])));
    const texts = files.map((file) => ({ file, text: textOf(file) }));
    refuseBlank(files, texts);
    const feeds = texts.map(({ file, text }) => parseBusCrossingsCsv(text, file, source));
    if (feeds.every((f) => f.rowsRead === 0 && f.rejected.length === 0)) throw nothingFound(files, false);
    const directory = createDirectoryRepo(db);
    const summary = importBusCrossings(db, feeds, (ppid) => directory.get(ppid) !== null);
    io.out(options.json ? JSON.stringify({ files: files.length, ...summary })
      : `files ${files.length}, rows read ${summary.rowsRead}: imported ${summary.imported}, duplicates ${summary.duplicates} (already held), rejected rows ${summary.rejected.length}`);
    return { rowsRead: summary.rowsRead, imported: summary.imported, duplicates: summary.duplicates, rejected: summary.rejected };
  }
  const networks: ParsedBusNetwork[] = paths.map((path) => {
    if (format === 'gtfs') {
      if (!statSync(path).isDirectory()) {
        if (path.toLowerCase().endsWith('.zip')) return parseGtfsZip(readFileSync(path), basename(path), source);
        throw new Error(`${path}: a GTFS feed is its .zip or a folder of .txt files`);
      }
      return parseGtfs(new Map(GTFS_FILES.map((name) => [name, readFileSync(join(path, name))])), { ...source, prefix: `${basename(path)}/` });
    }
    return parseFlixbusNetwork(textOf(path), path, source);
  });
  // A network replaces what its source holds: one without routes would empty it.
  const empty = networks.filter((n) => n.network.routes.length === 0);
  if (empty.length > 0) {
    throw new Error(`nothing found to import: ${empty.map((n) => n.source).join(', ')} holds no routes; nothing was imported and the network held is kept`);
  }
  const repos = { directory: createDirectoryRepo(db), roadGraph: loadRoadGraph() };
  const rejected: Rejected[] = [];
  const report: object[] = [];
  const counts = { rowsRead: 0, imported: 0, duplicates: 0 };
  for (const parsed of networks) {
    const { rows, result } = routeCrossingRows(repos, parsed.network);
    const written = replaceBusRoutes(db, parsed.source, rows);
    rejected.push(...parsed.rejected);
    counts.rowsRead += parsed.network.routes.length;
    counts.imported += written.routes;
    report.push({ source: parsed.source, routes_read: parsed.network.routes.length, routes_crossing: written.routes, crossings: written.crossings,
      unplaced: result.unplaced, uncertain_stops: result.uncertain_stops });
    if (!options.json) {
      io.out(`${parsed.source}: routes read ${parsed.network.routes.length}, crossing a held checkpoint ${written.routes} (${written.crossings} crossings), ` +
        `not placed ${result.unplaced.length}, stops of uncertain country ${result.uncertain_stops.length}, rejected rows ${parsed.rejected.length}`);
      for (const u of result.unplaced) io.out(shown(`not placed: route ${u.route_id} ${u.from_stop} (${u.from_country}) -> ${u.to_stop} (${u.to_country}): ${u.reason}`));
    }
  }
  if (options.json) io.out(JSON.stringify({ networks: report, rejected }));
  return { ...counts, rejected };
}
