/**
 * `best_time` and `forecast` of one crossing: the typical week's quietest and busiest two hours (`day-stats`),
 * or the forecast of the day and hours asked (`forecast`). Before the daily jobs have fitted the first
 * models, the answer says the forecast is not ready yet and gives the typical week of those hours, else the
 * latest reading, each with its own source: never an answer with none. A question about the wait ("how long
 * will I wait") reads the direction whose series gives the wait in minutes, and says so; where none does, it
 * says that the figures are a count of vehicles, not a wait.
 */
import type { CheckpointRow } from '../../data/directory/directory-repo.js';
import { localParts } from '../../engine/local-time.js';
import { dayStats } from '../products/day-stats/operation.js';
import { queue } from '../products/queue.js';
import type { Snapshot } from './answer-queue.js';
import { isNotFound, type AnswerContext } from './context.js';
import { COUNTRY_ISO2 } from '../../models/codes.js';
import { beatsPersistence, forecastOf, hoursOf, measure, modelsPending, noteReplayed, stepsAsked, waitMeasures, weekCells, weekPending, type Measure, type Step, type WeekCells } from './forecast-steps.js';
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

const bound = (ctx: AnswerContext, label: string, m: Measure, v: number, s: number) =>
  m.unit === 'minutes' ? ctx.c.minutes(label, v, s) : ctx.c.count(label, v, s);

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
    // A wait forecast beside a queue has no bounds of its own: none are written, rather than `likely ? to ?`; nor is
    // a range with one end missing.
    if (m.lo === null || m.hi === null) {
      return c.fill('forecast_at_plain', { time: zonedHour(ctx, `${p}.hour`, hour, zone, at, s), value: valueText(ctx, `${p}.value`, m.v!, m.unit, s) });
    }
    return c.fill('forecast_at', { time: zonedHour(ctx, `${p}.hour`, hour, zone, at, s), value: valueText(ctx, `${p}.value`, m.v!, m.unit, s),
      lo: bound(ctx, `${p}.lower_bound`, m, m.lo, s), hi: bound(ctx, `${p}.upper_bound`, m, m.hi, s) });
  }
  const low = cells.reduce((a, b) => (b.m.v! < a.m.v! ? b : a));
  const high = cells.reduce((a, b) => (b.m.v! > a.m.v! ? b : a));
  if (span) {
    const first = cells[0]!;
    const last = cells[cells.length - 1]!;
    const hours = { from: zonedHour(ctx, `${p}.span.from`, first.hour, zone, first.at, s, false),
      to: zonedHour(ctx, `${p}.span.to`, last.hour + 1, zone, new Date(last.at.getTime() + 3_600_000), s) };
    // A range of counts names its noun once, after both numbers, in the form the language needs there
    // (`od 1 do 27 pojazdów w kolejce`, not `od kolejka 1 do kolejka 27`).
    if (low.m.unit === 'vehicles') {
      return c.fill('forecast_span_vehicles', { ...hours, min: c.count(`${p}.min`, low.m.v!, s), max: c.count(`${p}.max`, high.m.v!, s) });
    }
    return c.fill('forecast_span', { ...hours, min: valueText(ctx, `${p}.min`, low.m.v!, low.m.unit, s), max: valueText(ctx, `${p}.max`, high.m.v!, high.m.unit, s) });
  }
  return `${c.fill('forecast_low', { time: zonedHour(ctx, `${p}.low.hour`, low.hour, zone, low.at, s), value: valueText(ctx, `${p}.low`, low.m.v!, low.m.unit, s) })}; ` +
    c.fill('forecast_high', { time: zonedHour(ctx, `${p}.high.hour`, high.hour, zone, high.at, s), value: valueText(ctx, `${p}.high`, high.m.v!, high.m.unit, s) });
}

/** A direction of the crossing and what was read there (null: nothing the answer can use). */
interface Picked<T> {
  row: CheckpointRow;
  got: T | null;
  /** A direction read before it held a count and no wait in minutes (the answer says why it is about this one). */
  passedOver: boolean;
  /** Those directions and what they held (a question about the wait answers their counts too). */
  passed: { row: CheckpointRow; got: T }[];
}

