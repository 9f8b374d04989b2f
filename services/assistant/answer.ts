/**
 * Answering an understood question with the products themselves: each answer calls the operations REST
 * serves through `runOperation`, with the same parsed inputs and the same cache, and writes what they
 * return with the language's templates (one writer per intent: `answer-*.ts`). Nothing is computed twice;
 * a question the data cannot answer gets an answer that says so, with questions it can answer.
 */
import type { AssistantOutput, Intent, Templates } from '../../models/assistant.js';
import type { Lang } from '../../models/languages.js';
import type { Credit } from '../../data/credits.js';
import type { OperationDeps } from '../deps.js';
import { alternatives } from '../products/alternatives/operation.js';
import type { AlternativesOutput } from '../../models/stats.js';
import { soonerWithoutTotal } from '../../models/travel-matrix.js';
import { cityNameIn } from '../../data/geo/city-names.js';
import { lookupCity } from '../../data/geo/gazetteer.js';
import { travelMatrix } from '../products/travel-matrix/operation.js';
import { Composer, ungroundedNumbers } from '../../engine/assistant/compose.js';
import { answerAlerts } from './answer-alerts.js';
import { answerBestCrossing } from './answer-border.js';
import { answerFuel, answerRoadConditions, answerTradingSundays } from './answer-country.js';
import { answerTruckBans } from './answer-truck-bans.js';
import { answerForecast } from './answer-forecast.js';
import { answerQueueNow } from './answer-queue.js';
import { createContext, type AnswerContext } from './context.js';
import { suggestionsFor } from './suggestions.js';
import type { Understanding } from './understand.js';

export interface AnswerResult {
  data: AssistantOutput;
  credits: Credit[];
  /** The names the answer wrote (checkpoints, countries): digits in them are no figures. */
  names: string[];
}

/**
 * Other crossings, each with the wait the product's saving counts there: the wait expected on arrival after the
 * extra driving (said to be on arrival) where a forecast gives it, else the wait now. The saving is written from
 * the figures shown (the wait here now, the extra driving, the wait there), so that they add up as read.
 */
async function answerAlternatives(ctx: AnswerContext): Promise<void> {
  const { c } = ctx;
  const row = ctx.rowsFor(false)[0];
  if (!row) return ctx.needCheckpoint();
  const got = await ctx.call<AlternativesOutput>(alternatives, { ppid: row.ppid, lang: ctx.lang, limit: '3' });
  const a = got.data;
  const s = c.source('alternatives', a.generated_at, row.ppid);
  if (a.alternatives.length === 0) return void ctx.sentences.push(`${ctx.checkpointText(row)}: ${c.fill('alt_none')}`);
  const here = a.wait_min === null ? null : c.minutes('wait_min', a.wait_min, s);
  const lines = a.alternatives.map((alt, k) => {
    const onArrival = alt.queue_basis === 'forecast' && alt.wait_at_arrival_min !== null;
    const waitMin = onArrival ? alt.wait_at_arrival_min : alt.wait_min;
    const drive = c.minutes(`alternatives.${k}.drive_delta_min`, alt.drive_delta_min, s);
    if (waitMin === null) return c.fill('alt_line_nowait', { name: c.name(alt.name), drive });
    const wait = c.minutes(`alternatives.${k}.${onArrival ? 'wait_at_arrival_min' : 'wait_min'}`, waitMin, s);
    const line = c.fill(onArrival ? 'alt_line_arrival' : 'alt_line', { name: c.name(alt.name), wait, drive });
    if (alt.total_delta_min === null || a.wait_min === null) return line;
    // The product's total is this sum; written from the rounded figures, it adds up to the minute as shown.
    const round = (v: number) => Math.max(0, Math.round(v));
    const delta = round(alt.drive_delta_min) + round(waitMin) - round(a.wait_min);
    const label = `alternatives.${k}.total_delta_min`;
    return `${line} (${delta < 0 ? c.fill('alt_gain', { delta: c.minutes(label, -delta, s) }) : c.fill('alt_loss', { delta: c.minutes(label, delta, s) })})`;
  });
  const intro = here === null ? c.fill('alt_intro_nowait', { checkpoint: ctx.checkpointText(row) }) : c.fill('alt_intro', { checkpoint: ctx.checkpointText(row), wait: here });
  ctx.sentences.push(`${intro} ${lines.join('; ')}.`);
}

