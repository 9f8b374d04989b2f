/**
 * The dashboard's operations procedures (tRPC at `/dashboard/ops`): what no product answers, read from the
 * service itself. Only for a logged-in dashboard session; the products themselves are called through the
 * service's own router (`AppRouter`, api/trpc/router.ts) at `/dashboard/trpc`.
 *
 *   clock     the service's clock (BDDS_NOW when pinned) and when the session ends
 *   overview  traffic per product (rates, errors, latency), callers, the engine pool, data freshness per
 *             source and dataset, the latest importer runs (`bdds import`, with their rejected rows: the
 *             `import_runs` table), keys and quota per plan, sandbox use
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { ImportRun, ImportRunsRepo } from '../../data/import-runs-repo.js';
import type { OperationsOverview, ServiceMetrics } from '../metrics/service-metrics.js';

export interface OpsContext {
  /** When the request's dashboard session ends; null without a live session. */
  sessionEndsAt: Date | null;
  now: () => Date;
}

const t = initTRPC.context<OpsContext>().create({ isDev: false });

const operator = t.procedure.use(({ ctx, next }) => {
  if (!ctx.sessionEndsAt) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Log in to the dashboard with the internal token.' });
  return next({ ctx: { ...ctx, sessionEndsAt: ctx.sessionEndsAt } });
});

/** How many importer runs the overview lists, the newest first. */
export const IMPORT_RUNS_SHOWN = 20;

export interface ImportRunsFigures {
  /** The latest runs, the newest first; empty when nothing was imported into this store yet. */
  runs: ImportRun[];
  /** Set when the runs could not be read (the rest of the overview stands). */
  error: string | null;
}

export type DashboardOverview = OperationsOverview & { import_runs: ImportRunsFigures };

/** `importRuns` is called on the first overview (statements are prepared then, not when the app is built). */
export function createOpsRouter(metrics: Pick<ServiceMetrics, 'overview'>, importRuns: () => Pick<ImportRunsRepo, 'latest'>) {
  let repo: Pick<ImportRunsRepo, 'latest'> | null = null;
  const runs = (): ImportRunsFigures => {
    try {
      return { runs: (repo ??= importRuns()).latest(IMPORT_RUNS_SHOWN), error: null };
    } catch {
      return { runs: [], error: 'The importer runs could not be read from the store.' };
    }
  };
  return t.router({
    clock: operator.query(({ ctx }) => ({ now: ctx.now().toISOString(), session_ends_at: ctx.sessionEndsAt.toISOString() })),
    overview: operator.query((): DashboardOverview => ({ ...metrics.overview(), import_runs: runs() })),
  });
}

/** The type the dashboard's script builds its client from. */
export type DashboardOpsRouter = ReturnType<typeof createOpsRouter>;