/**
 * The directions an answer may read: for a question about the wait every direction meant (the one the question
 * or the context states, else both, leaving Ukraine first), else the one direction meant.
 */
const rowsAsked = (ctx: AnswerContext) => ctx.rowsFor(ctx.u.asksWait);

/**
 * The direction an answer reads and what it holds there: the first of `rows` whose data gives the wait in
 * minutes (`inMinutes`), else the first that holds any (a count of vehicles), else the first. With one row
 * (any question but one about the wait) that row, as it always was.
 */
async function pickDirection<T>(rows: readonly CheckpointRow[], read: (row: CheckpointRow) => Promise<T | null>,
  inMinutes: (got: T) => boolean): Promise<Picked<T>> {
  const tried: Picked<T>[] = [];
  for (const row of rows) {
    const got = await read(row);
    if (got !== null && inMinutes(got)) {
      const passed = tried.flatMap((x) => (x.got === null ? [] : [{ row: x.row, got: x.got }]));
      return { row, got, passedOver: passed.length > 0, passed };
    }
    tried.push({ row, got, passedOver: false, passed: [] });
  }
  return tried.find((x) => x.got !== null) ?? tried[0]!;
}

/**
 * After an answer to a question about the wait: that its figures are a count of vehicles and not a wait, when no
 * direction read gives minutes; else, when it passed over a direction that counts vehicles, which direction the
 * wait is for. Nothing for any other question.
 */
function waitNote(ctx: AnswerContext, picked: Picked<unknown>, unit: Measure['unit'] | null): void {
  if (!ctx.u.asksWait || unit === null) return;
  const { c } = ctx;
  if (unit === 'vehicles') ctx.sentences.push(c.fill('count_not_wait'));
  else if (picked.passedOver) {
    const side = (code: number) => (COUNTRY_ISO2[code] ? ctx.countryLabel(COUNTRY_ISO2[code]) : c.fill('no_data'));
    ctx.sentences.push(c.fill('wait_direction', { from: side(picked.row.origin), to: side(picked.row.destination) }));
  }
}

/** The typical week of a crossing, or null when none is held (too little history, or not computed yet). */
export async function weekOf(ctx: AnswerContext, ppid: string): Promise<Week | null> {
  try {
    const week = (await ctx.call<Week>(dayStats, { ppid, lang: ctx.lang })).data;
    noteReplayed(ctx, ppid);
    return week;
  } catch (err) {
    if (!isNotFound(err)) throw err;
    return null;
  }
}

/** Before the first models: the typical week of the hours asked, else the latest reading, after saying so. */
async function notReady(ctx: AnswerContext, rows: readonly CheckpointRow[]): Promise<void> {
  const { c } = ctx;
  const when = ctx.u.entities.when;
  const dateAt = (row: CheckpointRow) => when?.date ?? todayIn(ctx.now, row.timezone);
  ctx.sentences.push(c.fill('not_ready'));
  const typical = await pickDirection(rows, async (row) => {
    const week = await weekOf(ctx, row.ppid);
    const date = dateAt(row);
    const cells = week ? weekCells(week, date, when).map((x) => ({ ...x, at: instantOfLocal(date, x.hour, row.timezone) })) : [];
    return week && cells.length > 0 ? { week, cells } : null;
  }, (x) => x.week.unit === 'minutes');
  if (typical.got) {
    const { row, got: { week, cells } } = typical;
    const s = c.source('day-stats', week.generated_at, row.ppid);
    const intro = c.fill('typical_instead', { date: c.date('typical.date', dateAt(row), s) });
    ctx.sentences.push(`${ctx.checkpointText(row)}, ${intro}: ${hoursText(ctx, cells, row.timezone, s, hoursOf(when) !== null && when?.hour === null, 'typical')}.`);
    return waitNote(ctx, typical, week.unit);
  }
  const reading = await pickDirection(rows, async (row) => (await ctx.call<unknown>(queue, { ppid: row.ppid, section: 'snapshot' })).snapshot as Snapshot | null,
    (snap) => snap.wait_min !== null);
  const { row, got: snap } = reading;
  if (!snap) return ctx.refuse(`${ctx.checkpointText(row)}: ${c.fill('no_reading')}.`);
  const s = c.source('queue', snap.updated_at, row.ppid);
  ctx.sentences.push(`${ctx.checkpointText(row)}, ${c.fill('reading_instead')}: ${readingText(ctx, { ...snap, queue: snap.queue_now }, row.timezone, s)}.`);
  waitNote(ctx, reading, snap.wait_min !== null ? 'minutes' : snap.queue_now !== null ? 'vehicles' : null);
}

