/**
 * `best_time` and `forecast` of one crossing: the typical week's quietest and busiest two hours (`day-stats`),
 * or the forecast of the day and hours asked (`forecast`). Before the daily jobs have fitted the first
 * models, the answer says the forecast is not ready yet and gives the typical week of those hours, else the
 * latest reading, each with its own source: never an answer with none.
 */
import type { CheckpointRow } from '../../data/directory/directory-repo.js';
import { localParts } from '../../engine/local-time.js';
import { dayStats } from '../products/day-stats/operation.js';
import { queue } from '../products/queue.js';
import { isNotFound, type AnswerContext } from './context.js';
import { forecastOf, hoursOf, measure, modelsPending, stepsAsked, weekCells, weekPending, type Measure, type WeekCells } from './forecast-steps.js';
import { instantOfLocal, readingText, zonedHour, zonedInstant } from './reading.js';
import { todayIn } from './understand.js';

interface Slot {
  dow: number;
  hour: number;
  v: number;
}
type Week = WeekCells & { best_slots: Slot[]; worst_slots: Slot[]; weekday_labels: string[]; generated_at: string };

/** The value a forecast step or typical-week cell shows: wait minutes, else the queue. */
export function valueText(ctx: AnswerContext, label: string, value: number, unit: Measure['unit'], source: number): string {
  return unit === 'minutes' ? ctx.c.minutes(label, value, source) : ctx.c.fill('vehicles_value', { n: ctx.c.count(label, value, source) });
}

const bound = (ctx: AnswerContext, label: string, m: Measure, v: number | null, s: number) =>
  v === null ? '?' : m.unit === 'minutes' ? ctx.c.minutes(label, v, s) : ctx.c.count(label, v, s);

/** An hour of a crossing's forecast or typical week: its local hour, the instant it stands for (the zone's offset then) and its value. */
export interface HourCell {
  hour: number;
  at: Date;
  m: Measure;
}

/** `08:00 GMT+2: queue 120 (likely 90 to 150)` for one hour, or the lowest and highest hours of several, each hour with its zone. */
function hoursText(ctx: AnswerContext, cells: HourCell[], zone: string, s: number, span: boolean, p = 'forecast'): string {
  const { c } = ctx;
  if (cells.length === 1) {
    const { hour, at, m } = cells[0]!;
    return c.fill('forecast_at', { time: zonedHour(ctx, `${p}.hour`, hour, zone, at, s), value: valueText(ctx, `${p}.value`, m.v!, m.unit, s),
      lo: bound(ctx, `${p}.lower_bound`, m, m.lo, s), hi: bound(ctx, `${p}.upper_bound`, m, m.hi, s) });
  }
  const low = cells.reduce((a, b) => (b.m.v! < a.m.v! ? b : a));
  const high = cells.reduce((a, b) => (b.m.v! > a.m.v! ? b : a));
  if (span) {
    const first = cells[0]!;
    const last = cells[cells.length - 1]!;
    return c.fill('forecast_span', { from: zonedHour(ctx, `${p}.span.from`, first.hour, zone, first.at, s, false),
      to: zonedHour(ctx, `${p}.span.to`, last.hour + 1, zone, new Date(last.at.getTime() + 3_600_000), s),
      min: valueText(ctx, `${p}.min`, low.m.v!, low.m.unit, s), max: valueText(ctx, `${p}.max`, high.m.v!, high.m.unit, s) });
  }
  return `${c.fill('forecast_low', { time: zonedHour(ctx, `${p}.low.hour`, low.hour, zone, low.at, s), value: valueText(ctx, `${p}.low`, low.m.v!, low.m.unit, s) })}; ` +
    c.fill('forecast_high', { time: zonedHour(ctx, `${p}.high.hour`, high.hour, zone, high.at, s), value: valueText(ctx, `${p}.high`, high.m.v!, high.m.unit, s) });
}

/** The typical week of a crossing, or null when none is held (too little history, or not computed yet). */
export async function weekOf(ctx: AnswerContext, ppid: string): Promise<Week | null> {
  try {
    return (await ctx.call<Week>(dayStats, { ppid, lang: ctx.lang })).data;
  } catch (err) {
    if (!isNotFound(err)) throw err;
    return null;
  }
}

