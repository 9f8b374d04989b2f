// Node 20 cannot load a TypeScript worker through a loader (hooks do not reach worker threads), so in
// development and tests the pool starts this shim, which imports the worker entry through tsx. The built
// service starts dist/api/worker/entry.js instead.
import { tsImport } from 'tsx/esm/api';

const entry = await tsImport('./entry.ts', import.meta.url);
export default entry.default;
