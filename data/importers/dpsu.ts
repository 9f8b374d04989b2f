/**
 * State Border Guard Service of Ukraine map as logged by border-queue-logger: physical counts of
 * cars and trucks waiting to leave Ukraine for Poland, and the car processing rate. The reading's
 * instant is when the source updated it (`source_updated_utc`), so repeated scrapes coincide.
 */
import { cellNumber, forEachRow, emptyFeed, isoSeconds, type ParsedFeed } from './feed.js';

export function parseDpsu(text: string | Buffer, file: string): ParsedFeed {
  const feed = emptyFeed('dpsu', file);
  forEachRow(feed, text, (line, row) => {
    const ts = isoSeconds(row.source_updated_utc) ?? isoSeconds(row.scraped_at);
    if (ts === null || !row.crossing_id) {
      feed.rejected.push({ file, line, reason: `bad source_updated_utc/scraped_at or crossing_id` });
      return;
    }
    const cars = cellNumber(row.cars_waiting);
    const trucks = cellNumber(row.trucks_waiting);
    const rate = cellNumber(row.cars_per_hour);
    if (cars === undefined || trucks === undefined || rate === undefined) {
      const bad = Object.entries({ cars_waiting: cars, trucks_waiting: trucks, cars_per_hour: rate }).filter(([, v]) => v === undefined);
      feed.rejected.push({ file, line, reason: `${bad.map(([c]) => c).join(', ')} not a count` });
      return;
    }
    if (cars === null && trucks === null) {
      feed.empty++;
      return;
    }
    if (cars !== null) {
      feed.readings.push({ line, reading: { crossing: row.crossing_id, from: 'UA', crossing_type: 4, ts, queue: cars, wait_min: null, rate_per_h: rate } });
    }
    if (trucks !== null) {
      feed.readings.push({ line, reading: { crossing: row.crossing_id, from: 'UA', crossing_type: 9, alt_type: 8, ts, queue: trucks, wait_min: null, rate_per_h: null } });
    }
  });
  return feed;
}
