/**
 * What a question asks: its language, its intent and its entities (the checkpoint, through the same
 * name index as `search`; countries and the direction; vehicle type; day and hour; the town a trip
 * starts from; the fuel). Everything language-specific is in the lexicons (data/assistant/lexicons/);
 * this file only combines what they match.
 */
import { localParts } from '../../engine/local-time.js';
import { neighbourIso } from '../../models/codes.js';
import type { CheckpointRow } from '../../data/directory/directory-repo.js';
import type { NameMatch } from '../../data/directory/name-index.js';
import { skeleton } from '../../data/directory/skeleton.js';
import { lookupCity } from '../../data/geo/gazetteer.js';
import { exactCity } from '../places/city-lookup.js';
import { crossingsAtTown } from '../places/crossings-at-town.js';
import type { AssistantEntities, Intent } from '../../models/assistant.js';
import type { Lang } from '../../models/languages.js';
import { assistantData, type Pattern } from './lexicon.js';
import { detectLanguage, languageDetector } from '../../engine/assistant/language.js';
import { fold, tokenize, findPattern, type Token } from '../../engine/assistant/text.js';
import { parseWhen } from '../../engine/assistant/when.js';
import { findThreshold } from '../../engine/assistant/threshold.js';

/** The directory lookups understanding needs (the `search` product's index among them). */
export interface DirectoryLookup {
  search(query: string): NameMatch[];
  all(): readonly CheckpointRow[];
  get(ppid: string): CheckpointRow | null;
  atLocation(locationId: number): CheckpointRow[];
  name(locationId: number, lang: string): string;
}

export interface Hit {
  pattern: Pattern;
  /** First token. */
  at: number;
  /** Tokens covered. */
  len: number;
  exact: boolean;
}

export interface Understanding {
  detectedLang: Lang | null;
  intent: Intent;
  /** Lexicon score of each intent (for the evaluation and debugging). */
  scores: Partial<Record<Intent, number>>;
  entities: AssistantEntities;
  /** The question asks about the present ("now", "currently"). */
  asksNow: boolean;
  /** The zone the question's day and hours were read in: the crossing named's, else the context's, else Kyiv's. */
  zone: string;
  /** The question asks how long the wait is ("how long will I wait"): answered in minutes where a series of the crossing gives them. */
  asksWait: boolean;
  /** The question asks about the weekend: its date is the weekend's first day still to come (on a Sunday, today). */
  asksWeekend: boolean;
  /** The checkpoint came from the `ppid` parameter, not from the question. */
  checkpointFromContext: boolean;
  /** The `ppid` a client gave as context, when it names a checkpoint. */
  contextPpid: string | null;
}

export const DEFAULT_ZONE = 'Europe/Kyiv';

/** Ties between intents go to the more specific one. */
const PRIORITY: Intent[] = ['alerts', 'truck_bans', 'trading_sundays', 'fuel_prices', 'road_conditions', 'rules_documents', 'travel_time',
  'best_crossing', 'alternatives', 'best_time', 'forecast', 'queue_now'];

const ALERT_SUBJECTS: readonly Intent[] = ['queue_now', 'forecast', 'best_time', 'best_crossing', 'alternatives'];
const THRESHOLD_SLOTS = /^(below|above|unit:)/;
/**
 * Words that only say what a question asks of its answer (the wait): they neither tell the language nor keep a
 * word from being read as a name, so the understanding is what it was without them.
 */
const ASIDE_SLOTS = /^wait$/;

/** Words of the day and the hour (now, today, weekdays, the weekend, parts of the day, the words around an hour). */
const TIME_SLOTS = /^(now|day:|weekday:|weekend|part:|hour_before|hour_after)/;
/** Words that carry what a question is about: a language they belong to is one the question is written in. */
const CONTENT_SLOTS = /^(intent|vehicle|country|fuel):/;

/** Intents whose question, asked "from" a town, is about a trip that starts there (which crossing is fastest from it, how long the drive). */
const TRIP_INTENTS: readonly Intent[] = ['best_crossing', 'travel_time'];

/** Intents that, asked of no crossing in particular but of a border, are asked of every crossing on it. */
const BORDER_WIDE: readonly Intent[] = ['alternatives', 'queue_now', 'forecast'];

