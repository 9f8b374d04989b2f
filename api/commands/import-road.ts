/**
 * `bdds import lt-closures|gddkia|datex2-situation|road-csv`: road-condition reports through the one write
 * path (data/importers/road/run.ts). Official feeds are approved at once; road-csv reports are pending
 * until approved (`bdds reports approve`), or approved on import with --approve. A snapshot format ends
 * the reports of its source that it no longer lists, at --at (default now); several snapshot files are
 * imported one after another in the order given.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Rejected } from '../../data/importers/feed.js';
import { ROAD_FORMATS } from '../../data/importers/road/formats.js';
import { importRoadReports } from '../../data/importers/road/run.js';
import type { Db } from '../../data/store.js';
import type { ImportResult } from './import-run.js';
import type { CliIo } from './io.js';

export function importRoad(db: Db, format: string, files: string[], options: { source?: string; json: boolean; at: Date; approve: boolean }, io: CliIo): ImportResult {
  const road = ROAD_FORMATS[format]!;
  // Every file is parsed before anything is written: one that cannot be read imports nothing.
  const feeds = files.map((file) => {
    const raw = readFileSync(file);
    const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
    try {
      return road.parse(text, file, { at: options.at, ...(options.source ? { source: options.source } : {}) });
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message.replace(`${file}: `, '')}; nothing was imported`);
    }
  });
  const status = road.official || options.approve ? 'approved' : 'pending';
  // Snapshots one after another, in the order given (a folder: by name, i.e. by date): each ends what it drops.
  const runs = road.snapshot ? feeds.map((feed) => [feed]) : [feeds];
  const summary = { rowsRead: 0, added: 0, updated: 0, unchanged: 0, ended: 0, rejected: [] as Rejected[] };
  for (const run of runs) {
    const one = importRoadReports(db, run, { now: options.at, status, snapshot: road.snapshot });
    for (const k of ['rowsRead', 'added', 'updated', 'unchanged', 'ended'] as const) summary[k] += one[k];
    summary.rejected.push(...one.rejected);
  }
  io.out(options.json ? JSON.stringify({ files: files.length, status, ...summary })
    : `files ${files.length}, rows read ${summary.rowsRead}: reports added ${summary.added} (${status}), updated ${summary.updated}, ` +
      `unchanged ${summary.unchanged}, ended ${summary.ended} (no longer listed); rejected rows ${summary.rejected.length}`);
  return { rowsRead: summary.rowsRead, imported: summary.added + summary.updated, duplicates: summary.unchanged, rejected: summary.rejected };
}
