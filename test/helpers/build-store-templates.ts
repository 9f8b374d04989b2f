/**
 * Builds the store templates tests start from, once per test run (test/run.mjs calls this before the
 * suites; a file run alone builds them on first use): `history.sqlite` holds the bundled directory and
 * recorded series; `models.sqlite` adds the typical weeks, forecast models and a status round computed
 * at FIXED_NOW in replay; `base.sqlite` is a first start without the series (directory and places).
 * Usage: tsx test/helpers/build-store-templates.ts <folder>
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { createDeps } from '../../api/create-deps.js';
import { runDayStats } from '../../services/jobs/day-stats-job.js';
import { runForecastModels } from '../../services/jobs/forecast-job.js';
import { runStatusChecks } from '../../services/jobs/status-check.js';
import { operations } from '../../services/registry.js';
import { seedBundled } from '../../data/seed.js';
import { seedService } from '../../services/seed.js';
import { closeStore, openStore } from '../../data/store.js';
import { createServicePool } from '../../services/worker/pool.js';
import { FIXED_NOW, INTERNAL_TOKEN } from './constants.js';

export async function buildStoreTemplates(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const base = join(dir, 'base.sqlite');
  const baseDb = openStore(base);
  seedService(baseDb, { history: false, now: new Date(FIXED_NOW) });
  closeStore(baseDb);

  const history = join(dir, 'history.sqlite');
  copyFileSync(base, history);
  const db = openStore(history);
  seedBundled(db, { history: true });
  closeStore(db);

  const models = join(dir, 'models.sqlite');
  copyFileSync(history, models);
  const modelsDb = openStore(models);
  // A build step, not a test of the request budget: on a loaded machine a day-stats task may take longer than 5 s.
  const engine = createServicePool({ dbPath: models, replay: true }, { threads: 2, taskTimeoutMs: 120_000 });
  const { deps } = createDeps({
    db: modelsDb, engine, log: pino({ level: 'silent' }), now: () => new Date(FIXED_NOW),
    settings: { serviceName: 'Test Border Service', internalToken: INTERNAL_TOKEN, demoReplay: true },
  });
  await runDayStats(deps);
  await runForecastModels(deps);
  await runStatusChecks(operations, deps);
  await engine.close();
  await deps.counters.close?.();
  closeStore(modelsDb);
}

if (process.argv[1]?.endsWith('build-store-templates.ts') && process.argv[2]) {
  await buildStoreTemplates(process.argv[2]);
}