/** Ukraine's neighbours the travel matrix leads into from a town in Ukraine (its `dest`). */
const NEIGHBOURS = new Set(['PL', 'SK', 'HU', 'RO', 'MD']);

/**
 * The neighbour a trip from a town in Ukraine is going to, when the question names one ("from Chernivtsi
 * to Romania": RO): where the direction names it, else the one neighbour the question names; null (every
 * crossing in reach) otherwise, and from a town outside Ukraine (whose crossings all lead into Ukraine).
 */
export function travelDestination(e: Pick<AnswerContext['u']['entities'], 'place' | 'countries' | 'direction'>): string | null {
  if (!e.place || e.place.country !== 'UA') return null;
  if (e.direction?.to && NEIGHBOURS.has(e.direction.to)) return e.direction.to;
  const named = e.countries.filter((x) => NEIGHBOURS.has(x));
  return named.length === 1 ? named[0]! : null;
}

/** How many crossings an answer from a town names, fastest first. */
const TRAVEL_NAMED = 3;
/** And how many of those without a known queue reached sooner than the fastest, nearest first. */
const TRAVEL_SOONER = 2;

/** The town's name in the answer's language (`Ужгород` in Ukrainian and Russian), else as GeoNames names it. */
function townName(place: { name: string; country: string; lat: number; lon: number }, lang: Lang): string {
  const found = lookupCity(place.name, place.country).find((p) => p.lat === place.lat && p.lon === place.lon);
  return found ? cityNameIn(found, lang) : place.name;
}

/** From a town: the travel matrix, fastest first by the total with the queue (by driving where no queue is held). */
async function answerTravel(ctx: AnswerContext): Promise<void> {
  const { c, templates } = ctx;
  const e = ctx.u.entities;
  const dir = ctx.deps.repos.directory;
  if (!e.place) return ctx.refuse(c.fill('need_place'));
  const type = e.vehicle !== null && [4, 6, 7, 8, 9].includes(e.vehicle) ? e.vehicle : 4;
  const dest = travelDestination(e);
  const got = await ctx.call<{ updated_at: string; results: { ppid: string; checkpoint_name: string; drive_minutes: number | null; queue_minutes_at_arrival: number | null;
    total_minutes: number | null; is_realtime: boolean; type_of_data: string | null; status: string }[] }>(travelMatrix,
    { origin_lat: String(e.place.lat), origin_lon: String(e.place.lon), type: String(type), lang: ctx.lang, ...(dest ? { dest } : {}) });
  const m = got.data;
  const s = c.source('travel-matrix', m.updated_at);
  let rows = m.results.filter((r) => r.drive_minutes !== null);
  if (e.checkpoint) {
    const there = rows.filter((r) => dir.get(r.ppid)?.location_id === e.checkpoint!.location_id);
    if (there.length > 0) rows = there;
  }
  const inReach = rows.length;
  const full = rows.filter((r) => r.total_minutes !== null && r.queue_minutes_at_arrival !== null);
  const reached = rows;
  rows = (full.length > 0 ? full : [...rows].sort((a, b) => a.drive_minutes! - b.drive_minutes!)).slice(0, TRAVEL_NAMED);
  if (rows.length === 0) return ctx.refuse(c.fill('unknown'));
  // Crossings without a known queue that are reached sooner than the fastest known total could be the faster:
  // never dropped, and named in the order of the least time each can take (its drive; a known total), so that
  // the crossing 5 minutes away with no queue data comes before one 1 h 42 min away in all (from Uzhhorod).
  const { best, sooner } = soonerWithoutTotal(reached);
  const least = (r: (typeof rows)[number]) => r.total_minutes ?? r.drive_minutes!;
  if (best) rows = [...rows, ...sooner.slice(0, TRAVEL_SOONER)].sort((a, b) => least(a) - least(b));
  const lines = rows.map((r) => {
    const k = m.results.indexOf(r);
    return r.total_minutes !== null && r.queue_minutes_at_arrival !== null ? c.fill('travel_line', {
      name: c.name(r.checkpoint_name), total: c.minutes(`results.${k}.total_minutes`, r.total_minutes, s),
      drive: c.minutes(`results.${k}.drive_minutes`, r.drive_minutes!, s), queue: c.minutes(`results.${k}.queue_minutes_at_arrival`, r.queue_minutes_at_arrival, s),
    }) : c.fill('travel_line_noqueue', { name: c.name(r.checkpoint_name), drive: c.minutes(`results.${k}.drive_minutes`, r.drive_minutes!, s) });
  });
  // "Now" only when the queues it adds are real-time readings of a live feed.
  if (rows.some((r) => r.type_of_data === 'replay')) ctx.replay = true;
  const intro = rows.every((r) => r.is_realtime) ? 'travel_intro' : 'travel_intro_latest';
  ctx.sentences.push(`${c.fill(intro, { place: c.name(townName(e.place, ctx.lang)), vehicle: templates.vehicles[String(type) as '4'] })} ${lines.join('; ')}.`);
  // The others the matrix reached are counted, never dropped unsaid.
  if (inReach > rows.length) ctx.sentences.push(c.fill('travel_more', { count: c.count('results_more', inReach - rows.length, s) }));
}