/**
 * The intent of the highest score (ties to the more specific). A question that names a crossing is not
 * asking which crossing (`best_crossing`): it takes its next intent, else `alternatives`; one that names
 * none but a border asks about every crossing on it; from a town, the travel matrix ranks them.
 */
function chooseIntent(scores: Partial<Record<Intent, number>>, named: boolean, borderNamed: boolean, fromPlace: boolean): Intent {
  let intent: Intent = 'unknown';
  let bestScore = 0;
  for (const candidate of PRIORITY) {
    const s = scores[candidate] ?? 0;
    if (s > bestScore && !(named && candidate === 'best_crossing')) {
      intent = candidate;
      bestScore = s;
    }
  }
  // An alert is asked about a queue: its words of queues and waits are the alert's subject, not another question.
  if ((scores.alerts ?? 0) > 0 && ALERT_SUBJECTS.includes(intent)) return 'alerts';
  if (named && intent === 'unknown' && (scores.best_crossing ?? 0) > 0) return 'alternatives';
  if (!named && ((scores.best_crossing ?? 0) > 0 || borderNamed) && (intent === 'best_time' ? (scores.best_crossing ?? 0) > 0 : BORDER_WIDE.includes(intent))) intent = 'best_crossing';
  if (intent === 'best_crossing' && fromPlace) intent = 'travel_time';
  return intent;
}

function allHits(tokens: readonly Token[], patterns: readonly Pattern[]): Hit[] {
  const hits: Hit[] = [];
  for (const pattern of patterns) {
    // Typos are forgiven in the words of intents, vehicles, fuels and countries; names from Intl, days, hours
    // and prepositions are matched as written (a month stem must not swallow a place name, `morgen` is not `morgens`).
    // Pedestrians only as written: Russian `переход` (a crossing) is one letter from `пешеход`.
    const fuzzy = !pattern.generated && /^(intent|vehicle|fuel|country):/.test(pattern.slot) && pattern.slot !== 'vehicle:7';
    for (const { at, exact } of findPattern(tokens, pattern.words)) if (exact || fuzzy) hits.push({ pattern, at, len: pattern.words.length, exact });
  }
  return hits;
}


/**
 * Words of a name query: the word itself, then with each inflection ending the lexicons list taken off
 * (`ях`) or replaced (`ях>і`: `Шегинях` -> `Шегині`). The second value is true for a changed word.
 */
function variants(word: string, suffixes: readonly string[], spellings: readonly string[] = []): string[] {
  const respell = (w: string, rule: string) => {
    const [from, to = ''] = rule.split('>') as [string, string?];
    return w.includes(from) ? w.split(from).join(to) : null;
  };
  // The word as written, then respelled by one or two of the spellings that apply to it.
  const spelled = [word];
  const applicable = spellings.filter((r) => word.includes(r.split('>')[0]!));
  for (const a of applicable) {
    const once = respell(word, a)!;
    spelled.push(once);
    for (const b of applicable) if (b !== a) spelled.push(respell(once, b) ?? once);
  }
  const out: string[] = [];
  for (const w of new Set(spelled)) {
    out.push(w);
    for (const s of suffixes) {
      const [end, replacement = ''] = s.split('>') as [string, string?];
      if (w.length - end.length >= 3 && w.endsWith(end)) out.push(w.slice(0, -end.length) + replacement);
    }
  }
  return [...new Set(out)];
}

