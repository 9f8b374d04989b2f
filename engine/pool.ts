/**
 * The engine pool: one Piscina pool per process, sized explicitly, with a time budget per task. A task
 * is admitted when it can finish within the latency budget by the measured task time (the queue ahead of
 * it shared over the threads, plus its own run), up to a hard cap on the queue (identical requests in
 * flight are already joined above it, by the answer cache: services/operation-cache.ts). Refusals, time-outs, a crashed worker
 * and a closed pool all surface as `service_unavailable`, never as an internal error with the pool's text.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Piscina } from 'piscina';
import { ServiceError, unavailable } from '../models/errors.js';
import { workerExecArgv } from './worker/exec-argv.js';

/** A worker's task table: named functions of one structured-clonable argument. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TaskTable = Record<string, (arg: any, ...rest: any[]) => unknown>;

export interface EnginePoolOptions {
  /** Worker threads; default cores - 1, at least 1. */
  threads?: number;
  /** Tasks allowed to wait for a thread at most, whatever their measured time; default 64 per thread. */
  maxQueue?: number;
  /**
   * A task is admitted while (tasks waiting / threads + 1) x the measured task time fits in this (ms);
   * default 60 % of the task budget. The task time is a moving average of the tasks' run times on their
   * threads as Piscina records them (no wait in the queue; TASK_TIME_PRIOR_MS until one has run).
   */
  latencyBudgetMs?: number;
  /** Time budget per task (ms); a task over it is cancelled and its worker replaced. */
  taskTimeoutMs?: number;
  /**
   * The worker module: its default export runs `{ task, arg }`. The service's (services/worker/entry.ts)
   * reads the store itself; the offline tools' (bench/engine-tasks.ts) takes its data in the message.
   */
  filename: string;
  /** Given to each worker as `workerData` (the service's: the store path and the replay setting). */
  workerData?: unknown;
  /** Start threads on the first task rather than at once (a one-off command that may never need them). */
  lazy?: boolean;
  /** Told about errors outside any task (a worker that failed to start or died idle). */
  onPoolError?: (err: Error) => void;
}

/** The task time assumed before any has been measured (ms). */
export const TASK_TIME_PRIOR_MS = 50;
/** Weight of the newest measured task time in the moving average. */
const TASK_TIME_WEIGHT = 0.2;
/** The least time between two looks at the recorded run times (ms). */
const TASK_TIME_LOOK_MS = 50;

export function defaultThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

