/**
 * The operation cache: a bounded LRU of serialised answers keyed by operation + canonical input +
 * data version. Concurrent misses for one key share one computation. Failures are never cached.
 */
import { LRUCache } from 'lru-cache';
import type { OperationResult } from './operation.js';

export interface CachedAnswer {
  /**
   * What the envelope needs beside the fragment. The answer's `data` is kept only as serialised in the
   * fragment: holding the object (or the worker's string) as well would keep every answer two to five times.
   */
  result: Pick<OperationResult<unknown>, 'meta' | 'credits'>;
  /** `"data":...` and the other cached envelope members, serialised once. */
  fragment: string;
  /** Strong entity tag of the answer (fragment and the operation's own meta), quoted. */
  etag: string;
}

export interface OperationCacheOptions {
  /** Upper bound on the cached bytes (serialised length). */
  maxBytes?: number;
  /**
   * The service's clock (deps.now): an answer's time to live runs on it, as the time it was computed by does
   * (a moved test clock or replay expires what it should; in production it is the real clock).
   */
  now?: () => Date;
}

/**
 * The memory an answer holds, near enough: its fragment (V8 keeps a string with any character beyond
 * Latin-1, a Cyrillic name say, at two bytes a character), the tag, the meta, and the entry itself.
 */
export function answerBytes(answer: CachedAnswer): number {
  const perChar = /[^\u0000-\u00ff]/.test(answer.fragment) ? 2 : 1;
  return answer.fragment.length * perChar + answer.etag.length + (answer.result.meta ? 256 : 0) + 128;
}

export function createOperationCache(options: OperationCacheOptions = {}) {
  const lru = new LRUCache<string, CachedAnswer>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: answerBytes,
    ...(options.now ? { perf: { now: () => options.now!().getTime() } } : {}),
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