const WRITERS: Partial<Record<Intent, (ctx: AnswerContext) => Promise<void> | void>> = {
  queue_now: answerQueueNow, best_time: answerForecast, forecast: answerForecast, alternatives: answerAlternatives,
  best_crossing: answerBestCrossing, fuel_prices: answerFuel, truck_bans: answerTruckBans, trading_sundays: answerTradingSundays,
  travel_time: answerTravel, road_conditions: answerRoadConditions, alerts: answerAlerts,
};

export async function answer(question: string, u: Understanding, lang: Lang, templates: Templates, deps: OperationDeps): Promise<AnswerResult> {
  const c = new Composer(lang, templates, deps.now().toISOString().slice(0, 10));
  const ctx = createContext(c, u, lang, templates, deps);
  const e = u.entities;
  let intent: Intent = u.intent;
  const write = WRITERS[u.intent];
  if (write) await write(ctx);
  else if (u.intent === 'rules_documents') ctx.refuse(c.fill('rules'));
  else {
    intent = 'unknown';
    ctx.refuse(c.fill('unknown'));
  }
  const sentences = ctx.sentences;
  if (ctx.replay) sentences.push(c.fill('replay_note'));
  for (let k = 0; k < sentences.length; k++) sentences[k] = c.sentence(sentences[k]!);
  const grounded = ctx.grounded;
  const offered = grounded ? [] : suggestionsFor(ctx);
  const text = grounded ? sentences.join(' ') : `${sentences.join(' ')} ${c.fill('suggest_intro')} ${offered.join(' / ')}`;
  // Every digit written is a figure's (or part of a name): an answer that broke this is never sent.
  const ungrounded = ungroundedNumbers(text, c.figures, [...c.names, ...offered]);
  if (ungrounded.length > 0) throw new Error(`assistant answer carries numbers without a source: ${ungrounded.join(', ')}`);
  return {
    data: {
      question, lang, detected_lang: u.detectedLang, answer_text: text, intent, grounded,
      entities: e, figures: c.figures, sources: c.sources, suggestions: offered, phrasing: 'template',
    },
    credits: [...ctx.credits],
    names: [...c.names],
  };
}
