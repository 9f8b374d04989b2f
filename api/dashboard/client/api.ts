/**
 * The dashboard's only way to the service: two typed tRPC clients (`@trpc/client`). Products go through the
 * service's own router (`AppRouter`, the one at /trpc) mounted for the dashboard session at /dashboard/trpc;
 * the operations figures through `DashboardOpsRouter`. Calls made in the same tick travel as one batch.
 */
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../trpc/router.js';
import type { DashboardOpsRouter } from '../ops-router.js';

const link = (path: string) => httpBatchLink({ url: `${location.origin}${path}`, maxURLLength: 6_000 });

export const products = createTRPCClient<AppRouter>({ links: [link('/dashboard/trpc')] });
export const ops = createTRPCClient<DashboardOpsRouter>({ links: [link('/dashboard/ops')] });

export type Products = inferRouterOutputs<AppRouter>;
export type Ops = inferRouterOutputs<DashboardOpsRouter>;
export type DirectoryEntry = Products['checkpoints']['data']['checkpoints'][number];
export type Overview = Ops['overview'];

/** The contract's error code of a failed call (`not_found`, `service_unavailable`, ...), or null. */
export function errorCodeOf(err: unknown): string | null {
  if (!(err instanceof TRPCClientError)) return null;
  const data = err.data as { envelope?: { error?: { code?: string; reason?: string } } } | undefined;
  return data?.envelope?.error?.reason ?? data?.envelope?.error?.code ?? null;
}

/** The HTTP status of a failed call, or null. */
export function httpStatusOf(err: unknown): number | null {
  if (!(err instanceof TRPCClientError)) return null;
  return (err.data as { httpStatus?: number } | undefined)?.httpStatus ?? null;
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
