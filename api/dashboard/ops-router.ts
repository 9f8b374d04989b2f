/**
 * The dashboard's operations procedures (tRPC at `/dashboard/ops`): what no product answers, read from the
 * service itself. Only for a logged-in dashboard session; the products themselves are called through the
 * service's own router (`AppRouter`, api/trpc/router.ts) at `/dashboard/trpc`.
 *
 *   clock     the service's clock (BDDS_NOW when pinned) and when the session ends
 *   overview  traffic per product (rates, errors, latency), callers, the engine pool, data freshness per
 *             source and dataset, importer runs (not recorded: says so), keys and quota per plan, sandbox use
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { ServiceMetrics } from '../metrics/service-metrics.js';

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

export function createOpsRouter(metrics: Pick<ServiceMetrics, 'overview'>) {
  return t.router({
    clock: operator.query(({ ctx }) => ({ now: ctx.now().toISOString(), session_ends_at: ctx.sessionEndsAt.toISOString() })),
    overview: operator.query(() => metrics.overview()),
  });
}

/** The type the dashboard's script builds its client from. */
export type DashboardOpsRouter = ReturnType<typeof createOpsRouter>;
