/**
 * One in-process scheduler for background jobs. Each job runs once at start (awaited), then every
 * `intervalMs`; a run never overlaps the previous one; `close()` stops timers, tells a running job to stop
 * (its signal: the long jobs stop between checkpoints or products, leaving what they stored) and awaits it.
 */
import type { Logger } from 'pino';

export interface Job {
  name: string;
  intervalMs: number;
  /** `signal` is aborted when the scheduler closes: a long run stops at its next unit of work. */
  run: (signal: AbortSignal) => Promise<unknown>;
}

export function createScheduler(log: Logger) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const busy = new Set<string>();
  let closed = false;
  const stop = new AbortController();

  async function runJob(job: Job): Promise<void> {
    if (closed || busy.has(job.name)) return;
    busy.add(job.name);
    const promise = job.run(stop.signal).catch((err: unknown) => log.error({ err, job: job.name }, 'job failed'));
    running.add(promise);
    try {
      await promise;
    } finally {
      running.delete(promise);
      busy.delete(job.name);
    }
  }

  return {
    /**
     * Runs the job once now and every `intervalMs` after; resolves when the first run has finished
     * (a caller that does not await it lets the first run go on in the background). With `firstRunInMs`
     * (a job whose last results are still fresh), the first run waits that long instead, and the
     * promise resolves at once.
     */
    async start(job: Job, options: { firstRunInMs?: number } = {}): Promise<void> {
      if (closed) return;
      const delayMs = Math.max(0, options.firstRunInMs ?? 0);
      if (delayMs > 0) {
        const first = setTimeout(() => void this.start(job), Math.min(delayMs, 2 ** 31 - 1));
        first.unref();
        timers.push(first);
        return;
      }
      const timer = setInterval(() => void runJob(job), job.intervalMs);
      timer.unref();
      timers.push(timer);
      await runJob(job);
    },
    runJob,
    async close(): Promise<void> {
      closed = true;
      stop.abort();
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
