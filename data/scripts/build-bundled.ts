/**
 * Builds what the project ships from the published source files (run by hand when sources change):
 *   npx tsx data/scripts/build-bundled.ts <shared-data-dir>
 * writes data/bundled/directory.json, data/bundled/observations.ndjson.gz (the PL-UA series in the
 * generic format) and data/bundled/BUILD-LOG.md (what matched, what did not, counts).
 */
import { parse } from 'csv-parse/sync';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDirectory, type SeriesEvidence } from '../directory/build-directory.js';
import { createDirectoryRepo, loadDirectory } from '../directory/directory-repo.js';
import { parseDpsu } from '../importers/dpsu.js';
import { parseEcherhaCsv } from '../importers/echerha.js';
import type { ParsedFeed } from '../importers/feed.js';
import { parseGranica } from '../importers/granica.js';
import { importFeeds } from '../importers/run-import.js';
import { createResolver } from '../importers/resolve.js';
import { openStore } from '../store.js';

const shared = process.argv[2] ?? '../shared/data';
const out = new URL('../bundled/', import.meta.url).pathname;
const csv = (path: string) => parse(readFileSync(join(shared, path)), { columns: true, bom: true }) as Record<string, string>[];
const files = (dir: string) => readdirSync(join(shared, dir)).filter((f) => f.endsWith('.csv')).sort().map((f) => join(dir, f));

const feeds: ParsedFeed[] = [
  ...files('pl-ua-queues/granica').map((f) => parseGranica(readFileSync(join(shared, f)), f)),
  ...files('pl-ua-queues/echerha').map((f) => parseEcherhaCsv(readFileSync(join(shared, f)), f)),
  ...files('pl-ua-queues/dpsu').map((f) => parseDpsu(readFileSync(join(shared, f)), f)),
];

// Which vehicle types the pl-ua series report non-zero values for, per crossing (evidence of service).
const evidence: SeriesEvidence = {};
for (const feed of feeds) {
  if (feed.source === 'echerha') continue; // eCherha queues are matched by their titles
  for (const { reading } of feed.readings) {
    if (typeof reading.crossing !== 'string' || reading.crossing_type === null) continue;
    if (!(reading.queue ?? reading.wait_min)) continue;
    const e = (evidence[reading.crossing] ??= { types: new Set(), series: feed.source });
    e.types.add(reading.crossing_type === 9 && reading.alt_type ? -1 : reading.crossing_type);
  }
}
for (const e of Object.values(evidence)) e.types.delete(-1); // "all trucks" says nothing about weight classes

const seriesQueues = new Map<number, { echerha_id: number; title: string; crossing_id: string }>();
for (const f of files('pl-ua-queues/echerha')) {
  for (const r of csv(f)) seriesQueues.set(Number(r.echerha_id), { echerha_id: Number(r.echerha_id), title: r.echerha_title!, crossing_id: r.crossing_id! });
}
const directory = buildDirectory(csv('checkpoints/ua_crossings_en_uk.csv') as never, csv('checkpoints/dpsu_pl_ua_crossings.csv') as never,
  csv('checkpoints/echerha_truck_queues_ua_exit.csv') as never, evidence, [...seriesQueues.values()]);
directory.built_from = ['checkpoints/ua_crossings_en_uk.csv', 'checkpoints/dpsu_pl_ua_crossings.csv', 'checkpoints/echerha_truck_queues_ua_exit.csv',
  'pl-ua-queues/{granica,echerha,dpsu} (vehicle-type evidence)'];
writeFileSync(join(out, 'directory.json'), `${JSON.stringify(directory, null, 1)}\n`);

const db = openStore(':memory:');
loadDirectory(db, directory);
const summary = importFeeds(db, feeds, createResolver(createDirectoryRepo(db)));
const rows = db.prepare('SELECT ppid, source, ts, queue, wait_min, rate_per_h, counted FROM observations ORDER BY ppid, source, ts').all() as
  Record<string, number | string | null>[];
const ndjson = rows.map((r) => JSON.stringify({
  ppid: r.ppid, time: r.ts, source: r.source,
  ...(r.queue === null ? {} : { queue: r.queue }), ...(r.wait_min === null ? {} : { wait_min: Math.round((r.wait_min as number) * 100) / 100 }),
  ...(r.rate_per_h === null ? {} : { rate_per_h: r.rate_per_h }),
})).join('\n');
writeFileSync(join(out, 'observations.ndjson.gz'), gzipSync(`${ndjson}\n`, { level: 9 }));

const perSource = db.prepare('SELECT source, count(*) n, count(DISTINCT ppid) p, min(ts) a, max(ts) b FROM observations GROUP BY source').all() as
  { source: string; n: number; p: number; a: number; b: number }[];
const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 16);
writeFileSync(join(out, 'BUILD-LOG.md'), `# Build log of the bundled data

Made by \`data/scripts/build-bundled.ts\` from the published files named in \`data/NOTICE.md\`.

## Directory

${directory.locations.length} locations, ${directory.locations.reduce((n, l) => n + l.checkpoints.length, 0)} checkpoints (ppids).

Source rows not matched to a listed crossing:
${directory.unmatched.map((u) => `- ${u}`).join('\n') || '- none'}

## Observations

Rows read ${summary.rowsRead}, readings ${summary.readings}, kept ${summary.imported}, duplicates ${summary.duplicates}
(repeated scrapes of one source update), skipped ${summary.skipped} (vehicle types a crossing does not serve,
special eCherha queues where a main queue exists), empty rows ${summary.empty}, rejected ${summary.rejected.length}.

| source | rows | ppids | from (UTC) | to (UTC) |
|---|---|---|---|---|
${perSource.map((s) => `| ${s.source} | ${s.n} | ${s.p} | ${iso(s.a)} | ${iso(s.b)} |`).join('\n')}

Rejected rows:
${summary.rejected.slice(0, 50).map((r) => `- ${r.file}:${r.line}: ${r.reason}`).join('\n') || '- none'}
`);
console.log(`directory: ${directory.locations.length} locations; observations: ${rows.length}; rejected ${summary.rejected.length}; skipped ${summary.skipped}`);
