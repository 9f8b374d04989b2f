// In development and tests the feed runner starts this shim, which imports the ingest thread from source
// (engine/worker/source.mjs); the built service starts dist/services/feeds/ingest-thread.js instead.
import { importWorkerSource } from '../../engine/worker/source.mjs';

await importWorkerSource('feed-ingest.mjs', './ingest-thread.ts', import.meta.url);
