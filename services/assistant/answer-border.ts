/**
 * `best_crossing`: which crossing on a border, for a vehicle type. Now: the `border` product's checkpoints
 * (shortest queue first, as it ranks them), each with its reading's time and, past three hours, its age;
 * said to be "now" only when every reading shown is a live feed's real-time one. Later (a day, an hour, a
 * part of the day): each crossing's `forecast` of those hours, lowest first; before the first models are
 * fitted, the typical week of those hours, else the readings, after saying the forecast is not ready yet.
 */
import { localParts } from '../../engine/local-time.js';
import { COUNTRY_ISO2, countryCodeOf } from '../../models/codes.js';
import { border } from '../products/border.js';
import type { AnswerContext } from './context.js';
import { weekOf, valueText } from './answer-forecast.js';
import { forecastOf, hoursOf, measure, modelsPending, stepsAsked, weekCells, type Measure } from './forecast-steps.js';
import { readingText } from './reading.js';
import { todayIn } from './understand.js';

/** At most this many crossings are written, best first. */
const SHOWN = 5;

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
  const sides = { vehicle: templates.vehicles[String(type) as '4'], from: labels(origins), to: labels(destinations) || '?' };
  const read = rows.filter((r) => r.updated_at !== null && (r.queue !== null || r.wait_min !== null))
    .sort((a, b) => nullsLast(a.queue, b.queue) || nullsLast(a.wait_min, b.wait_min) || a.name.localeCompare(b.name));
  if (read.length === 0) return ctx.refuse(c.fill('border_none', sides));
  const zoneOf = (ppid: string) => dir.get(ppid)?.timezone ?? 'Europe/Kyiv';
  const when = u.entities.when;
  const later = when !== null && !u.asksNow && (when.hour !== null || when.part !== null || when.date !== todayIn(ctx.now, zoneOf(read[0]!.ppid)));

  const now = () => {
    const shown = read.slice(0, SHOWN);
    const lines = shown.map((r, k) => `${c.name(r.name)}: ${readingText(ctx, { ...r, updated_at: r.updated_at! }, zoneOf(r.ppid), c.source('border', r.updated_at!, r.ppid), `${k}.`)}`);
    const intro = shown.every((r) => r.is_realtime) ? 'border_intro' : 'border_intro_latest';
    ctx.sentences.push(`${c.fill(intro, sides)} ${lines.join('; ')}.`);
  };
  if (!later) return now();

  // Later: each crossing's forecast of the hours asked, lowest first (vehicles before wait minutes, as `border` ranks).
  const ranked: { r: BorderRow; cells: { hour: number; m: Measure }[]; product: string; asOf: string }[] = [];
  for (const r of read) {
    const held = await forecastOf(ctx, r.ppid);
    const cells = held ? stepsAsked(held.steps, when, zoneOf(r.ppid)).map((step) => ({ hour: localParts(step.time, zoneOf(r.ppid)).hour, m: measure(step) })) : [];
    if (held && cells.length > 0) ranked.push({ r, cells, product: 'forecast', asOf: held.asOf });
  }
  let intro: 'border_forecast_intro' | 'border_typical_intro' = 'border_forecast_intro';
  if (ranked.length === 0 && modelsPending(ctx.deps)) {
    ctx.sentences.push(c.fill('not_ready'));
    intro = 'border_typical_intro';
    const date = when.date ?? todayIn(ctx.now, zoneOf(read[0]!.ppid));
    for (const r of read) {
      const week = await weekOf(ctx, r.ppid);
      const cells = week ? weekCells(week, date, when) : [];
      if (week && cells.length > 0) ranked.push({ r, cells, product: 'day-stats', asOf: week.generated_at });
    }
  }
  if (ranked.length === 0) {
    if (!modelsPending(ctx.deps)) ctx.sentences.push(c.fill('no_forecast', { checkpoint: `${sides.vehicle}, ${sides.from} → ${sides.to}` }));
    return now();
  }
  const lowest = (x: (typeof ranked)[number]) => x.cells.reduce((a, b) => (b.m.v! < a.m.v! ? b : a));
  ranked.sort((a, b) => Number(lowest(a).m.unit === 'minutes') - Number(lowest(b).m.unit === 'minutes') || lowest(a).m.v! - lowest(b).m.v!);
  const single = hoursOf(when)?.length === 1;
  // Sources of the crossings written only, in the order written.
  const shown = ranked.slice(0, SHOWN).map((x) => ({ ...x, s: c.source(x.product, x.asOf, x.r.ppid) }));
  const lines = shown.map((x, k) => {
    const low = lowest(x);
    const value = valueText(ctx, `${k}.${x.product === 'forecast' ? 'forecast' : 'typical'}.value`, low.m.v!, low.m.unit, x.s);
    return `${c.name(x.r.name)}: ${single ? value : c.fill('forecast_low', { time: c.hour(`${k}.hour`, low.hour, x.s), value })}`;
  });
  const date = when.date ?? todayIn(ctx.now, zoneOf(shown[0]!.r.ppid));
  const dayText = single ? `${c.date('date', date, shown[0]!.s)}, ${c.hour('hour', hoursOf(when)![0]!, shown[0]!.s)}` : c.date('date', date, shown[0]!.s);
  ctx.sentences.push(`${c.fill(intro, { ...sides, date: dayText })} ${lines.join('; ')}.`);
}
