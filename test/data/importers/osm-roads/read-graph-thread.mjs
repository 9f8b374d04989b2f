// Reads an extract's road network on a thread of its own (import.test.ts): node:test's harness (Node 20)
// tracks every promise a test creates through an async hook with destroy tracking, and the PBF reader's
// per-item async generator makes hundreds of thousands of them (~1.5 s for Monaco on a thread without the
// hook, 8-20 s inside a test). The very same readOsmRoadGraph, through tsx's API (tsx's loader does not
// reach worker threads on Node 20), its result posted back whole.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { readOsmRoadGraph } = await tsImport('../../../../data/importers/osm-roads/import.ts', import.meta.url);
parentPort.postMessage(await readOsmRoadGraph(workerData.path, () => null));
