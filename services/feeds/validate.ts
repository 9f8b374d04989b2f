/**
 * Whether a feed's answer may be stored: a response is taken whole or not at all. An answer with no rows,
 * none usable (a renamed field leaves every row empty), more rows rejected than used, or a value no queue
 * can have is refused, and the data already held stays served with its real age. A bus network with no
 * route is refused too: it would replace the network held with nothing.
 */
import { parsedCounts, type ParsedDocs } from '../../data/importers/ingest.js';

/** The longest wait a queue can state: 30 days (eCherha's truck queues reach 4-5 days). */
export const MAX_WAIT_MIN = 30 * 24 * 60;
/** The longest queue a checkpoint can hold, in vehicles. */
export const MAX_QUEUE = 20_000;

/** Null when the answer may be stored, else why not. */
export function refusal(parsed: ParsedDocs): string | null {
  const { rowsRead, usable, rejected } = parsedCounts(parsed);
  if (rowsRead === 0) return 'the answer holds no rows';
  if (usable === 0) return `none of its ${rowsRead} rows is usable (a changed format?)`;
  if (rejected > usable) return `${rejected} of its rows were rejected, more than the ${usable} usable (a changed format?)`;
  // A network replaces the one held whole: one with no route at all would empty it.
  if (parsed.dataset === 'bus' && parsed.feeds.every((feed) => feed.network.routes.length === 0)) {
    return 'the network holds no route served by a trip of two stops or more (a changed format?)';
  }
  if (parsed.dataset === 'observations') {
    for (const feed of parsed.feeds) {
      for (const { line, reading } of feed.readings) {
        if ((reading.wait_min ?? 0) > MAX_WAIT_MIN || (reading.queue ?? 0) > MAX_QUEUE) {
          return `row ${line} states a value no queue has (wait ${reading.wait_min} min, queue ${reading.queue})`;
        }
      }
    }
  }
  return null;
}