/** The checkpoint a question names: the best accepted match of the name index over its free words. */
function findCheckpoint(tokens: readonly Token[], taken: ReadonlySet<number>, dir: DirectoryLookup, suffixes: readonly string[], stopwords: ReadonlySet<string>,
  places: ReadonlyMap<string, string>, spellings: readonly string[]) {
  let best: { location_id: number; score: number; words: number; matched: string; from: number; len: number } | null = null;
  for (let start = 0; start < tokens.length; start++) {
    for (let len = Math.min(3, tokens.length - start); len >= 1; len--) {
      const span = tokens.slice(start, start + len);
      if (span.some((t, k) => taken.has(start + k) || (k === 0 && /^\d/.test(t.w)))) continue;
      // A name neither starts nor ends with a stop word or a one- or two-letter word (`Vicovu de Sus` has one inside).
      const edge = (w: string) => stopwords.has(w) || w.length <= 2;
      if (edge(span[0]!.w)) continue;
      if (len > 1 && edge(span[len - 1]!.w)) continue;
      const last = span[len - 1]!.w;
      for (const [v, tail] of variants(last, suffixes, spellings).map((v, k) => [v, k] as const)) {
        const query = [...span.slice(0, -1).map((t) => t.w), v].join(' ');
        const key = skeleton(query);
        if (key.replace(/ /g, '').length < 3) continue;
        const top = dir.search(query)[0];
        if (!top) continue;
        const nameKey = skeleton(top.matched_name);
        const wordStart = nameKey.split(' ').some((w) => w.startsWith(key.split(' ')[0]!)) || nameKey.startsWith(key);
        const accepted = top.score >= 2 ||
          (top.score >= 1.5 && (len > 1 || !stopwords.has(v))) ||
          (top.score >= 1.2 && wordStart && key.length >= (tail > 0 ? 4 : 5)) ||
          (top.score < 1.2 && key.length >= 5 && top.score >= (len > 1 ? 0.75 : 0.66));
        // A town the lexicons know (`Krakowa`) names a checkpoint only as written (`Uzhhorod`), never by likeness.
        if (!accepted || (span.some((t) => places.has(t.w)) && (top.score < 1.5 || tail > 0))) continue;
        const score = Math.min(top.score, 2) + len * 0.3 - (tail > 0 ? 0.1 : 0);
        if (!best || score > best.score) best = { location_id: top.location_id, score, words: len, matched: span.map((t) => t.w).join(' '), from: start, len };
      }
    }
  }
  return best;
}

/**
 * Where no crossing's name is read: a word that names, in any language GeoNames knows, a town a crossing lies
 * at (services/places/crossings-at-town.ts: Hungarian `Csapnál` is at Chop, `Ungváron` at Uzhhorod). One word,
 * of four letters or more, not a stop word, as written or with an inflection ending taken off; the nearest
 * crossing to the town.
 */
function findTownCrossing(tokens: readonly Token[], taken: ReadonlySet<number>, dir: DirectoryLookup, suffixes: readonly string[],
  stopwords: ReadonlySet<string>) {
  for (let at = 0; at < tokens.length; at++) {
    const w = tokens[at]!.w;
    if (taken.has(at) || stopwords.has(w) || w.length < 4 || /^\d/.test(w)) continue;
    for (const v of variants(w, suffixes)) {
      if (v.length < 4) continue;
      const [location_id] = crossingsAtTown(dir, v);
      if (location_id !== undefined) return { location_id, score: 1, words: 1, matched: w, from: at, len: 1 };
    }
  }
  return null;
}

/** A town a trip starts from: the lexicons' place forms, else GeoNames (any of its names; Cyrillic romanised too), after a "from" word. */
function findPlace(tokens: readonly Token[], hits: readonly Hit[], taken: ReadonlySet<number>, suffixes: readonly string[], places: ReadonlyMap<string, string>,
  lang: Lang | null) {
  // "From" words of the question's language only (Lithuanian `iš` folds to English `is`: "is best" is no trip from Best).
  const fromAt = new Set(hits.filter((h) => h.pattern.slot === 'from' && (lang === null || h.pattern.lang === lang)).map((h) => h.at + h.len));
  for (let t = 0; t < tokens.length; t++) {
    if (taken.has(t)) continue;
    for (const len of [2, 1]) {
      if (t + len > tokens.length || [...Array(len).keys()].some((k) => taken.has(t + k))) continue;
      const words = tokens.slice(t, t + len).map((x) => x.w);
      const last = words[len - 1]!;
      for (const v of variants(last, suffixes)) {
        const form = [...words.slice(0, -1), v].join(' ');
        const known = places.get(form);
        if (known) {
          const place = lookupCity(known)[0];
          if (place) return { query: words.join(' '), name: place.name, country: place.country_code, lat: place.lat, lon: place.lon, at: t, len, afterFrom: fromAt.has(t) };
        }
      }
      if (!fromAt.has(t) || /\d/.test(last)) continue;
      for (const v of variants(last, suffixes)) {
        const form = [...words.slice(0, -1), v].join(' ');
        if (form.length < 4) continue;
        // As written first (GeoNames' alternate names: `Lemberg`, `Львова` -> `Львов`), else a Cyrillic form romanised.
        const place = exactCity(form);
        if (place && place.population >= 5000) return { query: words.join(' '), name: place.name, country: place.country_code, lat: place.lat, lon: place.lon, at: t, len, afterFrom: true };
      }
    }
  }
  return null;
}

