/**
 * A least-recently-used map bounded by its number of entries, that allocates as it fills. lru-cache given
 * `max` preallocates its arrays for `max` entries at once (about 20 ms and 2-3 MB for 100,000, per cache);
 * bounded through `maxSize` with every entry of size 1 it holds the same bound and grows with use.
 */
import { LRUCache } from 'lru-cache';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function boundedCache<K extends {}, V extends {}>(maxEntries: number): LRUCache<K, V> {
  return new LRUCache<K, V>({ maxSize: maxEntries, sizeCalculation: () => 1 });
}
