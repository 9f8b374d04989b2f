/**
 * A typed tRPC client, as an internal dashboard would use it. Types come from the service's router
 * (`AppRouter`, generated from the operation registry), so a renamed field fails the dashboard's build.
 *
 *   const client = createDashboardClient('http://127.0.0.1:8080', process.env.BDDS_INTERNAL_TOKEN!);
 *   const queue = await client.queue.query({ ppid: 'id_129', section: 'hourly' });
 *   queue.data.hourly?.map((h) => h.wait_time);   // the REST envelope: data, meta, usage, snapshot
 *
 * Errors are TRPCClientError with the contract's envelope in `error.data.envelope` and the HTTP status
 * in `error.data.httpStatus`. The credential is the internal token (not metered) or an API key (metered
 * and limited exactly as on REST).
 */
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../api/trpc/router.js';

export function createDashboardClient(baseUrl: string, credential: string) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${baseUrl}/trpc`, headers: { authorization: `Bearer ${credential}` } })],
  });
}

/** The contract's error code of a failed call (`quota_exceeded`, `not_found`, ...), or null. */
export function errorCodeOf(err: unknown): string | null {
  if (!(err instanceof TRPCClientError)) return null;
  const data = err.data as { envelope?: { error?: { code?: string } } } | undefined;
  return data?.envelope?.error?.code ?? null;
}

/** One dashboard tile: the current queue of a few checkpoints, in one batched round trip. */
export async function queueTiles(client: ReturnType<typeof createDashboardClient>, ppids: readonly string[]) {
  const answers = await Promise.all(ppids.map((ppid) => client.queue.query({ ppid, section: 'snapshot' })));
  return answers.map((a, i) => ({ ppid: ppids[i]!, snapshot: a.snapshot, product: a.product }));
}
