/** `bdds import <format> <path...>`: ingest observation or place files into the configured store. */
import { processIo, type CliIo, UsageError } from './io.js';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { createDirectoryRepo } from '../../data/directory/directory-repo.js';
import { FORMATS } from '../../data/importers/formats.js';
import type { ParsedFeed, Rejected } from '../../data/importers/feed.js';
import { PLACE_FORMATS } from '../../data/importers/places/formats.js';
import type { ParsedPlaces } from '../../data/importers/places/parsed.js';
import { importPlaces, type PlacesSummary } from '../../data/importers/places/run.js';
import { BUS_FORMATS, importBus } from './import-bus.js';
import { importRoad } from './import-road.js';
import { ROAD_FORMATS } from '../../data/importers/road/formats.js';
import { importFeeds } from '../../data/importers/run-import.js';
import { createResolver } from '../../data/importers/resolve.js';
import { seedBundled } from '../../data/seed.js';
import { createClock, loadConfig } from '../config.js';
import { recordedImportRun } from './import-run.js';

export const IMPORT_USAGE = `Usage: bdds import <format> <file-or-folder>... [--at ISO] [--source NAME] [--allow-rejects]
                   [--json] [--approve]

Observation formats (queues at checkpoints):
${Object.entries(FORMATS).map(([name, f]) => `  ${name.padEnd(17)} ${f.summary}`).join('\n')}

Place formats (fuel stations and prices, national averages, truck parkings and other places):
${Object.entries(PLACE_FORMATS).map(([name, f]) => `  ${name.padEnd(17)} ${f.summary}`).join('\n')}

Bus formats (crossing records; route networks, each route placed at the checkpoints it crosses):
${Object.entries(BUS_FORMATS).map(([name, summary]) => `  ${name.padEnd(17)} ${summary}`).join('\n')}

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
not held is rejected. --source names the source of fuel-csv rows (default csv).
--json prints the summary as one JSON object.

Exit 0 when every row was used; 1 when any row was rejected (the other rows are imported all the same),
unless --allow-rejects is given; 2 on bad usage. Uses the store named by BDDS_DB, and records every run
there (also one that failed or rejected rows: its counts, status and error), which the operator dashboard's
operations view lists.`;

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

