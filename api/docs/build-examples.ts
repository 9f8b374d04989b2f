/**
 * Writes api/docs/examples.json: the API reference's example answers, computed by the service itself over
 * the bundled data at EXAMPLES_NOW, on a store built the way the tests' `models` template is (directory and
 * places, the recorded series, then the typical weeks, forecast models and a status round).
 * Usage: npx tsx api/docs/build-examples.ts   (test/api/docs/examples.test.ts fails when the file is stale)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createDeps } from '../create-deps.js';
import { seedBundled } from '../../data/seed.js';
import { closeStore, openStore } from '../../data/store.js';
import { runDayStats } from '../../services/jobs/day-stats-job.js';
import { runForecastModels } from '../../services/jobs/forecast-job.js';
import { runStatusChecks } from '../../services/jobs/status-check.js';
import { operations } from '../../services/registry.js';
import { seedService } from '../../services/seed.js';
import { createServicePool } from '../../services/worker/pool.js';
import { collectExamples } from './collect-examples.js';
import { EXAMPLES_NOW, EXAMPLES_SERVICE_NAME, examplesPath } from './examples.js';

const dir = mkdtempSync(join(tmpdir(), 'bdds-examples-'));
try {
  const path = join(dir, 'bdds.sqlite');
  const db = openStore(path);
  seedService(db, { history: false, now: new Date(EXAMPLES_NOW) });
  seedBundled(db, { history: true });
  const engine = createServicePool({ dbPath: path, replay: true }, { threads: 2 });
  const { deps } = createDeps({
    db, engine, log: pino({ level: 'silent' }), now: () => new Date(EXAMPLES_NOW),
    settings: { serviceName: EXAMPLES_SERVICE_NAME, internalToken: null, demoReplay: true },
  });
  await runDayStats(deps);
  await runForecastModels(deps);
  await runStatusChecks(operations, deps);
  const examples = await collectExamples(operations, deps);
  writeFileSync(examplesPath(), `${JSON.stringify(examples, null, 1)}\n`);
  console.log(`wrote ${examplesPath()}: ${Object.keys(examples.answers).length} answers, ${Object.keys(examples.errors).length} errors`);
  await engine.close();
  await deps.counters.close?.();
  closeStore(db);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
