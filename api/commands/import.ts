/** `bdds import <format> <path...>`: ingest observation or place files into the configured store. */
import { processIo, shown, type CliIo, UsageError } from './io.js';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { FORMATS } from '../../data/importers/formats.js';
import { PLACE_FORMATS } from '../../data/importers/places/formats.js';
import { documentText } from '../../data/importers/places/document-text.js';
import type { Rejected } from '../../data/importers/feed.js';
import { ingestCounts, parsedCounts, parseTexts, writeParsed } from '../../data/importers/ingest.js';
import type { PlacesSummary } from '../../data/importers/places/run.js';
import { BUS_FORMATS, importBus } from './import-bus.js';
import { ROAD_FORMATS } from '../../data/importers/road/formats.js';
import { seedBundled } from '../../data/seed.js';
import { createClock, loadConfig } from '../config.js';
import { recordedImportRun } from './import-run.js';
import { readOsmRoadGraph, storeOsmRoadGraph } from '../../data/importers/osm-roads/import.js';
import { checkHeaders, checkPaths, checkSourceOption, nothingFound, refuseBlank, SOURCE_FORMATS } from './import-checks.js';

export const IMPORT_USAGE = `Usage: bdds import <format> <file-or-folder>... [--at ISO] [--source NAME] [--allow-rejects]
                   [--json] [--approve]

Observation formats (queues at checkpoints):
${Object.entries(FORMATS).map(([name, f]) => `  ${name.padEnd(17)} ${f.summary}`).join('\n')}

Place formats (fuel stations and prices, national averages, truck parkings and other places):
${Object.entries(PLACE_FORMATS).map(([name, f]) => `  ${name.padEnd(17)} ${f.summary}`).join('\n')}

Bus formats (crossing records; route networks, each route placed at the checkpoints it crosses):
${Object.entries(BUS_FORMATS).map(([name, summary]) => `  ${name.padEnd(17)} ${summary}`).join('\n')}

Road network (docs/routing.md): osm-roads <extract.osm.pbf|.osm>, an OpenStreetMap extract that
travel-matrix and alternatives route on in place of the bundled city graph.

Road-report formats (official feeds are served at once; road-csv reports wait for approval):
${Object.entries(ROAD_FORMATS).map(([name, f]) => `  ${name.padEnd(17)} ${f.summary}`).join('\n')}

Files may be gzipped (.gz). A folder imports every file in it. The import is one transaction: a file
that cannot be read imports nothing. A row that cannot be used (a bad cell, or a checkpoint or crossing
the directory does not know) is rejected whole and listed once with file, line and reason; the other
rows are imported. Importing the same file twice adds nothing: its readings count as duplicates.

Progress (readings done of readings to do) goes to standard error, the summary to standard output:
  rows read    every row of the files; empty rows carry no value; rejected rows are listed after it
  readings     the values of the rows not rejected: imported + duplicates + skipped (the progress count)
  duplicates   readings the store already held (same checkpoint, source and instant): not added again
  skipped      readings the service does not serve: a vehicle type the crossing lacks, eCherha queues
               at no listed crossing, special eCherha queues beside a main one
For place formats the summary counts stations, prices, national prices and places added, updated
(a field differs; a price only when the report is newer) and unchanged; a price for a station that is
not held is rejected.
--source names the source of the rows of ${SOURCE_FORMATS.join(', ')} (fuel-csv: default csv); the
other formats name their own source and refuse it.
--json prints the summary as one JSON object.

A file of a CSV observation format whose header lacks the format's columns (a file of another format) is
refused whole, naming them: nothing is imported. Files or folders that hold nothing to import (a missing
path, a folder without files, files without rows) are refused.

Exit 0 when every row was used; 1 when any row was rejected (the other rows are imported all the same),
unless --allow-rejects is given, or when a file cannot be read, is refused or holds no rows (nothing is
imported); 2 on bad usage, a missing path or a folder without files (no run is recorded). Uses the store
named by BDDS_DB (created when it does not exist), and records every run there (also one that failed or
rejected rows: its counts, status and error), which the operator dashboard's operations view lists.`;