/** Before the first models: the typical week of the hours asked, else the latest reading, after saying so. */
async function notReady(ctx: AnswerContext, row: CheckpointRow): Promise<void> {
  const { c } = ctx;
  const when = ctx.u.entities.when;
  const date = when?.date ?? todayIn(ctx.now, row.timezone);
  ctx.sentences.push(c.fill('not_ready'));
  const week = await weekOf(ctx, row.ppid);
  const cells = week ? weekCells(week, date, when).map((x) => ({ ...x, at: instantOfLocal(date, x.hour, row.timezone) })) : [];
  if (week && cells.length > 0) {
    const s = c.source('day-stats', week.generated_at, row.ppid);
    const intro = c.fill('typical_instead', { date: c.date('typical.date', date, s) });
    ctx.sentences.push(`${ctx.checkpointText(row)}, ${intro}: ${hoursText(ctx, cells, row.timezone, s, hoursOf(when) !== null && when?.hour === null, 'typical')}.`);
    return;
  }
  const got = await ctx.call<unknown>(queue, { ppid: row.ppid, section: 'snapshot' });
  const snap = got.snapshot as { queue_now: number | null; wait_min: number | null; updated_at: string; freshness: string; type_of_data: string } | null;
  if (!snap) return ctx.refuse(`${ctx.checkpointText(row)}: ${c.fill('no_reading')}.`);
  const s = c.source('queue', snap.updated_at, row.ppid);
  ctx.sentences.push(`${ctx.checkpointText(row)}, ${c.fill('reading_instead')}: ${readingText(ctx, { ...snap, queue: snap.queue_now }, row.timezone, s)}.`);
}

export async function answerForecast(ctx: AnswerContext): Promise<void> {
  const { c, u } = ctx;
  const row = ctx.rowsFor(false)[0];
  if (!row) return ctx.needCheckpoint();
  const when = u.entities.when;
  if (u.intent === 'best_time' && (!when || when.date === null)) {
    const week = await weekOf(ctx, row.ppid);
    if (!week) return weekPending(ctx.deps, row.ppid) ? notReady(ctx, row) : ctx.refuse(c.fill('no_week', { checkpoint: ctx.checkpointText(row) }));
    const s = c.source('day-stats', week.generated_at, row.ppid);
    // A weekday's hours: the zone's offset as it is today.
    const today = todayIn(ctx.now, row.timezone);
    const slot = (key: 'quietest' | 'busiest', x: Slot | undefined, label: string) => x ? c.fill(key, {
      day: week.weekday_labels[x.dow] ?? '',
      span: `${zonedHour(ctx, `${label}.from`, x.hour, row.timezone, instantOfLocal(today, x.hour, row.timezone), s, false)}–` +
        zonedHour(ctx, `${label}.to`, x.hour + 2, row.timezone, instantOfLocal(today, (x.hour + 2) % 24, row.timezone), s),
      value: valueText(ctx, `${label}.median`, x.v, week.unit, s),
    }) : null;
    const parts = [slot('quietest', week.best_slots[0], 'quietest'), slot('busiest', week.worst_slots[0], 'busiest')].filter((x): x is string => x !== null);
    ctx.sentences.push(`${c.fill('week_intro', { checkpoint: ctx.checkpointText(row) })}: ${parts.join('; ')}.`);
    return;
  }
  const held = await forecastOf(ctx, row.ppid);
  if (!held) return modelsPending(ctx.deps, [row.ppid]) ? notReady(ctx, row) : ctx.refuse(c.fill('no_forecast', { checkpoint: ctx.checkpointText(row) }));
  const zone = row.timezone;
  const chosen = stepsAsked(held.steps, when, zone);
  if (chosen.length === 0) return ctx.refuse(c.fill('no_forecast', { checkpoint: ctx.checkpointText(row) }));
  const s = c.source('forecast', held.asOf, row.ppid);
  const date = when?.date ?? null;
  const dayText = date === null
    ? c.fill('as_of', { time: zonedInstant(ctx, 'forecast.from', new Date(chosen[0]!.time * 1000).toISOString(), zone, s) })
    : c.date('forecast.date', date, s);
  const cells = chosen.map((step) => ({ hour: localParts(step.time, zone).hour, at: new Date(step.time * 1000), m: measure(step) }));
  const span = u.intent !== 'best_time' && hoursOf(when) !== null;
  ctx.sentences.push(`${c.fill('forecast_intro', { checkpoint: ctx.checkpointText(row), date: dayText })}: ${hoursText(ctx, cells, zone, s, span)}.`);
}