/** The file's text (gunzipped when it ends .gz), parsed; a parse failure stops the whole import. */
function parseAll<T>(files: string[], parse: (text: string, file: string) => T): T[] {
  return files.map((file) => {
    const raw = readFileSync(file);
    const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
    try {
      return parse(text, file);
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message.replace(`${file}: `, '')}; nothing was imported`);
    }
  });
}

/** Lists rejected rows after a text summary (JSON carries them); the exit code. */
function reportRejects(io: CliIo, rejected: Rejected[], options: { list: boolean; allow: boolean | undefined }): number {
  if (options.list) {
    for (const r of rejected.slice(0, 100)) io.out(`rejected ${r.file}:${r.line}: ${r.reason}`);
    if (rejected.length > 100) io.out(`... and ${rejected.length - 100} more rejected rows`);
  }
  if (rejected.length === 0 || options.allow) return 0;
  // The usable rows are committed: the code tells a script that some were not.
  io.err(`bdds import: rejected rows ${rejected.length} (the other rows were imported); exit code 1 unless --allow-rejects\n`);
  return 1;
}

const countsLine = (c: PlacesSummary['stations']) => `${c.added} added, ${c.updated} updated, ${c.unchanged} unchanged`;

export async function importCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, strict: true,
    options: { at: { type: 'string' }, source: { type: 'string' }, 'allow-rejects': { type: 'boolean' }, json: { type: 'boolean' }, approve: { type: 'boolean' } } });
  const [format, ...paths] = positionals;
  const isPlace = !!format && Object.hasOwn(PLACE_FORMATS, format);
  const isBus = !!format && Object.hasOwn(BUS_FORMATS, format);
  const isRoad = !!format && Object.hasOwn(ROAD_FORMATS, format);
  if (!format || (!isPlace && !isBus && !isRoad && !Object.hasOwn(FORMATS, format))) {
    throw new UsageError(`name a format: ${[...Object.keys(FORMATS), ...Object.keys(PLACE_FORMATS), ...Object.keys(BUS_FORMATS), ...Object.keys(ROAD_FORMATS)].join(', ')}`);
  }
  if (values.approve && !isRoad) throw new UsageError('--approve is for road-report formats');
  if (paths.length === 0) throw new UsageError('name at least one file or folder');
  const config = loadConfig(io.env);
  const clock = createClock(config.now);
  const at = values.at ? new Date(values.at) : clock();
  if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO instant');
  if (values.source !== undefined && !/^[a-z0-9_.-]{1,40}$/i.test(values.source)) throw new UsageError('--source must be a plain name');

  const dataset = isPlace ? 'places' : isBus ? 'bus' : isRoad ? 'road' : 'observations';
  const source = values.source ?? null;
  return recordedImportRun({ dbPath: config.dbPath, format, dataset, source, paths, now: clock, io }, (db, run) => {
    if (isBus || isRoad) {
      seedBundled(db, { history: false, now: at });
      const options = { ...(values.source ? { source: values.source } : {}), json: !!values.json };
      const result = isBus ? importBus(db, format, paths, options, io, run)
        : importRoad(db, format, (run.files = paths.flatMap(expand)), { ...options, at, approve: !!values.approve }, io);
      const exitCode = reportRejects(io, result.rejected, { list: !values.json, allow: values['allow-rejects'] });
      return { rowsRead: result.rowsRead, imported: result.imported, duplicates: result.duplicates, rejected: result.rejected.length, exitCode };
    }
    const files = (run.files = paths.flatMap(expand));
    // Parse every file first: a file that cannot be read stops the import before anything is written.
    const feeds = isPlace
      ? parseAll(files, (text, file) => PLACE_FORMATS[format]!.parse(text, file, { at, ...(values.source ? { source: values.source } : {}) })).flat()
      : parseAll(files, (text, file) => FORMATS[format]!.parse(text, file, { at, source: values.source ?? 'import' }));
    seedBundled(db, { history: false, now: clock() });
    if (isPlace) {
      const summary = importPlaces(db, feeds as ParsedPlaces[], { now: clock(), onProgress: progressReporter(io, 'records') });
      if (values.json) io.out(JSON.stringify({ files: files.length, ...summary }));
      else {
        io.out(`files ${files.length}, rows read ${summary.rowsRead}; stations ${countsLine(summary.stations)}; prices ${countsLine(summary.prices)}; ` +
          `national prices ${countsLine(summary.countryPrices)}; places ${countsLine(summary.pois)}; rejected rows ${summary.rejected.length}`);
      }
      const kinds = [summary.stations, summary.prices, summary.countryPrices, summary.pois];
      return {
        rowsRead: summary.rowsRead, imported: kinds.reduce((n, c) => n + c.added + c.updated, 0), duplicates: kinds.reduce((n, c) => n + c.unchanged, 0),
        rejected: summary.rejected.length, exitCode: reportRejects(io, summary.rejected, { list: !values.json, allow: values['allow-rejects'] }),
      };
    }
    const summary = importFeeds(db, feeds as ParsedFeed[], createResolver(createDirectoryRepo(db)), { onProgress: progressReporter(io, 'readings') });
    if (values.json) {
      io.out(JSON.stringify({ files: files.length, ...summary }));
    } else {
      io.out(`files ${files.length}, rows read ${summary.rowsRead}, readings ${summary.readings}: imported ${summary.imported}, ` +
        `duplicates ${summary.duplicates} (already held), skipped ${summary.skipped}; empty rows ${summary.empty}, rejected rows ${summary.rejected.length}`);
    }
    return {
      rowsRead: summary.rowsRead, imported: summary.imported, duplicates: summary.duplicates, rejected: summary.rejected.length,
      exitCode: reportRejects(io, summary.rejected, { list: !values.json, allow: values['allow-rejects'] }),
    };
  });
}
