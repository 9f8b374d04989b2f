/** `queue_now`: the `queue` product's snapshot of the crossing asked about, both directions unless one is asked. */
import { queue } from '../products/queue.js';
import type { AnswerContext } from './context.js';
import { readingText } from './reading.js';

/** The `queue` product's snapshot section, as the answers read it. */
export interface Snapshot {
  queue_now: number | null;
  wait_min: number | null;
  updated_at: string;
  freshness: string;
  type_of_data: string;
}

export async function answerQueueNow(ctx: AnswerContext): Promise<void> {
  const rows = ctx.rowsFor(true);
  if (rows.length === 0) return ctx.needCheckpoint();
  for (const row of rows) {
    const got = await ctx.call<unknown>(queue, { ppid: row.ppid, section: 'snapshot' });
    const snap = got.snapshot as Snapshot | null;
    const head = ctx.checkpointText(row);
    if (!snap) {
      ctx.sentences.push(`${head}: ${ctx.c.fill('no_reading')}.`);
      ctx.c.source('queue', ctx.nowIso, row.ppid);
      continue;
    }
    const s = ctx.c.source('queue', snap.updated_at, row.ppid);
    ctx.sentences.push(`${head}: ${readingText(ctx, { ...snap, queue: snap.queue_now }, row.timezone, s)}.`);
  }
}