/** The typical week's quietest and busiest two hours (a best time asked of no day). */
async function answerWeek(ctx: AnswerContext, rows: readonly CheckpointRow[]): Promise<void> {
  const { c } = ctx;
  const picked = await pickDirection(rows, (row) => weekOf(ctx, row.ppid), (week) => week.unit === 'minutes');
  const { row, got: week } = picked;
  if (!week) return rows.some((r) => weekPending(ctx.deps, r.ppid)) ? notReady(ctx, rows) : ctx.refuse(c.fill('no_week', { checkpoint: ctx.checkpointText(row) }));
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
  waitNote(ctx, picked, week.unit);
}

export async function answerForecast(ctx: AnswerContext): Promise<void> {
  const { c, u } = ctx;
  const rows = rowsAsked(ctx);
  if (rows.length === 0) return ctx.needCheckpoint();
  const when = u.entities.when;
  if (u.intent === 'best_time' && (!when || when.date === null)) return answerWeek(ctx, rows);
  // The values shown: for a question about the wait, the wait wherever the forecast gives one.
  const shown = (steps: Step[]) => (u.asksWait ? waitMeasures(steps) : steps.map(measure));
  const picked = await pickDirection(rows, async (row) => {
    const held = await forecastOf(ctx, row.ppid);
    const chosen = held ? stepsAsked(held.steps, when, row.timezone) : [];
    return held && chosen.length > 0 ? { held, chosen } : null;
  }, (x) => shown(x.chosen).every((m) => m.unit === 'minutes'));
  const { row } = picked;
  if (!picked.got) {
    return modelsPending(ctx.deps, rows.map((r) => r.ppid)) ? notReady(ctx, rows) : ctx.refuse(c.fill('no_forecast', { checkpoint: ctx.checkpointText(row) }));
  }
  const { held, chosen } = picked.got;
  ctx.sentences.push(forecastSentence(ctx, row, held, chosen, shown(chosen)));
  // Where the model has done no better than the latest reading over these hours (its back-test, out of sample), say so.
  if (beatsPersistence(held.byHorizon, chosen) === false) ctx.sentences.push(c.fill('forecast_no_skill'));
  // The wait read in one direction; the directions passed over for counting vehicles only are given too, as counts
  // (at Shehyni a driver leaving Ukraine stands in the count's direction).
  for (const other of picked.passed) ctx.sentences.push(forecastSentence(ctx, other.row, other.got.held, other.got.chosen, other.got.chosen.map(measure)));
  waitNote(ctx, picked, shown(chosen)[0]!.unit);
}

/** `{crossing}, {day}: {hours}` of one direction's forecast steps, with the values `measures` gives them. */
function forecastSentence(ctx: AnswerContext, row: CheckpointRow, held: { asOf: string }, chosen: Step[], measures: Measure[]): string {
  const { c, u } = ctx;
  const when = u.entities.when;
  const zone = row.timezone;
  const s = c.source('forecast', held.asOf, row.ppid);
  const date = when?.date ?? null;
  const dayText = date === null
    ? c.fill('as_of', { time: zonedInstant(ctx, 'forecast.from', new Date(chosen[0]!.time * 1000).toISOString(), zone, s) })
    : c.date('forecast.date', date, s);
  const cells = chosen.map((step, k) => ({ hour: localParts(step.time, zone).hour, at: new Date(step.time * 1000), m: measures[k]! }));
  const span = u.intent !== 'best_time' && hoursOf(when) !== null;
  return `${c.fill('forecast_intro', { checkpoint: ctx.checkpointText(row), date: dayText })}: ${hoursText(ctx, cells, zone, s, span)}.`;
}
