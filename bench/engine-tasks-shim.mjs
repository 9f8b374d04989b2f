// The offline tools' pool (npm run bench:forecast) starts this shim, which imports the task table from
// source through tsx (engine/worker/source.mjs): benches run from the sources.
import { importWorkerSource } from '../engine/worker/source.mjs';

const table = await importWorkerSource('engine-tasks.mjs', './engine-tasks.ts', import.meta.url);
export default table.default;
