/**
 * Builds the store templates tests start from, once per test run (test/run.mjs starts this beside the
 * suites; a file run alone builds them on first use): `base.sqlite` is a first start without the series
 * (directory and places); `history.sqlite` adds the bundled recorded series; `models.sqlite` adds the
 * typical weeks, forecast models and a status round computed at FIXED_NOW in replay. Each is written under
 * a `.part` name and renamed when whole, in that order, so a test that needs one waits for its file alone
 * (store-templates.ts): the tests start once `history.sqlite` is there, and the models (about two thirds
 * of the build) are fitted while they run.
 * Usage: tsx test/helpers/build-store-templates.ts <folder>
 */
import { copyFileSync, mkdirSync, renameSync } from 'node:fs';
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
  const part = (kind: string) => join(dir, `${kind}.sqlite.part`);
  const done = (kind: string) => renameSync(part(kind), join(dir, `${kind}.sqlite`));
  const base = part('base');
  const baseDb = openStore(base);
  seedService(baseDb, { history: false, now: new Date(FIXED_NOW) });
  closeStore(baseDb);

  const history = part('history');
  copyFileSync(base, history);
  done('base');
  const db = openStore(history);
  seedBundled(db, { history: true });
  closeStore(db);

  const models = part('models');
  copyFileSync(history, models);
  done('history');
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
  done('models');
}

if (process.argv[1]?.endsWith('build-store-templates.ts') && process.argv[2]) {
  await buildStoreTemplates(process.argv[2]);
}
