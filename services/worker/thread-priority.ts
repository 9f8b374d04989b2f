/**
 * A compute thread's CPU priority below the event loop's: on Linux a worker thread renices itself (its own
 * thread id, read from /proc/thread-self) WORKER_NICE_STEP above the nice value it started with (the
 * process's), so when the cores are busy the scheduler runs the event loop (and the cheap requests it
 * answers) first and the pool's forecasts and routes in the time left. Relative, not absolute: a service
 * started at nice 15 keeps its workers below it, not above. Elsewhere, or where the system refuses,
 * nothing changes. Raising a thread's nice value needs no privilege.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How far below the process's priority compute threads run (nice values; 19 is the lowest priority). */
export const WORKER_NICE_STEP = 10;

/** Lowers the calling thread's priority by `step` (at most to 19); the thread id and its nice value, or null where it could not. */
export function lowerThreadPriority(step = WORKER_NICE_STEP): { tid: number; nice: number } | null {
  if (process.platform !== 'linux') return null;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    const nice = Math.min(19, getPriority(tid) + step);
    setPriority(tid, nice);
    return { tid, nice };
  } catch {
    return null;
  }
}
