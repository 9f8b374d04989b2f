/**
 * `best_crossing`: which crossing on a border, for a vehicle type. Every crossing on the border is
 * accounted for: none is dropped for a limit, and those with nothing to rank are named as such. Now: the
 * `border` product's checkpoints, shortest wait first where a wait is held (a queue's length says little
 * of how fast it moves), then those with a queue and no wait, shortest queue first, each with its reading's
 * time and zone and, past three hours, its age; said to be "now" only when every reading shown is a live
 * feed's real-time one. Later (a day, an hour, a part of the day): each crossing's `forecast` of those
 * hours, lowest wait first where the forecast gives one, then the lowest queue; before the first models
 * are fitted, the typical week of those hours, else the readings, after saying the forecast is not ready yet.
 */
import { localParts } from '../../engine/local-time.js';
import { COUNTRY_ISO2, countryCodeOf } from '../../models/codes.js';
import { border } from '../products/border.js';
import type { AnswerContext } from './context.js';
import { weekOf, valueText, type HourCell } from './answer-forecast.js';
import { forecastOf, hoursOf, modelsPending, stepsAsked, waitMeasures, weekCells } from './forecast-steps.js';
import { instantOfLocal, readingText, zonedHour } from './reading.js';
import { todayIn } from './understand.js';

interface BorderRow {
  ppid: string;
  name: string;
  border: number;
  queue: number | null;
  wait_min: number | null;
  updated_at: string | null;
  freshness: string | null;
  type_of_data: string | null;
  is_realtime: boolean;
}

/** The origins and destinations asked: a direction, else the border with the country named, leaving Ukraine. */
function sidesOf(ctx: AnswerContext, type: number): [number, number | 'all'][] {
  const e = ctx.u.entities;
  const code = (iso: string | null | undefined) => (iso ? countryCodeOf(iso) ?? null : null);
  let from = code(e.direction?.from);
  let to = code(e.direction?.to);
  if (!e.direction) {
    to = code(e.countries.find((x) => x !== 'UA'));
    from = 1;
  }
  if (from !== null) return [[from, to ?? 'all']];
  // Into a country from any side: every origin with a crossing of this type into it.
  const origins = new Set(ctx.deps.repos.directory.all().filter((r) => r.destination === to && r.crossing_type === type).map((r) => r.origin));
  return [...origins].sort((a, b) => a - b).map((o) => [o, to ?? 'all']);
}

/** Crossings with nothing to rank are named up to this many; past it, their number is said. */
const NAMED = 5;

const nullsLast = (a: number | null, b: number | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b);

