/**
 * A queue reading as an answer writes it, the age of what an answer reads said aloud, and the zone of
 * every clock time an answer writes: the reading's time (with its date when not today) and its zone, and
 * past the product's freshness limit "latest known, N hours (or days) old", so that a stale reading, a
 * replayed one or an old price is never presented as the present, and two times in one answer (a Polish
 * and a Ukrainian crossing's, an hour apart) can be compared.
 */
import { offsetAt } from '../../engine/zone-offsets.js';
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

/**
 * The zone a clock time is in, as Intl names its offset in the answer's language at that instant (`GMT+2`,
 * `UTC+1` in French, `Гринуич+2` in Bulgarian): a figure of its own (value the IANA zone, unit `zone`), so
 * its digits are grounded like any other. Written after every time, so none is left for the reader to guess.
 */
export function zoneText(ctx: AnswerContext, label: string, zone: string, at: Date, source: number): string {
  const name = new Intl.DateTimeFormat(ctx.lang, { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  ctx.c.figures.push({ label, value: zone, unit: 'zone', text: name, source });
  return name;
}

/** An instant's local time (with its date when not today) and its zone: `11:38 GMT+2`. */
export function zonedInstant(ctx: AnswerContext, label: string, iso: string, zone: string, source: number): string {
  return `${ctx.c.instant(label, iso, zone, todayIn(ctx.now, zone), source)} ${zoneText(ctx, `${label}.zone`, zone, new Date(iso), source)}`;
}

/** The instant a local hour of a local date stands for (the zone's offset read at that wall time: exact but in a change's hour). */
export function instantOfLocal(date: string, hour: number, zone: string): Date {
  const wallS = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), hour) / 1000;
  return new Date((wallS - offsetAt(wallS, zone)) * 1000);
}

/**
 * A local clock hour and its zone at `at` (`06:00 GMT+2`); `zoned: false` writes the hour alone (the start
 * of a span whose end names the zone: `06:00–12:00 GMT+2`).
 */
export function zonedHour(ctx: AnswerContext, label: string, hour: number, zone: string, at: Date, source: number, zoned = true): string {
  const text = ctx.c.hour(label, hour, source);
  return zoned ? `${text} ${zoneText(ctx, `${label}.zone`, zone, at, source)}` : text;
}

/** `vehicles in the queue: 25, wait about 22 min (as of 11:15 GMT+2)`; labels are prefixed (`0.` for a ranked list). */
export function readingText(ctx: AnswerContext, r: ReadingLike, zone: string, source: number, prefix = ''): string {
  const { c } = ctx;
  const parts: string[] = [];
  if (r.queue !== null) parts.push(c.fill('queue', { queue: c.count(`${prefix}queue_now`, r.queue, source) }));
  if (r.wait_min !== null) parts.push(c.fill('wait', { wait: c.minutes(`${prefix}wait_min`, r.wait_min, source) }));
  const asOf = c.fill('as_of', { time: zonedInstant(ctx, `${prefix}updated_at`, r.updated_at, zone, source) });
  const old = r.freshness !== null && STALE.has(r.freshness) ? latestKnown(ctx, `${prefix}age`, ctx.now.getTime() - Date.parse(r.updated_at), source) : '';
  if (r.type_of_data === 'replay') ctx.replay = true;
  return `${parts.length ? parts.join(', ') : c.fill('no_reading')} (${asOf}${old})`;
}