export function createEnginePool<T extends TaskTable>(options: EnginePoolOptions) {
  const threads = options.threads ?? defaultThreads();
  const maxQueue = options.maxQueue ?? 64 * threads;
  const taskTimeoutMs = options.taskTimeoutMs ?? 5_000;
  const latencyBudgetMs = options.latencyBudgetMs ?? 0.6 * taskTimeoutMs;
  /** Moving average of the time a task takes on a thread (ms). */
  let taskTimeMs = TASK_TIME_PRIOR_MS;
  let refused = 0;
  const piscina = new Piscina({
    filename: options.filename,
    workerData: options.workerData,
    execArgv: workerExecArgv(),
    minThreads: options.lazy ? 0 : threads,
    maxThreads: threads,
    maxQueue,
    idleTimeout: 60_000,
  });
  let closed = false;
  /** Tasks started and not yet settled (running on a thread or waiting in Piscina's queue). */
  let inFlight = 0;
  /** Thread-seconds spent on tasks: the integral of min(inFlight, threads) over time (ms until `busySince`). */
  const createdAt = performance.now();
  let busyMs = 0;
  let busySince = createdAt;
  const busyNow = () => Math.min(threads, inFlight);
  const settleBusy = () => {
    const t = performance.now();
    busyMs += busyNow() * (t - busySince);
    busySince = t;
  };
  // Without a listener, an error outside a task (a worker failing to load) would crash the process.
  piscina.on('error', (err: Error) => options.onPoolError?.(err));

  /**
   * Folds the run times Piscina recorded since the last look (on the thread, from dispatch to answer or
   * failure) into the moving average: their mean, weighted as that many tasks. At most one look every
   * TASK_TIME_LOOK_MS (a look summarises Piscina's histogram, its mean with twenty percentiles beside it,
   * which cost the event loop 0.15 ms a task); a task settled in between is folded by a timer at the end of
   * that interval, so none waits for the next task to count.
   */
  let lastLook = -Infinity;
  /** Tasks settled since the last look. */
  let settled = 0;
  let trailing: NodeJS.Timeout | null = null;
  const look = () => {
    if (trailing) clearTimeout(trailing);
    trailing = null;
    lastLook = performance.now();
    const count = settled;
    settled = 0;
    const recorded = piscina.histogram.runTime.mean;
    piscina.histogram.resetRunTime();
    // As if each of the `count` tasks had taken the mean and been folded in turn.
    if (count > 0 && Number.isFinite(recorded) && recorded > 0) taskTimeMs += (1 - (1 - TASK_TIME_WEIGHT) ** count) * (recorded - taskTimeMs);
  };
  const measureTaskTime = () => {
    settled++;
    const wait = lastLook + TASK_TIME_LOOK_MS - performance.now();
    if (wait <= 0) look();
    else if (!trailing) (trailing = setTimeout(look, wait)).unref();
  };

  /** Would a new task finish within the latency budget, by the measured task time? */
  const fitsBudget = () => (Math.max(0, inFlight - threads + 1) / threads + 1) * taskTimeMs <= latencyBudgetMs;

  /** Runs `task` in a worker; rejects with service_unavailable on overload, time-out or crash. */
  async function run<K extends keyof T & string>(task: K, arg: Parameters<T[K]>[0]): Promise<Awaited<ReturnType<T[K]>>> {
    if (closed) throw unavailable('The compute engine is shutting down.', 5, 'engine_closed');
    if (piscina.queueSize >= maxQueue || !fitsBudget()) {
      refused++;
      throw unavailable('The compute engine is busy; retry shortly.', 1, 'engine_busy');
    }
    settleBusy();
    inFlight++;
    // A task Piscina ran (answered, failed or timed out) has its run time recorded; one it refused has none.
    let ran = true;
    try {
      return await piscina.run({ task, arg }, { signal: AbortSignal.timeout(taskTimeoutMs) });
    } catch (err) {
      const name = (err as Error)?.name;
      if (/queue is at limit/i.test(String((err as Error)?.message))) {
        ran = false;
        throw unavailable('The compute engine is busy; retry shortly.', 1, 'engine_busy');
      }
      // The client gets the contract's 503; the task and the worker's own error travel as the cause, for the log.
      const timeout = name === 'AbortError' || name === 'TimeoutError';
      throw new ServiceError('service_unavailable', timeout ? 'The computation took longer than its time budget.' : 'The compute engine failed on this request.',
        { retryAfterS: 2, reason: timeout ? 'engine_timeout' : 'engine_failure', cause: { task, timeoutMs: timeout ? taskTimeoutMs : undefined, error: err } });
    } finally {
      settleBusy();
      inFlight--;
      if (ran) measureTaskTime();
    }
  }

  return {
    run,
    threads,
    maxQueue,
    /** The moving average of a task's time on a thread (ms), which admission goes by. */
    get taskTimeMs() {
      return taskTimeMs;
    },
    /** Tasks refused as beyond the latency budget or the queue's cap. */
    get refused() {
      return refused;
    },
    get queueSize() {
      return piscina.queueSize;
    },
    // --- for /metrics and the dashboard (issue 20) ---
    /** Tasks running on a thread now: at most `threads`. */
    get busyThreads() {
      return Math.min(threads, Math.max(0, inFlight - piscina.queueSize));
    },
    /** Tasks finished since the pool started. */
    get completed() {
      return piscina.completed;
    },
    /** Thread-seconds spent on tasks since the pool started (a counter: its rate over threads is the utilisation). */
    get busySeconds() {
      return (busyMs + busyNow() * (performance.now() - busySince)) / 1000;
    },
    /** Share of the threads' time spent on tasks since the pool started (0-1). */
    get utilization() {
      const capacityS = ((performance.now() - createdAt) / 1000) * threads;
      return capacityS > 0 ? Math.min(1, this.busySeconds / capacityS) : 0;
    },
    // --- end ---
    /** Starts a task on a thread to prove workers load; throws with the worker's own error if they do not. */
    async verify(): Promise<void> {
      try {
        await piscina.run({ task: 'ping', arg: null }, { signal: AbortSignal.timeout(20_000) });
        measureTaskTime();
      } catch (err) {
        throw new Error(`The engine worker failed to start: ${(err as Error).message}`);
      }
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      if (trailing) clearTimeout(trailing);
      await piscina.destroy();
    },
    get closed() {
      return closed;
    },
  };
}

export type EnginePool<T extends TaskTable> = ReturnType<typeof createEnginePool<T>>;