export async function answerBestCrossing(ctx: AnswerContext): Promise<void> {
  const { c, u, templates } = ctx;
  const dir = ctx.deps.repos.directory;
  const type = u.entities.vehicle ?? 4;
  const rows: BorderRow[] = [];
  const origins = new Set<string>();
  const destinations = new Set<string>();
  for (const [origin, destination] of sidesOf(ctx, type)) {
    const got = await ctx.call<{ checkpoints: BorderRow[]; destinations: number[] }>(border,
      { origin: String(origin), destination: String(destination), crossing_type: String(type), lang: ctx.lang });
    origins.add(COUNTRY_ISO2[origin]!);
    for (const d of got.data.destinations) destinations.add(COUNTRY_ISO2[d]!);
    rows.push(...got.data.checkpoints);
  }
  const labels = (isos: Set<string>) => [...isos].map(ctx.countryLabel).join(', ');
  // No destination with readings: the countries the crossings from there lead into (of this type where there are
  // any), never `?`; "no data" in words when there are none at all.
  if (destinations.size === 0) {
    const leaving = dir.all().filter((r) => origins.has(COUNTRY_ISO2[r.origin]!));
    const ofType = leaving.filter((r) => r.crossing_type === type);
    for (const r of ofType.length > 0 ? ofType : leaving) destinations.add(COUNTRY_ISO2[r.destination]!);
  }
  const sides = { vehicle: templates.vehicles[String(type) as '4'], from: labels(origins), to: labels(destinations) || c.fill('no_data') };
  const hasReading = (r: BorderRow) => r.updated_at !== null && (r.queue !== null || r.wait_min !== null);
  const read = rows.filter(hasReading);
  if (read.length === 0) return ctx.refuse(c.fill('border_none', sides));
  const zoneOf = (ppid: string) => dir.get(ppid)?.timezone ?? 'Europe/Kyiv';
  const when = u.entities.when;
  const later = when !== null && !u.asksNow && (when.hour !== null || when.part !== null || when.date !== todayIn(ctx.now, zoneOf(read[0]!.ppid)));
  /** The crossings of the border a ranking holds nothing for, never dropped: named (`A, B: no reading is held.`), or past a few, counted. */
  const unranked = (left: BorderRow[], named: (names: string) => string, counted: 'border_unread_count' | 'border_unforecast_count') => {
    if (left.length === 0) return;
    ctx.sentences.push(left.length <= NAMED ? named(left.map((r) => c.name(r.name)).join(', '))
      : c.fill(counted, { count: c.count('unranked', left.length, c.source('border', ctx.nowIso)) }));
  };

  const now = () => {
    // Shortest wait first where a wait is held; then the crossings with a queue and no wait, shortest queue first.
    const waited = read.filter((r) => r.wait_min !== null)
      .sort((a, b) => a.wait_min! - b.wait_min! || nullsLast(a.queue, b.queue) || a.name.localeCompare(b.name));
    const queued = read.filter((r) => r.wait_min === null).sort((a, b) => nullsLast(a.queue, b.queue) || a.name.localeCompare(b.name));
    const realtime = read.every((r) => r.is_realtime);
    let k = 0;
    const lines = (list: BorderRow[]) => list.map((r) =>
      `${c.name(r.name)}: ${readingText(ctx, { ...r, updated_at: r.updated_at! }, zoneOf(r.ppid), c.source('border', r.updated_at!, r.ppid), `${k++}.`)}`).join('; ');
    if (waited.length === 0) ctx.sentences.push(`${c.fill(realtime ? 'border_intro' : 'border_intro_latest', sides)} ${lines(queued)}.`);
    else {
      ctx.sentences.push(`${c.fill(realtime ? 'border_wait_intro' : 'border_wait_intro_latest', sides)} ${lines(waited)}.`);
      if (queued.length > 0) ctx.sentences.push(`${c.fill('border_queue_only')} ${lines(queued)}.`);
    }
    unranked(rows.filter((r) => !hasReading(r)), (names) => `${names}: ${c.fill('no_reading')}.`, 'border_unread_count');
  };
  if (!later) return now();

  // Later: each crossing's forecast of the hours asked, lowest wait first where the forecast gives one, then the lowest queue.
  const ranked: { r: BorderRow; cells: HourCell[]; product: string; asOf: string }[] = [];
  for (const r of rows) {
    const held = await forecastOf(ctx, r.ppid);
    const steps = held ? stepsAsked(held.steps, when, zoneOf(r.ppid)) : [];
    // Ranked by the wait where the forecast gives one for every hour asked, else the queue.
    const measures = waitMeasures(steps);
    const cells = steps.map((step, i) => ({ hour: localParts(step.time, zoneOf(r.ppid)).hour, at: new Date(step.time * 1000), m: measures[i]! }));
    if (held && cells.length > 0) ranked.push({ r, cells, product: 'forecast', asOf: held.asOf });
  }
  let intro: 'border_forecast_intro' | 'border_typical_intro' = 'border_forecast_intro';
  if (ranked.length === 0 && modelsPending(ctx.deps, rows.map((r) => r.ppid))) {
    ctx.sentences.push(c.fill('not_ready'));
    intro = 'border_typical_intro';
    for (const r of rows) {
      const week = await weekOf(ctx, r.ppid);
      const date = when.date ?? todayIn(ctx.now, zoneOf(r.ppid));
      const cells = week ? weekCells(week, date, when).map((x) => ({ ...x, at: instantOfLocal(date, x.hour, zoneOf(r.ppid)) })) : [];
      if (week && cells.length > 0) ranked.push({ r, cells, product: 'day-stats', asOf: week.generated_at });
    }
  }
  if (ranked.length === 0) {
    if (!modelsPending(ctx.deps, rows.map((r) => r.ppid))) ctx.sentences.push(c.fill('no_forecast', { checkpoint: `${sides.vehicle}, ${sides.from} → ${sides.to}` }));
    return now();
  }
  const lowest = (x: (typeof ranked)[number]) => x.cells.reduce((a, b) => (b.m.v! < a.m.v! ? b : a));
  const byLowest = (a: (typeof ranked)[number], b: (typeof ranked)[number]) => lowest(a).m.v! - lowest(b).m.v! || a.r.name.localeCompare(b.r.name);
  const waited = ranked.filter((x) => lowest(x).m.unit === 'minutes').sort(byLowest);
  const queued = ranked.filter((x) => lowest(x).m.unit !== 'minutes').sort(byLowest);
  const single = hoursOf(when)?.length === 1;
  // One zone for every crossing shown: the hour asked is said once, with it; else each crossing says its own.
  const zones = new Set(ranked.map((x) => zoneOf(x.r.ppid)));
  const first = waited[0] ?? queued[0]!;
  let k = 0;
  const lines = (list: typeof ranked) => list.map((x) => {
    const s = c.source(x.product, x.asOf, x.r.ppid);
    const low = lowest(x);
    const at = `${k++}.`;
    const value = valueText(ctx, `${at}${x.product === 'forecast' ? 'forecast' : 'typical'}.value`, low.m.v!, low.m.unit, s);
    const hour = () => zonedHour(ctx, `${at}hour`, low.hour, zoneOf(x.r.ppid), low.at, s);
    if (!single) return `${c.name(x.r.name)}: ${c.fill('forecast_low', { time: hour(), value })}`;
    return zones.size === 1 ? `${c.name(x.r.name)}: ${value}` : `${c.name(x.r.name)}, ${hour()}: ${value}`;
  }).join('; ');
  const s0 = c.source(first.product, first.asOf, first.r.ppid);
  const date = when.date ?? todayIn(ctx.now, zoneOf(first.r.ppid));
  const dayText = single && zones.size === 1
    ? `${c.date('date', date, s0)}, ${zonedHour(ctx, 'hour', hoursOf(when)![0]!, zoneOf(first.r.ppid), lowest(first).at, s0)}`
    : c.date('date', date, s0);
  ctx.sentences.push(`${c.fill(intro, { ...sides, date: dayText })} ${lines(waited.length > 0 ? waited : queued)}.`);
  if (waited.length > 0 && queued.length > 0) ctx.sentences.push(`${c.fill('border_queue_only')} ${lines(queued)}.`);
  unranked(rows.filter((r) => !ranked.some((x) => x.r === r)), (names) => c.fill('no_forecast', { checkpoint: names }), 'border_unforecast_count');
}
