/**
 * A compute thread's CPU priority below the event loop's: on Linux a worker thread renices itself (its own
 * thread id, read from /proc/thread-self), so when the cores are busy the scheduler runs the event loop (and
 * the cheap requests it answers) first and the pool's forecasts and routes in the time left. Elsewhere, or
 * where the system refuses, nothing changes. Raising a thread's nice value needs no privilege.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value compute threads take (0 = the process's own, 19 = the lowest priority). */
export const WORKER_NICE = 10;

/** Lowers the calling thread's priority to `nice`; the thread id it reniced, or null where it could not. */
export function lowerThreadPriority(nice = WORKER_NICE): number | null {
  if (process.platform !== 'linux') return null;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    setPriority(tid, nice);
    return tid;
  } catch {
    return null;
  }
}