/**
 * A crossing's name read where a trip starts: right after a "from" word, in a question that asks which crossing
 * is fastest or how long the drive is, and a town of that name is known ("which crossing is fastest from
 * Uzhhorod" starts in the town, not at Uzhhorod-Vyšné Nemecké). Elsewhere ("the queue at Uzhhorod") it is the crossing.
 */
function startsTrip(named: { from: number }, tokens: readonly Token[], hits: readonly Hit[], taken: ReadonlySet<number>, suffixes: readonly string[],
  places: ReadonlyMap<string, string>, lang: Lang | null): boolean {
  if (!hits.some((h) => TRIP_INTENTS.some((i) => h.pattern.slot === `intent:${i}`))) return false;
  const place = findPlace(tokens, hits, taken, suffixes, places, lang);
  return place !== null && place.afterFrom && place.at === named.from;
}

/**
 * The languages a question is written in: the one detected, and those whose words of its subject (intents,
 * vehicles, countries, fuels, as written) it uses, since drivers mix languages (`kolejka на Шегинях jutro`).
 * Every language when none is detected.
 */
function spokenLangs(hits: readonly Hit[], detected: Lang | null): { has(lang: Lang): boolean } {
  if (detected === null) return { has: () => true };
  return new Set<Lang>([detected, ...hits.filter((h) => h.exact && !h.pattern.generated && CONTENT_SLOTS.test(h.pattern.slot)).map((h) => h.pattern.lang)]);
}

export interface UnderstandOptions {
  directory: DirectoryLookup;
  now: Date;
  /** The checkpoint context a client passed (`ppid`). */
  ppid?: string | undefined;
  /** The language names are given in (the answer's). */
  lang?: Lang | undefined;
}