function expand(path: string): string[] {
  return statSync(path).isDirectory() ? readdirSync(path).sort().map((f) => join(path, f)).filter((f) => statSync(f).isFile()) : [path];
}

/** Progress on standard error; its last count is the summary's `readings`. */
function progressReporter(io: CliIo, unit: string): (done: number, total: number) => void {
  const tty = io.errIsTty;
  let lastLine = 0;
  return (done, total) => {
    if (tty) {
      const width = 30;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      io.err(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${unit}${done === total ? '\n' : ''}`);
    } else if (done === total || Date.now() - lastLine > 2_000) {
      lastLine = Date.now();
      io.err(`${done} of ${total} ${unit} done\n`);
    }
  };
}

/** The files' texts (gunzipped when a name ends .gz). */
function readTexts(files: string[]): { text: string; file: string }[] {
  return files.map((file) => {
    const raw = readFileSync(file);
    return { text: documentText(file.endsWith('.gz') ? gunzipSync(raw) : raw), file };
  });
}

/**
 * Lists rejected rows after a text summary (JSON carries them); the exit code. `held`: the rows' records
 * now in the store (added, changed or already held); when none are, no row was imported and it says so.
 */
function reportRejects(io: CliIo, rejected: Rejected[], options: { list: boolean; allow: boolean | undefined; held: number }): number {
  if (options.list) {
    for (const r of rejected.slice(0, 100)) io.out(`rejected ${shown(r.file)}:${r.line}: ${shown(r.reason)}`);
    if (rejected.length > 100) io.out(`... and ${rejected.length - 100} more rejected rows`);
  }
  if (rejected.length === 0 || options.allow) return 0;
  // The usable rows are committed: the code tells a script that some were not.
  const others = options.held > 0 ? 'the other rows were imported' : 'no row was imported';
  io.err(`bdds import: rejected rows ${rejected.length} (${others}); exit code 1 unless --allow-rejects\n`);
  return 1;
}

const countsLine = (c: PlacesSummary['stations']) => `${c.added} added, ${c.updated} updated, ${c.unchanged} unchanged`;

export async function importCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, strict: true,
    options: { at: { type: 'string' }, source: { type: 'string' }, 'allow-rejects': { type: 'boolean' }, json: { type: 'boolean' }, approve: { type: 'boolean' } } });
  const [format, ...paths] = positionals;
  if (format === 'osm-roads') {
    checkSourceOption(format, values.source);
    checkPaths(paths);
    return importOsmRoadsCommand(paths, values.json === true, io);
  }
  const isPlace = !!format && Object.hasOwn(PLACE_FORMATS, format);
  const isBus = !!format && Object.hasOwn(BUS_FORMATS, format);
  const isRoad = !!format && Object.hasOwn(ROAD_FORMATS, format);
  if (!format || (!isPlace && !isBus && !isRoad && !Object.hasOwn(FORMATS, format))) {
    throw new UsageError(`${format ? `no format '${format}'; ` : ''}name a format: ${[...Object.keys(FORMATS), ...Object.keys(PLACE_FORMATS), ...Object.keys(BUS_FORMATS), ...Object.keys(ROAD_FORMATS)].join(', ')}`);
  }
  if (values.approve && !isRoad) throw new UsageError('--approve is for road-report formats');
  checkSourceOption(format, values.source);
  if (paths.length === 0) throw new UsageError('name at least one file or folder');
  checkPaths(paths);
  const config = loadConfig(io.env);
  const clock = createClock(config.now);
  const at = values.at ? new Date(values.at) : clock();
  if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO instant');
  if (values.source !== undefined && !/^[a-z0-9_.-]{1,40}$/i.test(values.source)) throw new UsageError('--source must be a plain name');

  const dataset = isPlace ? 'places' : isBus ? 'bus' : isRoad ? 'road' : 'observations';
  const source = values.source ?? null;
  return recordedImportRun({ dbPath: config.dbPath, format, dataset, source, paths, now: clock, io }, (db, run) => {
    if (isBus) {
      seedBundled(db, { history: false, now: at });
      const result = importBus(db, format, paths, { ...(values.source ? { source: values.source } : {}), json: !!values.json }, io, run);
      const exitCode = reportRejects(io, result.rejected, { list: !values.json, allow: values['allow-rejects'], held: result.imported + result.duplicates });
      return { rowsRead: result.rowsRead, imported: result.imported, duplicates: result.duplicates, rejected: result.rejected.length, exitCode };
    }
    const files = (run.files = paths.flatMap(expand));
    // The same path as a live feed's poll (data/importers/ingest.ts): every file parsed before anything is written.
    const docs = readTexts(files);
    refuseBlank(files, docs);
    const parsed = parseTexts(format, docs, { at, ...(values.source ? { source: values.source } : {}) });
    checkHeaders(format, docs); // after parsing: a file that cannot be read at all is named as such
    // A road snapshot without reports is news (it ends what it no longer lists); a file without readings or places is not.
    const found = parsedCounts(parsed);
    if (!isRoad && found.rowsRead === 0 && found.rejected === 0) throw nothingFound(files, false);
    seedBundled(db, { history: false, now: isRoad ? at : clock() });
    const result = writeParsed(db, parsed, {
      at, now: clock(), ...(values.source ? { source: values.source } : {}), approve: !!values.approve,
      onProgress: progressReporter(io, isPlace ? 'records' : 'readings'),
    });
    if (result.dataset === 'bus') throw new Error(`${format}: a bus network is imported by importBus`);
    const counts = ingestCounts(result);
    if (values.json) io.out(JSON.stringify({ files: files.length, ...result.summary }));
    else if (result.dataset === 'places') {
      const summary = result.summary;
      io.out(`files ${files.length}, rows read ${summary.rowsRead}; stations ${countsLine(summary.stations)}; prices ${countsLine(summary.prices)}; ` +
        `national prices ${countsLine(summary.countryPrices)}; places ${countsLine(summary.pois)}; rejected rows ${summary.rejected.length}`);
    } else if (result.dataset === 'road') {
      const summary = result.summary;
      io.out(`files ${files.length}, rows read ${summary.rowsRead}: reports added ${summary.added} (${summary.status}), updated ${summary.updated}, ` +
        `unchanged ${summary.unchanged}, ended ${summary.ended} (no longer listed); rejected rows ${summary.rejected.length}`);
    } else {
      const summary = result.summary;
      io.out(`files ${files.length}, rows read ${summary.rowsRead}, readings ${summary.readings}: imported ${summary.imported}, ` +
        `duplicates ${summary.duplicates} (already held), skipped ${summary.skipped}; empty rows ${summary.empty}, rejected rows ${summary.rejected.length}`);
    }
    return { rowsRead: counts.rowsRead, imported: counts.imported, duplicates: counts.duplicates, rejected: counts.rejected.length,
      exitCode: reportRejects(io, counts.rejected, { list: !values.json, allow: values['allow-rejects'], held: counts.imported + counts.duplicates }) };
  });
}

/** `bdds import osm-roads <extract>`: read and build first (async), then store in one recorded run. */
async function importOsmRoadsCommand(paths: string[], json: boolean, io: CliIo): Promise<number> {
  if (paths.length !== 1) throw new UsageError('osm-roads takes one extract (.osm.pbf or .osm)');
  const config = loadConfig(io.env);
  const clock = createClock(config.now);
  const { graph, summary } = await readOsmRoadGraph(paths[0]!);
  return recordedImportRun({ dbPath: config.dbPath, format: 'osm-roads', dataset: 'road', source: null, paths, now: clock, io }, (db) => {
    const { stored } = storeOsmRoadGraph(db, graph, summary, clock());
    io.out(json ? JSON.stringify({ ...summary, stored }) : `road network ${summary.version} from ${summary.file}: ${summary.ways} ways, ` +
      `${summary.nodes} junctions, ${summary.edges} links; ${stored ? 'stored, routed on from now' : 'already held'}`);
    return { rowsRead: summary.ways, imported: stored ? summary.edges : 0, duplicates: stored ? 0 : summary.edges, rejected: 0, exitCode: 0 };
  });
}
