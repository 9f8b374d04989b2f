/**
 * The counter writer thread: owns the one connection that writes usage counters, so a write that waits for
 * SQLite's lock (another process holding it, a checkpoint) waits here and never on the service's event
 * loop. A request's ops arrive together and are committed together (the usage repository groups the
 * consumes of one turn in one transaction); each op gets its own outcome.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../store.js';
import { createUsageRepo } from '../usage-repo.js';
import type { WriterInit, WriterOp, WriterOutcome, WriterReply, WriterRequest } from './protocol.js';

const init = workerData as WriterInit;
const db = openStore(init.path, { integrityCheck: false, busyTimeoutMs: init.busyTimeoutMs });
const usage = createUsageRepo(db);

function run(op: WriterOp): Promise<WriterOutcome> {
  const failed = (err: unknown): WriterOutcome => ({ ok: false, code: (err as { code?: string }).code ?? null, message: (err as Error).message });
  try {
    if (op.kind === 'consume') return usage.consume(op.keyId, op.day, op.cls, op.cost, op.limit).then((value) => ({ ok: true, value }), failed);
    if (op.kind === 'refund') return usage.refund(op.keyId, op.day, op.cls, op.cost).then(() => ({ ok: true, value: null }), failed);
    db.exec(op.sql);
    return Promise.resolve({ ok: true, value: null });
  } catch (err) {
    return Promise.resolve(failed(err));
  }
}

parentPort!.on('message', (request: WriterRequest) => {
  void Promise.all(request.ops.map(run)).then((outcomes) => parentPort!.postMessage({ id: request.id, outcomes } satisfies WriterReply));
});
