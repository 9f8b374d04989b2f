/**
 * Change notices a repository sends after it changed something (a key revoked, a data version moved), for
 * whoever must act on them: the authenticator forgets a key, scale-out tells the other instances. A
 * listener that throws is reported to `onError` and does not stop the others or the write that sent it.
 */
export function createNotices<T>() {
  const listeners = new Set<(notice: T) => void>();
  let onError: (err: unknown) => void = () => {};
  return {
    /** Calls `listener` after every change from now on; the returned function stops it. */
    on(listener: (notice: T) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Where a listener's failure goes (a log line); by default it is dropped. */
    set onError(handler: (err: unknown) => void) {
      onError = handler;
    },
    emit(notice: T): void {
      for (const listener of listeners) {
        try {
          listener(notice);
        } catch (err) {
          onError(err);
        }
      }
    },
  };
}

export type Notices<T> = ReturnType<typeof createNotices<T>>;
