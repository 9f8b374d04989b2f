/**
 * Answering an understood question with the products themselves: each answer calls the operations REST
 * serves (queue, day-stats, forecast, alternatives, fuel, truck-bans, trading-sundays, travel-matrix,
 * road-conditions) through `runOperation`, with the same parsed inputs and the same cache, and writes
 * what they return with the language's templates. Nothing is computed twice; a question the data cannot
 * answer gets an answer that says so, with questions it can answer.
 */
import type { CheckpointRow } from '../../data/directory/directory-repo.js';
import { localParts } from '../../engine/local-time.js';
import type { AssistantOutput, Intent, Templates } from '../../models/assistant.js';
import { COUNTRY_ISO2, countryCodeOf, countryName, neighbourIso } from '../../models/codes.js';
import { ServiceError } from '../../models/errors.js';
import type { Lang } from '../../models/languages.js';
import type { Credit } from '../../data/credits.js';
import type { OperationDeps } from '../deps.js';
import type { AnyOperation } from '../operation.js';
import { alternatives } from '../products/alternatives/operation.js';
import { dayStats } from '../products/day-stats/operation.js';
import { forecast } from '../products/forecast/operation.js';
import { fuel } from '../products/fuel.js';
import { queue } from '../products/queue.js';
import { roadConditions } from '../products/road-conditions.js';
import { tradingSundays } from '../products/trading-sundays.js';
import { travelMatrix } from '../products/travel-matrix/operation.js';
import { truckBans } from '../products/truck-bans.js';
import { runOperation } from '../run-operation.js';
import { Composer, ungroundedNumbers } from '../../engine/assistant/compose.js';
import { todayIn, type Understanding } from './understand.js';

/** Hours each part of the day covers (local). */
const PART_HOURS = { morning: [6, 7, 8, 9, 10, 11], afternoon: [12, 13, 14, 15, 16, 17], evening: [18, 19, 20, 21, 22], night: [23, 0, 1, 2, 3, 4, 5] };
const VEHICLE_ORDER = [4, 9, 6, 8, 7, 5];
/** Where an example checkpoint is needed (suggestions): Medyka - Shehyni when it is held. */
const EXAMPLE_LOCATION = 2;

export interface AnswerResult {
  data: AssistantOutput;
  credits: Credit[];
  /** The names the answer wrote (checkpoints, countries): digits in them are no figures. */
  names: string[];
}

interface Called<T> {
  data: T;
  snapshot: unknown;
  meta: Record<string, unknown> | undefined;
}

/** An operation's answer, exactly as REST would give it (same parsing, same handler, same cache). */
async function call<T>(op: AnyOperation, raw: Record<string, unknown>, deps: OperationDeps, credits: Set<Credit>): Promise<Called<T>> {
  const input = op.input.parse(raw);
  const { result, fragment } = await runOperation(op, input, deps);
  for (const c of [...(op.credits ?? []), ...(result.credits ?? [])]) credits.add(c);
  // The cached members as REST sends them (`"data":...,"snapshot":...`), read back.
  const { data, snapshot } = JSON.parse(`{${fragment}}`) as { data: T; snapshot?: unknown };
  return { data, snapshot, meta: result.meta };
}

/** The country across the border at the checkpoint asked about, if one was. */
const neighbourAt = (dir: OperationDeps['repos']['directory'], checkpoint: { location_id: number } | null | undefined): string | undefined => {
  const row = checkpoint ? dir.atLocation(checkpoint.location_id)[0] : undefined;
  return row ? neighbourIso(row) : undefined;
};

const isNotFound = (err: unknown) => err instanceof ServiceError && err.code === 'not_found';

