/** `bdds jobs run <job>`: run a background job once against the configured store. */
import { processIo, type CliIo, UsageError } from './io.js';
import { parseArgs } from 'node:util';
import { runDayStats } from '../../services/jobs/day-stats-job.js';
import { runForecastModels } from '../../services/jobs/forecast-job.js';
import { runStatusChecks } from '../../services/jobs/status-check.js';
import { operations } from '../../services/registry.js';
import { openLocalService } from './local-service.js';
import { defaultThreads } from '../../engine/pool.js';

export const JOBS_USAGE = `Usage: bdds jobs run <job>

Jobs:
  day-stats   recompute every checkpoint's typical week (also runs daily in the service)
  forecast    back-test and fit every checkpoint's forecast model (also runs daily)
  status      run the self-check of every product and store the result (also every 5 minutes)

Uses the store named by BDDS_DB (which must exist: \`bdds serve\` or \`bdds import\` creates it) and the clock of BDDS_NOW.`;

const JOBS: Record<string, (deps: Parameters<typeof runDayStats>[0]) => Promise<unknown>> = {
  'day-stats': runDayStats,
  forecast: runForecastModels,
  status: (deps) => runStatusChecks(operations, deps).then((checks) => ({ checked: checks.length })),
};

/** The job names, for help texts and errors. */
export const JOB_NAMES = Object.keys(JOBS);

export async function jobsCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, strict: true, options: {} });
  const [action, name] = positionals;
  if (action !== 'run' || !name) throw new UsageError(JOBS_USAGE);
  if (!Object.hasOwn(JOBS, name)) throw new UsageError(`unknown job '${name}'; jobs: ${JOB_NAMES.join(', ')}`);
  const service = await openLocalService(io, { threads: defaultThreads(), existingStore: true });
  try {
    io.out(JSON.stringify({ job: name, ...(await JOBS[name]!(service.deps) as object) }));
    return 0;
  } finally {
    await service.close();
  }
}
