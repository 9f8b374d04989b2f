/**
 * Scoring the understanding against an evaluation set (test/fixtures/assistant/<lang>.json): questions
 * as drivers write them, each with the intent and the entities it should yield. Intent accuracy is the
 * share of questions whose intent is right; entity accuracy the share whose entities are all right: the
 * checkpoint always (none expected means none may be found), and each other entity the case lists
 * (`countries` as a set, `when` as day offset from today, hour and part of day, `place` by GeoNames name).
 */
import { z } from 'zod';
import { addDays } from '../../engine/calendar.js';
import { Intent, PARTS_OF_DAY, ASSISTANT_FUELS } from '../../models/assistant.js';
import { LANGUAGES, type Lang } from '../../models/languages.js';
import { DEFAULT_ZONE, todayIn, understand, type DirectoryLookup, type Understanding } from './understand.js';

export const EvalCase = z.object({
  q: z.string().min(1),
  intent: Intent,
  /** Location key of the bundled directory (`medyka-shehyni`); absent = no checkpoint. */
  checkpoint: z.string().nullable().optional(),
  countries: z.array(z.string()).optional(),
  direction: z.object({ from: z.string(), to: z.string() }).nullable().optional(),
  vehicle: z.number().int().min(4).max(9).nullable().optional(),
  when: z.object({ day: z.number().int(), hour: z.number().int().nullable().optional(), part: z.enum(PARTS_OF_DAY).nullable().optional() }).nullable().optional(),
  place: z.string().nullable().optional(),
  fuel: z.enum(ASSISTANT_FUELS).nullable().optional(),
  /** A checkpoint given as context, as the `ppid` parameter. */
  ppid: z.string().optional(),
  note: z.string().optional(),
}).strict();
export type EvalCase = z.infer<typeof EvalCase>;

export const EvalSet = z.object({ lang: z.enum(LANGUAGES), questions: z.array(EvalCase) }).strict();
export type EvalSet = z.infer<typeof EvalSet>;

export interface CaseResult {
  case: EvalCase;
  intentOk: boolean;
  entitiesOk: boolean;
  langOk: boolean;
  /** What differed. */
  errors: string[];
  understood: Understanding;
}

export interface LangScore {
  lang: Lang;
  n: number;
  intent: number;
  entities: number;
  language: number;
  results: CaseResult[];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Scores one case; `keyOf` names a location by its key. */
export function scoreCase(c: EvalCase, u: Understanding, lang: Lang, now: Date, keyOf: (locationId: number) => string | undefined): CaseResult {
  const errors: string[] = [];
  const e = u.entities;
  if (u.intent !== c.intent) errors.push(`intent ${u.intent} != ${c.intent}`);
  const intentOk = errors.length === 0;
  const got = e.checkpoint && !u.checkpointFromContext ? keyOf(e.checkpoint.location_id) ?? `#${e.checkpoint.location_id}` : null;
  if (got !== (c.checkpoint ?? null)) errors.push(`checkpoint ${got} != ${c.checkpoint ?? null}`);
  if (c.countries !== undefined && !sameSet(e.countries, c.countries)) errors.push(`countries ${e.countries} != ${c.countries}`);
  if (c.direction !== undefined && JSON.stringify(e.direction) !== JSON.stringify(c.direction)) errors.push(`direction ${JSON.stringify(e.direction)} != ${JSON.stringify(c.direction)}`);
  if (c.vehicle !== undefined && e.vehicle !== c.vehicle) errors.push(`vehicle ${e.vehicle} != ${c.vehicle}`);
  if (c.fuel !== undefined && e.fuel !== c.fuel) errors.push(`fuel ${e.fuel} != ${c.fuel}`);
  if (c.place !== undefined && (e.place?.name ?? null) !== c.place) errors.push(`place ${e.place?.name ?? null} != ${c.place}`);
  if (c.when !== undefined) {
    const today = todayIn(now, DEFAULT_ZONE);
    const want = c.when === null ? null : { date: addDays(today, c.when.day), hour: c.when.hour ?? null, part: c.when.part ?? null };
    if (JSON.stringify(e.when) !== JSON.stringify(want)) errors.push(`when ${JSON.stringify(e.when)} != ${JSON.stringify(want)}`);
  }
  return { case: c, intentOk, entitiesOk: errors.length === (intentOk ? 0 : 1), langOk: u.detectedLang === lang, errors, understood: u };
}

/** Runs an evaluation set through `understand` and scores it. */
export async function evaluateSet(set: EvalSet, directory: DirectoryLookup, now: Date, keyOf: (locationId: number) => string | undefined): Promise<LangScore> {
  const results: CaseResult[] = [];
  for (const c of set.questions) {
    const u = await understand(c.q, { directory, now, ppid: c.ppid });
    results.push(scoreCase(c, u, set.lang, now, keyOf));
  }
  const share = (f: (r: CaseResult) => boolean) => (results.length === 0 ? 0 : results.filter(f).length / results.length);
  return { lang: set.lang, n: results.length, intent: share((r) => r.intentOk), entities: share((r) => r.entitiesOk), language: share((r) => r.langOk), results };
}

/** Intent and entity accuracy per expected intent. */
export function byIntent(results: readonly CaseResult[]): Map<string, { n: number; intent: number; entities: number }> {
  const out = new Map<string, { n: number; intent: number; entities: number }>();
  for (const r of results) {
    const x = out.get(r.case.intent) ?? { n: 0, intent: 0, entities: 0 };
    x.n++;
    x.intent += Number(r.intentOk);
    x.entities += Number(r.entitiesOk);
    out.set(r.case.intent, x);
  }
  return out;
}

/** Major languages: at least 30 questions each and the 90 % targets. */
export const MAJOR_LANGS: readonly Lang[] = ['uk', 'pl', 'en', 'de', 'ro', 'hu', 'sk', 'ru'];
