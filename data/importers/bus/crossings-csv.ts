/**
 * Bus crossing records (CSV): one row is one bus's passage through a border checkpoint, from its arrival at
 * the queue to the crossing done.
 *
 *   ppid,carrier,arrived_at,crossed_at,source_id
 *   id_116,FlixBus,2026-07-01T06:40:00+03:00,2026-07-01T09:05:00+03:00,FB-1784-20260701
 *   id_126,Ecolines,2026-07-01T03:10:00Z,2026-07-01T04:02:00Z,
 *   id_1314,Eurolines Ukraine,2026-07-01 22:15+03:00,2026-07-02 01:30+03:00,
 *
 * Columns (the first line is the header; columns may come in any order; `source_id` may be left out):
 * - `ppid`: the checkpoint and direction, as the directory numbers it (`id_<n>`, e.g. `id_116` is
 *   Rava-Ruska -> Hrebenne for buses; the `checkpoints` product lists them). A ppid the directory does not hold is
 *   rejected when the file is imported.
 * - `carrier`: the carrier's name as it publishes it (`FlixBus`); any non-empty text up to 200 characters.
 * - `arrived_at`: when the bus joined the queue before the checkpoint; `crossed_at`: when it left the
 *   checkpoint on the other side. Both ISO-8601 with a UTC offset (`Z`, `+03:00`, `+0300`; a space may stand
 *   for the `T`; seconds optional); a time without an offset is rejected, since it could be either side's
 *   local time. `crossed_at` must not be before `arrived_at`, and at most 7 days after it.
 * - `source_id` (optional): the record's id in the system it comes from; empty when there is none. Two rows
 *   with the same `source_id` in one file are an error.
 *
 * Times are stored in UTC. A record is identified by checkpoint, carrier and arrival: importing the same
 * file again adds nothing, and two rows of one file with the same checkpoint, carrier and arrival are an
 * error. A row with a bad cell is rejected whole, with its line and every reason; the other rows are read.
 */
import { parse } from 'csv-parse/sync';
import type { BusCrossingRecord } from '../../../models/bus.js';
import { ppidProblem } from '../../../models/query.js';
import { csvRows, isoSeconds, type Rejected } from '../feed.js';

export const BUS_CROSSING_COLUMNS = ['ppid', 'carrier', 'arrived_at', 'crossed_at', 'source_id'] as const;
const REQUIRED_COLUMNS = ['ppid', 'carrier', 'arrived_at', 'crossed_at'];
/** The longest plausible passage: a longer one is a typing error in a date. */
export const MAX_BUS_CROSSING_HOURS = 7 * 24;
export const BUS_CROSSINGS_SOURCE = 'bus-csv';

export interface ParsedBusCrossings {
  source: string;
  file: string;
  rowsRead: number;
  records: { line: number; record: BusCrossingRecord }[];
  rejected: Rejected[];
}

const quote = (value: string) => `'${value.length > 40 ? `${value.slice(0, 40)}...` : value}'`;

/** The record of one row, or every reason it cannot be used. */
function recordOf(cell: (name: string) => string): BusCrossingRecord | string[] {
  const bad: string[] = [];
  const ppid = cell('ppid');
  const malformed = ppidProblem(ppid);
  if (malformed !== null) bad.push(`malformed ppid ${quote(ppid)}: ${malformed}`);
  const carrier = cell('carrier').replace(/\s+/g, ' ');
  if (carrier === '') bad.push('carrier is empty');
  else if (carrier.length > 200 || /[\u0000-\u001f]/.test(carrier)) bad.push(`carrier ${quote(carrier)} is not a name of up to 200 characters`);
  const arrived = isoSeconds(cell('arrived_at'));
  if (arrived === null) bad.push(`arrived_at ${quote(cell('arrived_at'))} is not an ISO-8601 time with its UTC offset`);
  const crossed = isoSeconds(cell('crossed_at'));
  if (crossed === null) bad.push(`crossed_at ${quote(cell('crossed_at'))} is not an ISO-8601 time with its UTC offset`);
  if (arrived !== null && crossed !== null) {
    if (crossed < arrived) bad.push(`crossed_at ${quote(cell('crossed_at'))} is before arrived_at ${quote(cell('arrived_at'))}`);
    else if (crossed - arrived > MAX_BUS_CROSSING_HOURS * 3600) bad.push(`crossed_at is ${Math.round((crossed - arrived) / 3600)} h after arrived_at (at most ${MAX_BUS_CROSSING_HOURS} h)`);
  }
  const sourceId = cell('source_id');
  if (sourceId.length > 200 || /[\u0000-\u001f]/.test(sourceId)) bad.push(`source_id ${quote(sourceId)} is not a plain id of up to 200 characters`);
  if (bad.length > 0) return bad;
  return {
    ppid, carrier, arrived_at: new Date(arrived! * 1000).toISOString(), crossed_at: new Date(crossed! * 1000).toISOString(),
    source_id: sourceId === '' ? null : sourceId,
  };
}

/** Bus crossing records from the CSV above. Throws on a header it cannot use (missing or unknown columns). */
export function parseBusCrossingsCsv(text: string | Buffer, file: string, options?: { source?: string }): ParsedBusCrossings {
  const parsed: ParsedBusCrossings = { source: options?.source ?? BUS_CROSSINGS_SOURCE, file, rowsRead: 0, records: [], rejected: [] };
  const rows = csvRows(text, file);
  const [first] = parse(text, { bom: true, to_line: 1, relax_column_count: true }) as string[][];
  const header = (first ?? []).map((name) => name.trim());
  const known: readonly string[] = BUS_CROSSING_COLUMNS;
  const unknown = header.filter((name) => !known.includes(name));
  const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
  if (header.length > 0 && (unknown.length > 0 || missing.length > 0)) {
    throw new Error(`${file}: header ${[missing.length > 0 ? `lacks ${missing.join(', ')}` : '', unknown.length > 0 ? `has unknown columns ${unknown.join(', ')}` : ''].filter(Boolean).join(' and ')} (columns: ${BUS_CROSSING_COLUMNS.join(',')}; source_id optional)`);
  }
  const byKey = new Map<string, number>();
  const bySourceId = new Map<string, number>();
  for (const { line, row, bad } of rows) {
    parsed.rowsRead++;
    if (bad) {
      parsed.rejected.push(bad);
      continue;
    }
    const cells = new Map(Object.entries(row).map(([name, value]) => [name.trim(), value.trim()]));
    const record = recordOf((name) => cells.get(name) ?? '');
    if (Array.isArray(record)) {
      parsed.rejected.push({ file, line, reason: record.join('; ') });
      continue;
    }
    const key = JSON.stringify([record.ppid, record.carrier, record.arrived_at]);
    const first = byKey.get(key);
    if (first !== undefined) {
      parsed.rejected.push({ file, line, reason: `${record.carrier} at ${record.ppid} arriving ${record.arrived_at} repeats line ${first}` });
      continue;
    }
    if (record.source_id !== null) {
      const same = bySourceId.get(record.source_id);
      if (same !== undefined) {
        parsed.rejected.push({ file, line, reason: `source_id ${quote(record.source_id)} repeats line ${same}` });
        continue;
      }
      bySourceId.set(record.source_id, line);
    }
    byKey.set(key, line);
    parsed.records.push({ line, record });
  }
  return parsed;
}
