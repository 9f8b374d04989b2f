/**
 * The generic observation format, CSV or NDJSON, one reading per row (docs/import-formats.md):
 * `ppid`, `time` (ISO-8601 with offset, or unix seconds), `queue`, `wait_min`, `rate_per_h`
 * (empty or absent = missing, never zero), `counted` (1/0/true/false, default 1), `source`.
 */
import { ppidProblem } from '../../models/query.js';
import { cellNumber, csvRows, emptyFeed, isoSeconds, type ParsedFeed } from './feed.js';

function readRow(feed: ParsedFeed, file: string, line: number, row: Record<string, unknown>, defaultSource: string): void {
  feed.rowsRead++;
  const cell = (name: string) => (row[name] === undefined || row[name] === null ? '' : String(row[name]));
  const ppid = cell('ppid');
  const time = cell('time');
  const ts = /^\d{9,11}$/.test(time) ? Number(time) : isoSeconds(time);
  const malformed = ppidProblem(ppid);
  // The API's rule and words: `id_0114` is malformed (as `?ppid=id_0114` is), not a checkpoint nobody knows.
  if (malformed !== null) return void feed.rejected.push({ file, line, reason: `malformed ppid '${ppid.slice(0, 40)}': ${malformed}` });
  if (ts === null) return void feed.rejected.push({ file, line, reason: `time '${time.slice(0, 40)}' is not an ISO instant with offset or unix seconds` });
  const values = { queue: cellNumber(cell('queue')), wait_min: cellNumber(cell('wait_min')), rate_per_h: cellNumber(cell('rate_per_h')) };
  const bad = Object.entries(values).filter(([, v]) => v === undefined).map(([k]) => k);
  if (bad.length > 0) return void feed.rejected.push({ file, line, reason: `${bad.join(', ')} not a non-negative number` });
  const countedCell = cell('counted').toLowerCase();
  if (!['', '1', '0', 'true', 'false'].includes(countedCell)) return void feed.rejected.push({ file, line, reason: `counted '${countedCell}' is not 1/0/true/false` });
  const source = cell('source') || defaultSource;
  if (!/^[a-z0-9_.-]{1,40}$/i.test(source)) return void feed.rejected.push({ file, line, reason: `source '${source.slice(0, 40)}' is not a plain name` });
  if (values.queue === null && values.wait_min === null && values.rate_per_h === null) return void feed.empty++;
  feed.readings.push({ line, reading: {
    ppid, crossing: ppid, from: '', crossing_type: null, ts, source, counted: countedCell !== '0' && countedCell !== 'false',
    queue: values.queue ?? null, wait_min: values.wait_min ?? null, rate_per_h: values.rate_per_h ?? null,
  } });
}

export function parseGenericCsv(text: string | Buffer, file: string, defaultSource = 'import'): ParsedFeed {
  const feed = emptyFeed(defaultSource, file);
  for (const { line, row, bad } of csvRows(text, file)) {
    if (bad) {
      feed.rowsRead++;
      feed.rejected.push(bad);
    } else readRow(feed, file, line, row, defaultSource);
  }
  return feed;
}

export function parseGenericNdjson(text: string, file: string, defaultSource = 'import'): ParsedFeed {
  const feed = emptyFeed(defaultSource, file);
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    let row: unknown;
    try {
      row = JSON.parse(raw);
    } catch {
      feed.rowsRead++;
      return void feed.rejected.push({ file, line: i + 1, reason: 'not valid JSON' });
    }
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      feed.rowsRead++;
      return void feed.rejected.push({ file, line: i + 1, reason: 'not a JSON object' });
    }
    readRow(feed, file, i + 1, row as Record<string, unknown>, defaultSource);
  });
  return feed;
}
