/** Runs one feed answer's ingestion on a thread of its own (ingest-thread.ts) and waits for what it did. */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerExecArgv } from '../../engine/worker/exec-argv.js';
import type { IngestJob, IngestReply } from './ingest-job.js';

export function ingestOffThread(job: IngestJob): Promise<IngestReply> {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSource ? './ingest-shim.mjs' : './ingest-thread.js', import.meta.url));
  return new Promise((resolve) => {
    const worker = new Worker(filename, { workerData: job, execArgv: workerExecArgv() });
    let answered = false;
    worker.once('message', (reply: IngestReply) => {
      answered = true;
      resolve(reply);
    });
    worker.once('error', (err) => {
      answered = true;
      resolve({ ok: false, error: `the ingest thread failed: ${err.message}` });
    });
    worker.once('exit', (code) => {
      if (!answered) resolve({ ok: false, error: `the ingest thread ended (code ${code}) without an answer` });
    });
  });
}
