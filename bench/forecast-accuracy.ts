/**
 * Forecast accuracy on the shipped real series (npm run bench:forecast): for every checkpoint with at
 * least 28 days of history, a rolling-origin back-test (28 daily origins, 168-hour horizon; weights and
 * interval quantiles fitted on alternate origins, measured on the others) and a table of MAE by
 * horizon for the ensemble, seasonal naive and the typical-week median, with interval coverage.
 */
import { processIo } from '../api/commands/io.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeps } from '../api/create-deps.js';
import { hourlyHistory } from '../api/worker/history.js';
import { createLogger } from '../api/logger.js';
import { seedBundled } from '../data/seed.js';
import { closeStore, openStore } from '../data/store.js';
import { createEnginePool } from '../engine/pool.js';
import { fitForecastModel, type ForecastModel } from '../engine/forecast/model.js';
import { HORIZON_BUCKETS } from '../models/engine-results.js';
import { printTable, summarise } from '../api/commands/forecast-table.js';

const dir = mkdtempSync(join(tmpdir(), 'bdds-bench-'));
const db = openStore(join(dir, 'bench.sqlite'));
seedBundled(db, { history: true });
const engine = createEnginePool({ threads: 1 });
const { deps } = createDeps({
  db, engine, log: createLogger('silent'), now: () => new Date('2026-09-01T00:00:00Z'),
  settings: { serviceName: 'bench', internalToken: null, demoReplay: false },
});

const rows: { series: string; model: ForecastModel; days: number }[] = [];
for (const ppid of [...deps.repos.observations.ppidsWithData()].sort()) {
  const view = deps.repos.observations.view(ppid, Date.parse('2026-09-01T00:00:00Z') / 1000)!;
  const last = deps.repos.observations.latest(view, Date.parse('2026-09-01T00:00:00Z') / 1000)!;
  const history = hourlyHistory(deps.repos, ppid, 70, last.ts + 3600);
  if (!history || history.daysWithData < 28) continue;
  const model = fitForecastModel(history.series, history.cells);
  if (model) rows.push({ series: `${ppid} ${view.source} ${history.unit}`, model, days: history.daysWithData });
}
printTable(rows, HORIZON_BUCKETS.map((b) => b.name), processIo);
const overall = summarise(rows.map((r) => r.model));
console.log(`\nTargets: ensemble 24 h MAE >= 10 % below seasonal naive: ${(overall.ratio24 * 100).toFixed(1)} % of naive -> ` +
  `${overall.ratio24 <= 0.9 ? 'met' : 'NOT met'}; 80 % interval coverage in [75 %, 85 %]: ${(overall.coverage80 * 100).toFixed(1)} % -> ` +
  `${overall.coverage80 >= 0.75 && overall.coverage80 <= 0.85 ? 'met' : 'NOT met'}`);
await engine.close();
closeStore(db);
rmSync(dir, { recursive: true, force: true });
