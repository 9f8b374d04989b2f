/**
 * The usage counters, written by a thread of their own (data/counter-writer/worker.ts, which owns the
 * writing connection; started here, where the worker plumbing is): the service's event loop posts each
 * turn's consumes and refunds as one message and awaits the commit, so a held write lock delays only the
 * keyed calls that must be counted (they get 503 store_unavailable after the busy timeout, nothing lost)
 * and never public routes, cached reads or anything else on the loop. Reads of a counter go to the
 * service's own connection (WAL: readers never wait for the writer). A writer that dies fails the calls
 * in flight as store_unavailable and is started again on the next call.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ConsumeResult, QuotaStore } from '../../models/access.js';
import type { QuotaClass } from '../../models/envelope.js';
import { workerExecArgv } from '../../engine/worker/exec-argv.js';
import type { Db } from '../../data/store.js';
import { createCounterReader } from '../../data/usage-repo.js';
import type { WriterOp, WriterOutcome, WriterReply } from '../../data/counter-writer/protocol.js';

export interface CounterWriter extends QuotaStore {
  /** Tests only: a statement on the writer's connection. */
  exec(sql: string): Promise<void>;
  /** Tests only: ends the thread as a crash would (calls in flight fail; the next call starts a new one). */
  kill(): Promise<void>;
  /** Stops the thread once the calls in flight are answered. */
  close(): Promise<void>;
}

type Waiting = { resolve: (o: WriterOutcome) => void };

function storeError(code: string | null, message: string): Error {
  return Object.assign(new Error(message), { code: code ?? 'SQLITE_IOERR' });
}

export function createCounterWriter(db: Db, options: { busyTimeoutMs?: number } = {}): CounterWriter {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSource ? './shim.mjs' : '../../data/counter-writer/worker.js', import.meta.url));
  // Reads stay on the service's connection (WAL: readers never wait for the writer).
  const read = createCounterReader(db);
  let worker: Worker | null = null;
  let nextId = 1;
  let closed = false;
  /** Requests posted and not yet answered, by id; each holds its ops' waiters in order. */
  const inFlight = new Map<number, Waiting[]>();
  const stopping = new WeakSet<Worker>();
  let queued: { op: WriterOp; waiting: Waiting }[] = [];

  function failAll(code: string, message: string) {
    for (const waiters of inFlight.values()) for (const w of waiters) w.resolve({ ok: false, code, message });
    inFlight.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(filename, { workerData: { path: db.name, busyTimeoutMs: options.busyTimeoutMs ?? 200 }, execArgv: workerExecArgv() });
    w.on('message', (reply: WriterReply) => {
      const waiters = inFlight.get(reply.id);
      inFlight.delete(reply.id);
      waiters?.forEach((waiter, i) => waiter.resolve(reply.outcomes[i]!));
      if (inFlight.size === 0 && !stopping.has(w)) w.unref();
    });
    w.on('error', () => {}); // followed by 'exit'
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll('SQLITE_IOERR', 'the counter writer stopped');
    });
    worker = w;
    return w;
  }

  function send() {
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    if (closed) {
      for (const q of batch) q.waiting.resolve({ ok: false, code: 'SQLITE_CANTOPEN', message: 'the counter writer is closed' });
      return;
    }
    const id = nextId++;
    inFlight.set(id, batch.map((q) => q.waiting));
    const w = thread();
    w.ref(); // a call in flight keeps the process alive until it is answered
    w.postMessage({ id, ops: batch.map((q) => q.op) });
  }

  /** Queues an op for this turn's message; resolves with its outcome. */
  function submit(op: WriterOp): Promise<WriterOutcome> {
    return new Promise((resolve) => {
      if (queued.length === 0) setImmediate(send);
      queued.push({ op, waiting: { resolve } });
    });
  }

  /**
   * An idle thread is unref'd: it is ref'd while it stops (and a reply arriving meanwhile must not unref it),
   * or a process with nothing else to do would exit before the thread has.
   */
  async function stop(w: Worker | null) {
    if (!w) return;
    stopping.add(w);
    w.ref();
    await w.terminate();
  }

  const settled = async <T>(op: WriterOp, value: (o: WriterOutcome & { ok: true }) => T): Promise<T> => {
    const outcome = await submit(op);
    if (!outcome.ok) throw storeError(outcome.code, outcome.message);
    return value(outcome);
  };

  return {
    consume: (keyId: number, day: string, cls: QuotaClass, cost: number, limit: number) =>
      settled({ kind: 'consume', keyId, day, cls, cost, limit }, (o) => o.value as ConsumeResult),
    refund: (keyId: number, day: string, cls: QuotaClass, cost: number) => settled({ kind: 'refund', keyId, day, cls, cost }, () => undefined),
    used: async (keyId, day, cls) => read(keyId, day, cls),
    exec: (sql: string) => settled({ kind: 'exec', sql }, () => undefined),
    async kill() {
      await stop(worker);
    },
    async close() {
      closed = true;
      send();
      while (inFlight.size > 0) await new Promise((r) => setTimeout(r, 5));
      const w = worker;
      worker = null;
      await stop(w);
    },
  };
}
