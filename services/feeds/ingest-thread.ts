/**
 * A feed's answer parsed, validated and stored by a thread of its own (ingest-job.ts), on a connection of its
 * own: for the large daily files (MIMIT's 24,000 stations and 93,000 prices: measured 0.9 and 2.3 s of parsing
 * and writing; FlixBus's GTFS zip, inflated, parsed and its routes placed on the road graph), which would
 * otherwise hold the event loop. It writes in short transactions, so the usage counters' writer, which waits
 * at most 200 ms for the lock, commits between them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ingestJob, type IngestJob } from './ingest-job.js';

if (parentPort) parentPort.postMessage(ingestJob(workerData as IngestJob));
