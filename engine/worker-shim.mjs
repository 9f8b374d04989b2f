// Node 20 cannot load a TypeScript worker through a loader (hooks do not reach worker threads),
// so in development and tests the pool starts this shim, which imports the task table through tsx.
// Built code starts the compiled dist/engine/tasks.js instead. (The service's own worker has its shim in api/worker/.)
import { tsImport } from 'tsx/esm/api';

const table = await tsImport('./tasks.ts', import.meta.url);
export default table.default;
