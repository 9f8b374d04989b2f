/**
 * The operation cache: a bounded LRU of serialised answers keyed by operation + canonical input +
 * data version. Concurrent misses for one key share one computation. Failures are never cached.
 */
import { LRUCache } from 'lru-cache';
import type { OperationResult } from '../operation.js';

export interface CachedAnswer {
  result: OperationResult<unknown>;
  /** `"data":...` and the other cached envelope members, serialised once. */
  fragment: string;
  /** Strong entity tag of the answer (fragment and the operation's own meta), quoted. */
  etag: string;
}

export interface OperationCacheOptions {
  /** Upper bound on the cached bytes (serialised length). */
  maxBytes?: number;
}

export function createOperationCache(options: OperationCacheOptions = {}) {
  const lru = new LRUCache<string, CachedAnswer>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (answer) => answer.fragment.length + 64,
  });
  const inFlight = new Map<string, Promise<CachedAnswer>>();
  let computations = 0;

  return {
    /** Returns the cached answer for `key`, or computes it once however many callers ask at once. */
    async get(key: string, ttlMs: number, compute: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
      const hit = lru.get(key);
      if (hit) return hit;
      const pending = inFlight.get(key);
      if (pending) return pending;
      computations++;
      const promise = compute().then(
        (answer) => {
          if (ttlMs > 0) lru.set(key, answer, { ttl: ttlMs });
          return answer;
        },
      ).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    /** The cached answer for `key` if there is one, without computing. */
    peek: (key: string): CachedAnswer | undefined => lru.get(key),
    clear: () => lru.clear(),
    /** How many computations the cache has started (hits and joined misses excluded). */
    get computations() {
      return computations;
    },
    get size() {
      return lru.size;
    },
  };
}

export type OperationCache = ReturnType<typeof createOperationCache>;
