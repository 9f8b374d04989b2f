/**
 * `assistant` (contract section 3): the question in, a grounded answer out. Also the shapes of the
 * assistant's data files (lexicons and answer templates per language, data/assistant/), validated when
 * they are loaded.
 */
import { z } from 'zod';
import { LANGUAGES } from './languages.js';
import { lang, ppid, text } from './query.js';

export const INTENTS = [
  'queue_now', 'best_time', 'forecast', 'alternatives', 'best_crossing', 'fuel_prices', 'truck_bans', 'trading_sundays', 'travel_time',
  'rules_documents', 'road_conditions', 'alerts', 'unknown',
] as const;
export const Intent = z.enum(INTENTS);
export type Intent = z.infer<typeof Intent>;

/** The intents the lexicons carry words for (`unknown` is what is left when none matches). */
export const LEXICON_INTENTS = INTENTS.filter((i) => i !== 'unknown') as Exclude<Intent, 'unknown'>[];

export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening', 'night'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

export const ASSISTANT_FUELS = ['diesel', 'e5', 'e10', 'lpg'] as const;

/** A threshold an alert question states ("drops under 3 hours": wait_min below 180). */
export const AssistantThreshold = z.object({
  metric: z.enum(['wait_min', 'queue']),
  op: z.enum(['below', 'above']),
  /** Minutes for `wait_min`, vehicles for `queue`. */
  value: z.number(),
});
export type AssistantThreshold = z.infer<typeof AssistantThreshold>;

export const AssistantInput = z.object({
  q: text(500).describe('the question, plain text, in any of the 24 languages'),
  lang: lang().describe('answer language (default en)'),
  ppid: ppid().optional().describe('optional checkpoint context ("how long now?")'),
});
export type AssistantInput = z.infer<typeof AssistantInput>;

export const AssistantWhen = z.object({
  /** Local date `YYYY-MM-DD` (the checkpoint's zone, else Kyiv). */
  date: z.string().nullable(),
  hour: z.number().int().nullable(),
  part: z.enum(PARTS_OF_DAY).nullable(),
});
export type AssistantWhen = z.infer<typeof AssistantWhen>;

export const AssistantEntities = z.object({
  /** The crossing named (or given as `ppid`): its location, its name in the answer's language and the words that named it. */
  checkpoint: z.object({ location_id: z.number().int(), name: z.string(), matched: z.string().nullable() }).nullable(),
  /** ISO-2 codes of the countries named, in order of mention. */
  countries: z.array(z.string()),
  /** The direction stated (ISO-2 of the side left and the side entered), when one is. */
  direction: z.object({ from: z.string().nullable(), to: z.string().nullable() }).nullable(),
  vehicle: z.number().int().nullable(),
  when: AssistantWhen.nullable(),
  /** A place a trip starts from (GeoNames). */
  place: z.object({ query: z.string(), name: z.string(), country: z.string(), lat: z.number(), lon: z.number() }).nullable(),
  fuel: z.enum(ASSISTANT_FUELS).nullable(),
  /** The threshold an alert question states, when it states one. */
  threshold: AssistantThreshold.nullable(),
});
export type AssistantEntities = z.infer<typeof AssistantEntities>;

export const AssistantSource = z.object({
  product: z.string(),
  ppid: z.string().optional(),
  /** The instant the data shown is of (the reading, the week's computation, the price's date, the question's time). */
  as_of: z.string(),
});
export type AssistantSource = z.infer<typeof AssistantSource>;

export const AssistantFigure = z.object({
  /** What the figure is (`wait_min`, `queue_now`, `price.diesel`, `updated_at` ...). */
  label: z.string(),
  /** The value as the source gives it (a number, or an instant, date or identifier). */
  value: z.union([z.number(), z.string()]),
  unit: z.string().nullable(),
  /** Exactly as it is written in `answer_text`. */
  text: z.string(),
  /** Index into `sources`. */
  source: z.number().int(),
});
export type AssistantFigure = z.infer<typeof AssistantFigure>;

export const AssistantOutput = z.object({
  question: z.string(),
  lang: z.string(),
  /** The language the question was detected in (null when no text evidence). */
  detected_lang: z.string().nullable(),
  answer_text: z.string(),
  intent: Intent,
  /** False when the answer says it cannot answer from the data held. */
  grounded: z.boolean(),
  entities: AssistantEntities,
  figures: z.array(AssistantFigure),
  sources: z.array(AssistantSource),
  /** Questions this service can answer, in the answer's language (offered when it could not answer). */
  suggestions: z.array(z.string()),
  /** Who worded `answer_text`: the templates, or the optional language model (checked against `figures`). */
  phrasing: z.enum(['template', 'model']),
  /**
   * The `ppid` given as context, and whether the answer read its data (one of `sources`): not when the question
   * names another crossing (the question wins; `entities.checkpoint` is the one named) or asks what the
   * checkpoint's data does not answer (fuel prices, rules). Absent without `ppid`.
   */
  context: z.object({ ppid: z.string(), used: z.boolean(), reason: z.string().nullable() }).optional(),
});
export type AssistantOutput = z.infer<typeof AssistantOutput>;

// ---------------------------------------------------------------------------------------------------
// Data files. A lexicon pattern is one or more words, matched against the folded question (lower case,
// no diacritics); a word ending in `*` is a stem (matches any word it begins), otherwise the whole word.

const Patterns = z.array(z.string().min(1)).default([]);
const LangCode = z.enum(LANGUAGES);

