/**
 * eCherha, the Ukrainian electronic queue for leaving Ukraine: booked vehicles and the virtual wait
 * per queue. Two shapes: the logger's CSV (one row per queue and scrape) and the live workload API
 * JSON (one snapshot, stamped with the time it was fetched). Queues are identified by eCherha id.
 */
import { z } from 'zod';
import { cellNumber, forEachRow, emptyFeed, isoSeconds, type ParsedFeed } from './feed.js';

/** The longest wait eCherha can mean: 30 days (its truck queues reach 4-5 days; one reading said 188). */
const MAX_WAIT_S = 30 * 86_400;
/** A queue this long never has no wait: a zero wait beside it is not a measurement. */
const LONG_QUEUE = 50;

/**
 * The feed's known quirks, read the same way from the logger's CSV and the live API (recorded in
 * ../shared/data/echerha-archive-yahodyn): a reading they mark is rejected with the reason, so that it
 * reaches no product and no model, and the import summary and a feed's poll count it.
 *  - the placeholder weeks (April 2024): the wait is exactly 86,400 s x the queue;
 *  - a wait beyond MAX_WAIT_S (16,243,200 s = 188 days on 2024-04-22);
 *  - a zero wait with LONG_QUEUE or more vehicles booked.
 */
export function echerhaQuirk(waitS: number | null, vehicles: number | null): string | null {
  if (waitS === null) return null;
  if (vehicles !== null && vehicles > 0 && waitS === 86_400 * vehicles) return `wait ${waitS} s is 86,400 s x the queue of ${vehicles}: the feed's placeholder, not a wait`;
  if (waitS > MAX_WAIT_S) return `wait of ${Math.round(waitS / 86_400)} days: no queue waits that long (the feed's error)`;
  if (waitS === 0 && vehicles !== null && vehicles >= LONG_QUEUE) return `no wait with ${vehicles} vehicles booked: not a measurement`;
  return null;
}

/** eCherha's vehicle type of a queue: 1 trucks, 2 buses (`for_vehicle_type` live, `vehicle_type` in the CSV). */
const BUS = 2;

/**
 * The wait a reading carries. eCherha's bus queues give no wait: in ../shared/data/pl-ua-queues/echerha
 * (58 daily files) the timetabled ones ("Автобуси (за розкладом)") leave it empty and the two others give 0
 * in 4,078 of 4,080 readings, beside up to 51 buses booked (the other two: 120 s). A bus queue's 0 is so "not
 * given", not "no wait": it is dropped and the booked buses kept. A positive wait is kept.
 */
export const echerhaWait = (waitS: number | null, vehicleType: number | null): number | null => (vehicleType === BUS && waitS === 0 ? null : waitS);

export function parseEcherhaCsv(text: string | Buffer, file: string): ParsedFeed {
  const feed = emptyFeed('echerha', file);
  forEachRow(feed, text, (line, row) => {
    const ts = isoSeconds(row.scraped_at);
    const id = Number(row.echerha_id);
    if (ts === null || !Number.isInteger(id) || row.echerha_id === '') {
      feed.rejected.push({ file, line, reason: 'bad scraped_at or echerha_id' });
      return;
    }
    const givenWaitS = cellNumber(row.virtual_wait_s);
    const vehicles = cellNumber(row.vehicles_waiting);
    if (givenWaitS === undefined || vehicles === undefined) {
      feed.rejected.push({ file, line, reason: 'virtual_wait_s or vehicles_waiting is not a number' });
      return;
    }
    const waitS = echerhaWait(givenWaitS, row.vehicle_type === undefined || row.vehicle_type === '' ? null : Number(row.vehicle_type));
    if (waitS === null && vehicles === null) {
      feed.empty++;
      return;
    }
    const quirk = echerhaQuirk(waitS, vehicles);
    if (quirk) {
      feed.rejected.push({ file, line, reason: quirk });
      return;
    }
    feed.readings.push({ line, reading: { crossing: id, from: 'UA', crossing_type: null, ts, queue: vehicles, wait_min: waitS === null ? null : waitS / 60, rate_per_h: null } });
  });
  return feed;
}

const LiveQueue = z.object({
  id: z.number().int(),
  wait_time: z.number().nonnegative().nullable().optional(),
  vehicle_in_active_queues_counts: z.number().int().nonnegative().nullable().optional(),
  for_vehicle_type: z.number().int().nullable().optional(),
});
const LiveSnapshot = z.object({ data: z.array(z.unknown()) });

/** The live workload API response; `fetchedAt` is when it was fetched (the API states no time). */
export function parseEcherhaLive(text: string, file: string, fetchedAt: Date): ParsedFeed {
  const feed = emptyFeed('echerha', file);
  const snapshot = LiveSnapshot.parse(JSON.parse(text));
  const ts = Math.floor(fetchedAt.getTime() / 1000);
  snapshot.data.forEach((item, i) => {
    feed.rowsRead++;
    const parsed = LiveQueue.safeParse(item);
    if (!parsed.success) {
      feed.rejected.push({ file, line: i + 1, reason: `queue ${i + 1}: ${parsed.error.issues[0]?.message ?? 'malformed'}` });
      return;
    }
    const { id, wait_time: givenWaitS = null, vehicle_in_active_queues_counts: vehicles = null, for_vehicle_type: vehicleType = null } = parsed.data;
    const waitS = echerhaWait(givenWaitS, vehicleType);
    if (waitS === null && vehicles === null) {
      feed.empty++;
      return;
    }
    const quirk = echerhaQuirk(waitS, vehicles);
    if (quirk) {
      feed.rejected.push({ file, line: i + 1, reason: `queue ${i + 1}: ${quirk}` });
      return;
    }
    feed.readings.push({ line: i + 1, reading: { crossing: id, from: 'UA', crossing_type: null, ts, queue: vehicles, wait_min: waitS === null ? null : waitS / 60, rate_per_h: null } });
  });
  return feed;
}
