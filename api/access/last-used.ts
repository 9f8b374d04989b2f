/**
 * Last-used times, kept in memory on the request path and written in one transaction by a job, so
 * that recording a use never adds a write to a request.
 */
import type { KeysRepo } from '../../data/keys-repo.js';

export const LAST_USED_FLUSH_MS = 10_000;

export function createLastUsedRecorder(keys: Pick<KeysRepo, 'touchMany'>) {
  let pending = new Map<number, number>();
  return {
    /** Notes a use at `atMs` (epoch ms); formatted only when written. */
    record(keyId: number, atMs: number): void {
      pending.set(keyId, atMs);
    },
    /** Writes what has accumulated; returns how many keys were written. */
    flush(): number {
      if (pending.size === 0) return 0;
      const batch = pending;
      pending = new Map();
      keys.touchMany([...batch].map(([id, ms]) => [id, new Date(ms).toISOString()]));
      return batch.size;
    },
  };
}

export type LastUsedRecorder = ReturnType<typeof createLastUsedRecorder>;