export const Lexicon = z.object({
  lang: LangCode,
  intents: z.object(Object.fromEntries(LEXICON_INTENTS.map((i) => [i, Patterns])) as Record<Exclude<Intent, 'unknown'>, typeof Patterns>),
  /** Vehicle types 4-9. */
  vehicles: z.partialRecord(z.enum(['4', '5', '6', '7', '8', '9']), Patterns).default({}),
  /** ISO-2 -> words naming the country (inflected forms, adjectives); Intl's names are added at load. */
  countries: z.record(z.string().regex(/^[A-Z]{2}$/), Patterns).default({}),
  /**
   * Words before a country that make it the destination / the origin; endings of the country word that do
   * (Hungarian `-ba`/`-ból`), and endings that make it neither (`кордон з Польщею`: the border with it).
   */
  direction: z.object({ to: Patterns, from: Patterns, to_suffixes: Patterns, from_suffixes: Patterns, with_suffixes: Patterns }).partial().default({}),
  when: z.object({
    now: Patterns,
    today: Patterns,
    tomorrow: Patterns,
    day_after_tomorrow: Patterns,
    weekend: Patterns,
    /** Monday first. */
    weekdays: z.array(Patterns).length(7).optional(),
    parts: z.object({ morning: Patterns, afternoon: Patterns, evening: Patterns, night: Patterns }).partial().default({}),
    /** Words right before an hour (`at 8`, `o 8`, `um 8`). */
    hour_before: Patterns,
    /** Words right after an hour (`8 uhr`, `8 ora`); `h` and `:MM` are understood everywhere. */
    hour_after: Patterns,
  }).partial().default({}),
  fuels: z.partialRecord(z.enum(ASSISTANT_FUELS), Patterns).default({}),
  /** Words of an alert's threshold: "under"/"over" before the number, the units of hours and minutes after it. */
  thresholds: z.object({ below: Patterns, above: Patterns, hours: Patterns, minutes: Patterns }).partial().default({}),
  /**
   * Words that ask how long the wait is (`how long`, `wait*`, `czeka*`): such a question is answered from a
   * series that gives the wait in minutes where the crossing holds one, not from a count of vehicles.
   */
  wait: Patterns,
  /** Words that are never a checkpoint name on their own (`велика`, `bila`, `mali`). */
  stopwords: Patterns,
  /** Inflection endings taken off a word (`ях`) or replaced (`ях>і`) before it is looked up as a checkpoint or place name. */
  name_suffixes: Patterns,
  /** How the language spells sounds of names, to try in a name (`sch>sh`: `Schehyni` -> `Shehyni`). */
  name_spellings: Patterns,
  /** Inflected or local forms of places -> the name GeoNames knows (`львова` -> `Lviv`). */
  places: z.record(z.string(), z.string()).default({}),
}).strict();
export type Lexicon = z.infer<typeof Lexicon>;

/** Template text carries no digits: every number in an answer comes in through a figure. */
const T = z.string().min(1).refine((s) => !/\p{Nd}/u.test(s), { message: 'a template must not contain digits' });

export const TEMPLATE_KEYS = [
  'checkpoint', 'queue', 'wait', 'as_of', 'no_reading', 'replay_note',
  'week_intro', 'quietest', 'busiest', 'vehicles_value', 'no_week',
  'forecast_intro', 'forecast_at', 'forecast_at_plain', 'forecast_span', 'forecast_span_vehicles', 'forecast_low', 'forecast_high', 'no_forecast',
  'wait_direction', 'count_not_wait',
  'alt_intro', 'alt_line', 'alt_gain', 'alt_loss', 'alt_none',
  'fuel_intro', 'fuel_none', 'fuel_need_country',
  'bans_intro', 'ban_line', 'ban_weight', 'bans_none', 'bans_not_covered', 'bans_active',
  'bans_need_country',
  'sundays_next', 'sundays_yes', 'sundays_no', 'sundays_closed', 'sundays_open', 'sundays_not_covered',
  'travel_intro', 'travel_line', 'travel_line_noqueue', 'travel_more', 'need_place',
  'road_intro', 'road_line', 'road_none', 'where_country', 'where_near', 'where_all',
  'rules', 'unknown', 'need_checkpoint', 'suggest_intro',
  'latest_known', 'border_intro', 'border_intro_latest', 'border_forecast_intro', 'border_typical_intro', 'border_none',
  'not_ready', 'typical_instead', 'reading_instead', 'travel_intro_latest',
  'alert_howto', 'alert_below', 'alert_above', 'alert_change', 'metric_wait', 'metric_queue', 'alert_reply',
  'border_wait_intro', 'border_wait_intro_latest', 'border_queue_only', 'border_unread_count', 'border_unforecast_count',
  'price_legal_maximum', 'price_station_mean',
  'no_data', 'alt_line_arrival', 'alt_intro_nowait', 'alt_line_nowait', 'bans_road_specific', 'bans_intro_day', 'bans_none_day',
  'forecast_no_skill', 'bans_not_encoded',
] as const;

export const Templates = z.object({
  lang: LangCode,
  text: z.object(Object.fromEntries(TEMPLATE_KEYS.map((k) => [k, T])) as Record<(typeof TEMPLATE_KEYS)[number], typeof T>).strict(),
  vehicles: z.object({ 4: T, 5: T, 6: T, 7: T, 8: T, 9: T }),
  fuels: z.record(z.string(), T),
  ban_types: z.object({ sunday: T, holiday: T, seasonal: T, night: T, weekend: T, local: T }),
  road_types: z.record(z.string(), T),
  severities: z.object({ low: T, moderate: T, major: T, critical: T }),
  /** Questions offered when one cannot be answered; `{name}` is a checkpoint, `{country}` a country. */
  suggestions: z.array(T).min(3),
}).strict();
export type Templates = z.infer<typeof Templates>;
