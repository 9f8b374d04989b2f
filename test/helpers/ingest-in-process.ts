/**
 * A feed runner's `ingest` that runs the off-thread ingestion job in process (services/feeds/ingest-job.ts):
 * for tests about what a poll stores or refuses. Each test that keeps the service's way, a thread of its own,
 * pays ~1.5 s of CPU for it; one test per off-thread format does.
 */
import { ingestJob, type IngestJob } from '../../services/feeds/ingest-job.js';

export const ingestInProcess = async (job: IngestJob) => ingestJob(job);