export async function understand(question: string, options: UnderstandOptions): Promise<Understanding> {
  const data = assistantData();
  const folded = fold(question);
  const tokens = tokenize(folded);
  const hits = allHits(tokens, data.patterns);

  // Language: the detector, the alphabet and the lexicon words (each word counted once per language).
  const perLang = new Map<Lang, Set<number>>();
  for (const h of hits) {
    // Short words of thresholds (`az`, `pod`, `alla`) are common words of other languages: they say nothing of the language.
    if (h.pattern.generated || !h.exact || THRESHOLD_SLOTS.test(h.pattern.slot) || ASIDE_SLOTS.test(h.pattern.slot)) continue;
    const set = perLang.get(h.pattern.lang) ?? new Set<number>();
    for (let k = 0; k < h.len; k++) set.add(h.at + k);
    perLang.set(h.pattern.lang, set);
  }
  const detectedLang = detectLanguage(await languageDetector(), question, new Map([...perLang].map(([l, s]) => [l, s.size])));

  const spoken = spokenLangs(hits, detectedLang);
  // A word of the day or hour counts only in a language the question is written in: Hungarian `este` (evening)
  // is Romanian "is" ("Cum este coada"). A foreign one is kept out of the entities, though it still keeps
  // its word from being read as a name.
  const read = hits.filter((h) => !TIME_SLOTS.test(h.pattern.slot) || spoken.has(h.pattern.lang));
  const slotHits = (prefix: string) => read.filter((h) => h.pattern.slot.startsWith(prefix));
  // Words some entity or intent uses are not looked up as names.
  const taken = new Set<number>();
  const number = (t: number) => /^\d{1,2}$/.test(tokens[t]?.w ?? '');
  for (const h of hits) {
    if (ASIDE_SLOTS.test(h.pattern.slot)) continue;
    if (h.pattern.slot.startsWith('month:') && !number(h.at - 1) && !number(h.at + h.len)) continue;
    for (let k = 0; k < h.len; k++) taken.add(h.at + k);
  }

  const dir = options.directory;
  // Endings and spellings are those of the question's language and of the languages whose words it uses
  // (Belarusian а/е would turn Russian words into names; trying every language's endings costs the most).
  const langs = new Set<Lang>([...(detectedLang ? [detectedLang] : []), ...perLang.keys()]);
  const ofLangs = (pick: (l: Lang) => readonly string[]) =>
    [...new Set([...langs].flatMap((l) => pick(l).map((s) => fold(s).replace(/\s+/g, ''))))].sort((a, b) => b.split('>')[0]!.length - a.split('>')[0]!.length);
  const suffixes = ofLangs((l) => data.lexicons.get(l)?.name_suffixes ?? []);
  const spellings = detectedLang ? ofLangs((l) => (l === detectedLang ? data.lexicons.get(l)?.name_spellings ?? [] : [])) : [];
  const cache = new Map<string, NameMatch[]>();
  const cached: DirectoryLookup = { ...dir, search: (q) => cache.get(q) ?? (cache.set(q, dir.search(q)), cache.get(q)!) };
  const named = findCheckpoint(tokens, taken, cached, suffixes, data.stopwords, data.places, spellings) ??
    findTownCrossing(tokens, taken, dir, suffixes, data.stopwords);
  const found = named && startsTrip(named, tokens, hits, taken, suffixes, data.places, detectedLang) ? null : named;
  const nameTokens = new Set<number>();
  if (found) for (let k = 0; k < found.len; k++) nameTokens.add(found.from + k);
  let checkpointFromContext = false;
  let location: number | null = found?.location_id ?? null;
  const context = options.ppid ? dir.get(options.ppid) : null;
  if (location === null && context) {
    location = context.location_id;
    checkpointFromContext = true;
  }
  const here = location === null ? [] : dir.atLocation(location);
  const zone = here[0]?.timezone ?? context?.timezone ?? DEFAULT_ZONE;

  // Countries, in order of mention, not counting words of the checkpoint's name.
  const countryHits = slotHits('country:').filter((h) => ![...Array(h.len).keys()].some((k) => nameTokens.has(h.at + k)))
    .sort((a, b) => a.at - b.at || b.len - a.len);
  const countries: string[] = [];
  for (const h of countryHits) {
    const iso = h.pattern.slot.slice(8);
    if (!countries.includes(iso)) countries.push(iso);
  }

  // Direction: a "to"/"from" word right before a country, or a case ending of the country word.
  let to: string | null = null;
  let from: string | null = null;
  const toEnds = new Set(slotHits('to').map((h) => h.at + h.len));
  const fromEnds = new Set(slotHits('from').map((h) => h.at + h.len));
  for (const h of countryHits) {
    const iso = h.pattern.slot.slice(8);
    const word = tokens[h.at + h.len - 1]!.w;
    const ending = (list: readonly string[]) => list.some((s) => word.length > s.length + 2 && word.endsWith(s));
    if (ending(data.directionSuffixes.with)) continue;
    if (fromEnds.has(h.at) || ending(data.directionSuffixes.from)) from ??= iso;
    else if (toEnds.has(h.at) || ending(data.directionSuffixes.to)) to ??= iso;
  }
  let direction: AssistantEntities['direction'] = null;
  if (from !== null || to !== null) {
    if (from === to) to = null;
    const neighbour = here[0] ? neighbourIso(here[0]) ?? null : null;
    if (from === null) from = to === 'UA' ? neighbour : 'UA';
    if (to === null) to = from === 'UA' ? neighbour : 'UA';
    direction = { from, to };
  }

  // Vehicle: the longest vehicle word (`7.5 t truck` is a light truck, not a truck).
  // Words of the question's own language first (`коли` is "when" in Ukrainian, "cars" in Bulgarian).
  const own = (h: Hit) => (h.pattern.lang === detectedLang ? 0 : 1);
  const vehicleHits = slotHits('vehicle:').sort((a, b) => own(a) - own(b) || a.at - b.at || b.len - a.len);
  const vehicleHit = vehicleHits.find((h) => h.pattern.slot === 'vehicle:8' && own(h) === 0) ?? vehicleHits[0];
  const vehicle = vehicleHit ? Number(vehicleHit.pattern.slot.slice(8)) : (context && !found ? context.crossing_type : null);
  const fuelHit = slotHits('fuel:').sort((a, b) => own(a) - own(b) || a.at - b.at)[0];
  const fuel = fuelHit ? (fuelHit.pattern.slot.slice(5) as AssistantEntities['fuel']) : null;

  const when = parseWhen(question, tokens, read, { now: options.now, zone, lang: detectedLang, nameTokens });
  const asksNow = slotHits('now').length > 0;
  const asksWait = slotHits('wait').length > 0;
  const asksWeekend = slotHits('weekend').length > 0;

  const placeTaken = new Set([...taken, ...nameTokens]);
  for (const h of countryHits) for (let k = 0; k < h.len; k++) placeTaken.add(h.at + k);
  const placeFound = findPlace(tokens, hits, placeTaken, suffixes, data.places, detectedLang);
  const place = placeFound ? { query: placeFound.query, name: placeFound.name, country: placeFound.country, lat: placeFound.lat, lon: placeFound.lon } : null;

  // Intent: the lexicon words (a phrase counts by its length; a typo counts less), then what the entities say.
  const scores: Partial<Record<Intent, number>> = {};
  for (const h of slotHits('intent:')) {
    const intent = h.pattern.slot.slice(7) as Intent;
    scores[intent] = (scores[intent] ?? 0) + h.len * (h.exact ? 1 : 0.8);
  }
  // Overlapping phrases of one intent count once, by the longest.
  for (const intent of Object.keys(scores) as Intent[]) {
    const mine = slotHits(`intent:${intent}`).sort((a, b) => b.len - a.len || Number(b.exact) - Number(a.exact) || own(a) - own(b));
    const used = new Set<number>();
    let total = 0;
    for (const h of mine) {
      if ([...Array(h.len).keys()].some((k) => used.has(h.at + k))) continue;
      for (let k = 0; k < h.len; k++) used.add(h.at + k);
      total += h.len * (h.exact ? 1 : 0.8) * (own(h) === 0 ? 1 : 0.9);
    }
    scores[intent] = total;
  }
  if (fuel) scores.fuel_prices = (scores.fuel_prices ?? 0) + 0.5;
  // A trip's start ("from Lviv") says travel time; a town named otherwise ("the weather in Lviv") does not.
  if (placeFound && (placeFound.afterFrom || (scores.travel_time ?? 0) > 0)) scores.travel_time = (scores.travel_time ?? 0) + 1.5;

  const borderNamed = countries.some((x) => x !== 'UA') || direction !== null;
  let intent = chooseIntent(scores, found !== null, borderNamed, placeFound !== null);
  const future = when !== null && (when.hour !== null || when.part !== null || (when.date !== null && when.date !== todayIn(options.now, zone)));
  if (intent === 'unknown' && location !== null && !checkpointFromContext) intent = future && !asksNow ? 'forecast' : 'queue_now';
  else if (intent === 'unknown' && location !== null && (vehicleHit || asksNow || future)) intent = future && !asksNow ? 'forecast' : 'queue_now';
  if (intent === 'queue_now' && future && !asksNow) intent = 'forecast';
  const threshold = intent === 'alerts' ? findThreshold(tokens, hits, nameTokens) : null;

  const checkpoint = location === null ? null : {
    location_id: location, name: dir.name(location, options.lang ?? detectedLang ?? 'en'), matched: found ? found.matched : null,
  };
  return {
    detectedLang, intent, scores, zone, asksNow, asksWait, asksWeekend, checkpointFromContext, contextPpid: context ? context.ppid : null,
    // An alert's "under 3 hours" is no time of day.
    entities: { checkpoint, countries, direction, vehicle, when: intent === 'alerts' ? null : when, place, fuel, threshold },
  };
}

export function todayIn(now: Date, zone: string): string {
  return localParts(Math.floor(now.getTime() / 1000), zone).date;
}

