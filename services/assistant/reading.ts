/**
 * A queue reading as an answer writes it, and the age of what an answer reads said aloud: the reading's
 * time (with its date when not today), and past the product's freshness limit "latest known, N hours (or
 * days) old", so that a stale reading, a replayed one or an old price is never presented as the present.
 */
import { todayIn } from './understand.js';
import type { AnswerContext } from './context.js';

/** The reading fields the queue snapshot, `border` and the travel matrix share. */
export interface ReadingLike {
  queue: number | null;
  wait_min: number | null;
  updated_at: string;
  /** `fresh` <= 30 min, `recent` <= 3 h (the queue's freshness limit), `stale`, `outdated`. */
  freshness: string | null;
  type_of_data: string | null;
}

/** A queue reading older than this is stale (freshness `stale`/`outdated`): 3 hours, the `recent` limit. */
const STALE = new Set(['stale', 'outdated']);

/** ", latest known, N days old" when `ageMs` is past the limit of what was read; '' otherwise. */
export function latestKnown(ctx: AnswerContext, label: string, ageMs: number, source: number): string {
  return `, ${ctx.c.fill('latest_known', { age: ctx.c.age(label, ageMs, source) })}`;
}

/** `vehicles in the queue: 25, wait about 22 min (as of 11:15)`; labels are prefixed (`0.` for a ranked list). */
export function readingText(ctx: AnswerContext, r: ReadingLike, zone: string, source: number, prefix = ''): string {
  const { c } = ctx;
  const parts: string[] = [];
  if (r.queue !== null) parts.push(c.fill('queue', { queue: c.count(`${prefix}queue_now`, r.queue, source) }));
  if (r.wait_min !== null) parts.push(c.fill('wait', { wait: c.minutes(`${prefix}wait_min`, r.wait_min, source) }));
  const asOf = c.fill('as_of', { time: c.instant(`${prefix}updated_at`, r.updated_at, zone, todayIn(ctx.now, zone), source) });
  const old = r.freshness !== null && STALE.has(r.freshness) ? latestKnown(ctx, `${prefix}age`, ctx.now.getTime() - Date.parse(r.updated_at), source) : '';
  if (r.type_of_data === 'replay') ctx.replay = true;
  return `${parts.length ? parts.join(', ') : c.fill('no_reading')} (${asOf}${old})`;
}