export async function answer(question: string, u: Understanding, lang: Lang, templates: Templates, deps: OperationDeps): Promise<AnswerResult> {
  const c = new Composer(lang, templates, deps.now().toISOString().slice(0, 10));
  const credits = new Set<Credit>();
  const dir = deps.repos.directory;
  const now = deps.now();
  const nowIso = now.toISOString();
  const e = u.entities;
  const sentences: string[] = [];
  let grounded = true;
  let intent: Intent = u.intent;

  const countryLabel = (iso: string) => countryName(iso, lang);
  const suggestions = () => {
    const location = e.checkpoint?.location_id ?? (dir.atLocation(EXAMPLE_LOCATION).length > 0 ? EXAMPLE_LOCATION : dir.all()[0]?.location_id);
    const name = location === undefined ? '' : dir.name(location, lang);
    const country = countryLabel(e.countries.find((x) => x !== 'UA') ?? 'PL');
    return templates.suggestions.map((s) => s.replace(/\{name\}/g, name).replace(/\{country\}/g, country));
  };
  const refuse = (text: string) => {
    grounded = false;
    sentences.push(text);
  };

  /** The checkpoints meant: vehicle type as asked (else the context's, else cars), the direction as asked (else both, or leaving Ukraine). */
  const rowsFor = (both: boolean): CheckpointRow[] => {
    if (!e.checkpoint) return [];
    const here = dir.atLocation(e.checkpoint.location_id);
    const context = u.contextPpid ? dir.get(u.contextPpid) : null;
    const sameLocation = context && context.location_id === e.checkpoint.location_id ? context : null;
    const types = new Set(here.map((r) => r.crossing_type));
    const type = e.vehicle !== null && types.has(e.vehicle) ? e.vehicle
      : sameLocation ? sameLocation.crossing_type : VEHICLE_ORDER.find((t) => types.has(t)) ?? here[0]?.crossing_type;
    let rows = here.filter((r) => r.crossing_type === type);
    if (e.direction) {
      const from = e.direction.from ? countryCodeOf(e.direction.from) : null;
      const to = e.direction.to ? countryCodeOf(e.direction.to) : null;
      const directed = rows.filter((r) => (from === null || r.origin === from) && (to === null || r.destination === to));
      if (directed.length > 0) rows = directed;
    } else if (sameLocation && sameLocation.crossing_type === type) {
      rows = rows.filter((r) => r.origin === sameLocation.origin);
    }
    rows.sort((a, b) => (a.origin === 1 ? 0 : 1) - (b.origin === 1 ? 0 : 1));
    return both ? rows : rows.slice(0, 1);
  };

  const checkpointText = (row: CheckpointRow) => c.fill('checkpoint', {
    name: c.name(dir.name(row.location_id, lang)), vehicle: templates.vehicles[String(row.crossing_type) as '4'],
    from: countryLabel(COUNTRY_ISO2[row.origin] ?? '?'), to: countryLabel(COUNTRY_ISO2[row.destination] ?? '?'),
  });
  const needCheckpoint = () => {
    const example = dir.atLocation(EXAMPLE_LOCATION).length > 0 ? dir.name(EXAMPLE_LOCATION, lang) : dir.name(dir.all()[0]?.location_id ?? 0, lang);
    refuse(c.fill('need_checkpoint', { example: c.name(example) }));
  };
  let replay = false;

  /** The value a forecast step or typical-week cell shows: wait minutes, else the queue. */
  const valueText = (label: string, value: number, unit: 'vehicles' | 'minutes', source: number) =>
    unit === 'minutes' ? c.minutes(label, value, source) : c.fill('vehicles_value', { n: c.count(label, value, source) });

  switch (u.intent) {
    case 'queue_now': {
      const rows = rowsFor(true);
      if (rows.length === 0) {
        needCheckpoint();
        break;
      }
      for (const row of rows) {
        const got = await call<unknown>(queue, { ppid: row.ppid, section: 'snapshot' }, deps, credits);
        const snap = got.snapshot as { queue_now: number | null; wait_min: number | null; updated_at: string; type_of_data: string } | null;
        const head = checkpointText(row);
        if (!snap) {
          sentences.push(`${head}: ${c.fill('no_reading')}.`);
          c.source('queue', nowIso, row.ppid);
          continue;
        }
        const s = c.source('queue', snap.updated_at, row.ppid);
        const parts: string[] = [];
        if (snap.queue_now !== null) parts.push(c.fill('queue', { queue: c.count('queue_now', snap.queue_now, s) }));
        if (snap.wait_min !== null) parts.push(c.fill('wait', { wait: c.minutes('wait_min', snap.wait_min, s) }));
        const asOf = c.fill('as_of', { time: c.instant('updated_at', snap.updated_at, row.timezone, todayIn(now, row.timezone), s) });
        sentences.push(`${head}: ${parts.length ? parts.join(', ') : c.fill('no_reading')} (${asOf}).`);
        if (snap.type_of_data === 'replay') replay = true;
      }
      break;
    }
    case 'best_time':
    case 'forecast': {
      const row = rowsFor(false)[0];
      if (!row) {
        needCheckpoint();
        break;
      }
      const when = e.when;
      if (u.intent === 'best_time' && (!when || when.date === null)) {
        try {
          const got = await call<{ unit: 'vehicles' | 'minutes'; best_slots: { dow: number; hour: number; v: number }[]; worst_slots: { dow: number; hour: number; v: number }[];
            weekday_labels: string[]; generated_at: string }>(dayStats, { ppid: row.ppid, lang }, deps, credits);
          const week = got.data;
          const s = c.source('day-stats', week.generated_at, row.ppid);
          const slot = (key: 'quietest' | 'busiest', x: { dow: number; hour: number; v: number } | undefined, label: string) => x ? c.fill(key, {
            day: week.weekday_labels[x.dow] ?? '', span: `${c.hour(`${label}.from`, x.hour, s)}–${c.hour(`${label}.to`, x.hour + 2, s)}`,
            value: valueText(`${label}.median`, x.v, week.unit, s),
          }) : null;
          const parts = [slot('quietest', week.best_slots[0], 'quietest'), slot('busiest', week.worst_slots[0], 'busiest')].filter((x): x is string => x !== null);
          sentences.push(`${c.fill('week_intro', { checkpoint: checkpointText(row) })}: ${parts.join('; ')}.`);
        } catch (err) {
          if (!isNotFound(err)) throw err;
          refuse(c.fill('no_week', { checkpoint: checkpointText(row) }));
        }
        break;
      }
      let steps: { time: number; avg_cars: number | null; lower_bound: number | null; upper_bound: number | null; wait_min?: number | null }[];
      let asOf = nowIso;
      try {
        const got = await call<typeof steps>(forecast, { ppid: row.ppid, prediction_steps: '168' }, deps, credits);
        steps = got.data;
        const model = (got.meta?.model ?? null) as { generated_at?: string } | null;
        if (model?.generated_at) asOf = model.generated_at;
      } catch (err) {
        if (!isNotFound(err)) throw err;
        refuse(c.fill('no_forecast', { checkpoint: checkpointText(row) }));
        break;
      }
      const zone = row.timezone;
      const today = todayIn(now, zone);
      const s = c.source('forecast', asOf, row.ppid);
      const local = (step: { time: number }) => localParts(step.time, zone);
      const measure = (step: (typeof steps)[number]) => step.avg_cars !== null
        ? { v: step.avg_cars, lo: step.lower_bound, hi: step.upper_bound, unit: 'vehicles' as const }
        : { v: step.wait_min ?? null, lo: step.lower_bound, hi: step.upper_bound, unit: 'minutes' as const };
      const date = when?.date ?? null;
      const hours = when?.hour !== null && when?.hour !== undefined ? [when.hour] : when?.part ? PART_HOURS[when.part] : null;
      let chosen = steps.filter((step) => (date === null || local(step).date === date || (when?.part === 'night' && local(step).date > date && local(step).hour < 6)) &&
        (hours === null || hours.includes(local(step).hour)));
      if (date === null && hours === null) chosen = steps.slice(0, 24);
      chosen = chosen.filter((step) => measure(step).v !== null);
      if (chosen.length === 0) {
        refuse(c.fill('no_forecast', { checkpoint: checkpointText(row) }));
        break;
      }
      const dayText = date === null ? c.fill('as_of', { time: c.instant('forecast.from', new Date(chosen[0]!.time * 1000).toISOString(), zone, today, s) })
        : c.date('forecast.date', date, s);
      const intro = c.fill('forecast_intro', { checkpoint: checkpointText(row), date: dayText });
      if (chosen.length === 1) {
        const m = measure(chosen[0]!);
        const at = local(chosen[0]!);
        const line = c.fill('forecast_at', {
          time: c.hour('forecast.hour', at.hour, s), value: valueText('forecast.value', m.v!, m.unit, s),
          lo: m.lo === null ? '?' : (m.unit === 'minutes' ? c.minutes('forecast.lower_bound', m.lo, s) : c.count('forecast.lower_bound', m.lo, s)),
          hi: m.hi === null ? '?' : (m.unit === 'minutes' ? c.minutes('forecast.upper_bound', m.hi, s) : c.count('forecast.upper_bound', m.hi, s)),
        });
        sentences.push(`${intro}: ${line}.`);
        break;
      }
      const low = chosen.reduce((a, b) => (measure(b).v! < measure(a).v! ? b : a));
      const high = chosen.reduce((a, b) => (measure(b).v! > measure(a).v! ? b : a));
      const ml = measure(low);
      const mh = measure(high);
      if (u.intent === 'best_time' || hours === null) {
        sentences.push(`${intro}: ${c.fill('forecast_low', { time: c.hour('forecast.low.hour', local(low).hour, s), value: valueText('forecast.low', ml.v!, ml.unit, s) })}; ` +
          `${c.fill('forecast_high', { time: c.hour('forecast.high.hour', local(high).hour, s), value: valueText('forecast.high', mh.v!, mh.unit, s) })}.`);
      } else {
        const first = local(chosen[0]!).hour;
        const last = local(chosen[chosen.length - 1]!).hour;
        sentences.push(`${intro}: ${c.fill('forecast_span', {
          from: c.hour('forecast.span.from', first, s), to: c.hour('forecast.span.to', last + 1, s),
          min: valueText('forecast.min', ml.v!, ml.unit, s), max: valueText('forecast.max', mh.v!, mh.unit, s),
        })}.`);
      }
      break;
    }
    case 'alternatives': {
      const row = rowsFor(false)[0];
      if (!row) {
        needCheckpoint();
        break;
      }
      const got = await call<{ wait_min: number | null; alternatives: { ppid: string; name: string; wait_min: number | null; drive_delta_min: number; total_delta_min: number | null }[];
        generated_at: string }>(alternatives, { ppid: row.ppid, lang, limit: '3' }, deps, credits);
      const a = got.data;
      const s = c.source('alternatives', a.generated_at, row.ppid);
      if (a.alternatives.length === 0) {
        sentences.push(`${checkpointText(row)}: ${c.fill('alt_none')}`);
        break;
      }
      const lines = a.alternatives.map((alt, k) => {
        const line = c.fill('alt_line', {
          name: c.name(alt.name), wait: alt.wait_min === null ? '?' : c.minutes(`alternatives.${k}.wait_min`, alt.wait_min, s),
          drive: c.minutes(`alternatives.${k}.drive_delta_min`, alt.drive_delta_min, s),
        });
        if (alt.total_delta_min === null) return line;
        return `${line} (${alt.total_delta_min < 0 ? c.fill('alt_gain', { delta: c.minutes(`alternatives.${k}.total_delta_min`, -alt.total_delta_min, s) })
          : c.fill('alt_loss', { delta: c.minutes(`alternatives.${k}.total_delta_min`, alt.total_delta_min, s) })})`;
      });
      sentences.push(`${c.fill('alt_intro', { checkpoint: checkpointText(row), wait: a.wait_min === null ? '?' : c.minutes('wait_min', a.wait_min, s) })} ${lines.join('; ')}.`);
      break;
    }
    case 'fuel_prices': {
      const held = deps.repos.places.countries();
      const named = e.countries.filter((x) => x !== 'UA' || e.countries.length === 1);
      const neighbour = neighbourAt(dir, e.checkpoint);
      const country = named.find((x) => held.includes(x)) ?? named[0] ?? neighbour;
      if (!country) {
        refuse(c.fill('fuel_need_country', { countries: held.map(countryLabel).join(', ') }));
        break;
      }
      const got = await call<{ country: string; updated: string | null; currency: string | null; prices: Record<string, number>; source: string | null }>(
        fuel, { mode: 'country', country, lang }, deps, credits);
      const f = got.data;
      if (!f.updated || !f.currency || Object.keys(f.prices).length === 0) {
        c.source('fuel', nowIso);
        refuse(c.fill('fuel_none', { country: countryLabel(country) }));
        break;
      }
      const s = c.source('fuel', f.updated);
      const grades = (e.fuel ? [e.fuel] : ['diesel', 'e5', 'lpg']).filter((g) => f.prices[g] !== undefined);
      if (grades.length === 0) {
        refuse(c.fill('fuel_none', { country: countryLabel(country) }));
        break;
      }
      const lines = grades.map((g) => `${templates.fuels[g] ?? g} ${c.price(`price.${g}`, f.prices[g]!, f.currency!, s)}`);
      sentences.push(`${c.fill('fuel_intro', { country: countryLabel(country), date: c.date('updated', f.updated, s, false), source: f.source ? c.identifier('source', f.source, s) : '' })} ${lines.join(', ')}.`);
      break;
    }
    case 'truck_bans': {
      const covered = [...deps.rules.truckBans.keys()].sort();
      let countries = e.countries.filter((x) => x !== 'UA' || e.countries.length === 1);
      if (countries.length === 0 && e.checkpoint) {
        const r = dir.atLocation(e.checkpoint.location_id)[0];
        if (r) countries = [COUNTRY_ISO2[r.origin]!, COUNTRY_ISO2[r.destination]!];
      }
      if (countries.length === 0) {
        refuse(c.fill('bans_need_country', { countries: covered.map(countryLabel).join(', ') }));
        break;
      }
      const got = await call<{ countries: { country_code: string; covered: boolean; date_from: string | null; date_to: string | null }[];
        bans: { country_code: string; date: string; time_from: string; time_until: string; restriction_type: keyof Templates['ban_types']; min_weight_tons: number | null }[];
        active_now: { country_code: string }[] }>(truckBans, { country: countries.join(','), ...(e.when?.date ? { date: e.when.date } : {}) }, deps, credits);
      const b = got.data;
      const s = c.source('truck-bans', nowIso);
      for (const cov of b.countries) {
        const name = countryLabel(cov.country_code);
        if (!cov.covered || !cov.date_from || !cov.date_to) {
          refuse(c.fill('bans_not_covered', { country: name }));
          continue;
        }
        const mine = b.bans.filter((x) => x.country_code === cov.country_code);
        const range = { country: name, from: c.date(`${cov.country_code}.date_from`, cov.date_from, s, false), to: c.date(`${cov.country_code}.date_to`, cov.date_to, s, false) };
        if (mine.length === 0) {
          sentences.push(c.fill('bans_none', range));
          continue;
        }
        const lines = mine.slice(0, 4).map((x, k) => {
          const l = c.fill('ban_line', {
            date: c.date(`${cov.country_code}.bans.${k}.date`, x.date, s, false), from: c.clock(`${cov.country_code}.bans.${k}.time_from`, x.time_from, s),
            to: c.clock(`${cov.country_code}.bans.${k}.time_until`, x.time_until, s), type: templates.ban_types[x.restriction_type],
          });
          return x.min_weight_tons === null ? l : `${l}, ${c.fill('ban_weight', { weight: c.quantity(`${cov.country_code}.bans.${k}.min_weight_tons`, x.min_weight_tons, 't', s) })}`;
        });
        const active = b.active_now.some((x) => x.country_code === cov.country_code) ? ` ${c.fill('bans_active')}` : '';
        sentences.push(`${c.fill('bans_intro', range)} ${lines.join('; ')}.${active}`);
      }
      break;
    }
    case 'trading_sundays': {
      const named = e.countries.filter((x) => x !== 'UA');
      const neighbour = neighbourAt(dir, e.checkpoint);
      const countries = named.length > 0 ? named : neighbour ? [neighbour] : [...deps.rules.tradingSundays.keys()].sort();
      const got = await call<{ countries: { country: string; covered: boolean; regulated: boolean | null; trading_sundays: string[]; next: string | null }[] }>(
        tradingSundays, { country: countries.join(',') }, deps, credits);
      const s = c.source('trading-sundays', nowIso);
      for (const x of got.data.countries) {
        const name = countryLabel(x.country);
        if (!x.covered) refuse(c.fill('sundays_not_covered', { country: name }));
        else if (x.regulated === false) sentences.push(c.fill('sundays_open', { country: name }));
        else if (x.trading_sundays.length === 0) sentences.push(c.fill('sundays_closed', { country: name }));
        else if (e.when?.date) {
          const yes = x.trading_sundays.includes(e.when.date);
          sentences.push(c.fill(yes ? 'sundays_yes' : 'sundays_no', { country: name, date: c.date(`${x.country}.date`, e.when.date, s) }));
          if (!yes && x.next) sentences.push(c.fill('sundays_next', { country: name, date: c.date(`${x.country}.next`, x.next, s) }));
        } else if (x.next) sentences.push(c.fill('sundays_next', { country: name, date: c.date(`${x.country}.next`, x.next, s) }));
      }
      break;
    }
    case 'travel_time': {
      if (!e.place) {
        refuse(c.fill('need_place'));
        break;
      }
      const type = e.vehicle !== null && [4, 6, 7, 8, 9].includes(e.vehicle) ? e.vehicle : 4;
      const got = await call<{ updated_at: string; results: { ppid: string; checkpoint_name: string; drive_minutes: number | null; queue_minutes_at_arrival: number | null;
        total_minutes: number | null }[] }>(travelMatrix, { origin_lat: String(e.place.lat), origin_lon: String(e.place.lon), type: String(type), lang }, deps, credits);
      const m = got.data;
      const s = c.source('travel-matrix', m.updated_at);
      // Fastest first by the total with the queue; where no queue is held, by driving time, saying so.
      let rows = m.results.filter((r) => r.drive_minutes !== null);
      if (e.checkpoint) {
        const there = rows.filter((r) => dir.get(r.ppid)?.location_id === e.checkpoint!.location_id);
        if (there.length > 0) rows = there;
      }
      const full = rows.filter((r) => r.total_minutes !== null && r.queue_minutes_at_arrival !== null);
      rows = (full.length > 0 ? full : [...rows].sort((a, b) => a.drive_minutes! - b.drive_minutes!)).slice(0, 3);
      if (rows.length === 0) {
        refuse(c.fill('unknown'));
        break;
      }
      const lines = rows.map((r, k) => r.total_minutes !== null && r.queue_minutes_at_arrival !== null ? c.fill('travel_line', {
        name: c.name(r.checkpoint_name), total: c.minutes(`results.${k}.total_minutes`, r.total_minutes, s),
        drive: c.minutes(`results.${k}.drive_minutes`, r.drive_minutes!, s), queue: c.minutes(`results.${k}.queue_minutes_at_arrival`, r.queue_minutes_at_arrival, s),
      }) : c.fill('travel_line_noqueue', { name: c.name(r.checkpoint_name), drive: c.minutes(`results.${k}.drive_minutes`, r.drive_minutes!, s) }));
      sentences.push(`${c.fill('travel_intro', { place: c.name(e.place.name), vehicle: templates.vehicles[String(type) as '4'] })} ${lines.join('; ')}.`);
      break;
    }
    case 'road_conditions': {
      const country = e.countries.find((x) => x !== 'UA') ?? (e.countries[0] ?? null);
      const row = e.checkpoint ? dir.atLocation(e.checkpoint.location_id)[0] : undefined;
      const raw: Record<string, unknown> = country ? { country } : row ? { lat: String(row.lat), lng: String(row.lon), radius: '50' } : {};
      const got = await call<{ conditions: { condition_type: string; severity: keyof Templates['severities']; road_name: string | null }[]; total: number }>(
        roadConditions, { ...raw, limit: '3' }, deps, credits);
      const s = c.source('road-conditions', nowIso);
      const where = country ? c.fill('where_country', { country: countryLabel(country) })
        : row ? c.fill('where_near', { name: c.name(dir.name(row.location_id, lang)) }) : c.fill('where_all');
      if (got.data.total === 0) {
        sentences.push(c.fill('road_none', { where }));
        break;
      }
      const lines = got.data.conditions.map((x, k) => c.fill('road_line', {
        type: templates.road_types[x.condition_type] ?? x.condition_type, severity: templates.severities[x.severity],
        road: x.road_name ? c.identifier(`conditions.${k}.road_name`, x.road_name, s) : '',
      }).replace(/,\s*$/, ''));
      sentences.push(`${c.fill('road_intro', { where, count: c.count('total', got.data.total, s) })} ${lines.join('; ')}.`);
      break;
    }
    case 'rules_documents':
      refuse(c.fill('rules'));
      break;
    default:
      intent = 'unknown';
      refuse(c.fill('unknown'));
  }
  if (replay) sentences.push(c.fill('replay_note'));
  for (let k = 0; k < sentences.length; k++) sentences[k] = c.sentence(sentences[k]!);
  const offered = grounded ? [] : suggestions();
  const text = grounded ? sentences.join(' ') : `${sentences.join(' ')} ${c.fill('suggest_intro')} ${offered.join(' / ')}`;
  // Every digit written is a figure's (or part of a name): an answer that broke this is never sent.
  const ungrounded = ungroundedNumbers(text, c.figures, [...c.names, ...offered]);
  if (ungrounded.length > 0) throw new Error(`assistant answer carries numbers without a source: ${ungrounded.join(', ')}`);
  return {
    data: {
      question, lang, detected_lang: u.detectedLang, answer_text: text, intent, grounded,
      entities: e, figures: c.figures, sources: c.sources, suggestions: offered, phrasing: 'template',
    },
    credits: [...credits],
    names: [...c.names],
  };
}
