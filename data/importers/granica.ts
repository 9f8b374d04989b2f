/**
 * Polish Border Guard (granica.gov.pl) waits as logged by border-queue-logger: minutes per vehicle
 * class; `*_exit_min` = leaving Poland (Poland -> Ukraine), `*_entry_min` = entering Poland.
 */
import { cellNumber, forEachRow, emptyFeed, isoSeconds, type ParsedFeed } from './feed.js';

export const COLUMNS = [
  ['trucks_exit_min', 'PL', 9], ['trucks_entry_min', 'UA', 9],
  ['cars_exit_min', 'PL', 4], ['cars_entry_min', 'UA', 4],
  ['buses_exit_min', 'PL', 6], ['buses_entry_min', 'UA', 6],
] as const;

export function parseGranica(text: string | Buffer, file: string): ParsedFeed {
  const feed = emptyFeed('granica', file);
  forEachRow(feed, text, (line, row) => {
    const ts = isoSeconds(row.scraped_at);
    if (ts === null || !row.crossing_id) {
      feed.rejected.push({ file, line, reason: `bad scraped_at '${row.scraped_at}' or crossing_id` });
      return;
    }
    // A row with a garbled cell is rejected whole (once), so that a rejected row counts nowhere else.
    const bad = COLUMNS.filter(([column]) => cellNumber(row[column]) === undefined).map(([column]) => `${column} '${row[column]}'`);
    if (bad.length > 0) {
      feed.rejected.push({ file, line, reason: `${bad.join(', ')} not a number of minutes` });
      return;
    }
    let any = false;
    for (const [column, from, type] of COLUMNS) {
      const wait = cellNumber(row[column]);
      if (wait === null || wait === undefined) continue;
      any = true;
      // "trucks" are all trucks: at a crossing that takes only trucks under 7.5 t they are type 8.
      feed.readings.push({ line, reading: { crossing: row.crossing_id, from, crossing_type: type, ...(type === 9 ? { alt_type: 8 } : {}), ts, queue: null, wait_min: wait, rate_per_h: null } });
    }
    if (!any) feed.empty++;
  });
  return feed;
}
