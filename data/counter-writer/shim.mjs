// Node 20 cannot load a TypeScript worker through a loader (hooks do not reach worker threads), so in
// development and tests the writer starts this shim, which imports the worker through tsx. The built
// service starts dist/data/counter-writer/worker.js instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
