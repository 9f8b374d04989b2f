/**
 * The questions an answer offers when it cannot answer: the language's suggestions with a crossing and a
 * country filled in, each one the service can answer. A crossing that could not answer the question asked of
 * its own data, or holds no reading at all, is not offered again (the example crossing is). A question about a
 * country asks for what the service holds of some countries only (fuel prices, truck bans: told by the
 * suggestion's own lexicon words); it names the country the question is about where that is held for it, else
 * the crossing's neighbour, Poland, or any other it is held for: never a country the service holds nothing for
 * (Moldova's fuel prices were offered right after "no fuel prices are held for Moldova").
 */
import type { Intent } from '../../models/assistant.js';
import { findPattern, fold, tokenize } from '../../engine/assistant/text.js';
import { neighbourAt } from './answer-country.js';
import { EXAMPLE_LOCATION, type AnswerContext } from './context.js';
import { assistantData } from './lexicon.js';

/** Intents answered from one crossing's own readings, week or forecast. */
const CHECKPOINT_INTENTS: readonly Intent[] = ['queue_now', 'best_time', 'forecast', 'alternatives'];

type Subject = 'fuel_prices' | 'truck_bans';

/**
 * The countries the service answers each subject for: fuel prices held; truck-ban rules held, not counting
 * those whose restrictions are set road by road (their answer is that they are not held).
 */
function heldFor(ctx: AnswerContext): Record<Subject, Set<string>> {
  const bans = [...ctx.deps.rules.truckBans].filter(([, file]) => file.coverage !== 'road_specific_only').map(([iso]) => iso);
  return { fuel_prices: new Set(ctx.deps.repos.places.countries()), truck_bans: new Set(bans) };
}

/** What a suggestion asks of its country, by its language's words of fuel and of truck bans; every subject when it uses neither. */
function subjectsOf(text: string, ctx: AnswerContext): Subject[] {
  const tokens = tokenize(fold(text.replace(/\{\w+\}/g, ' ')));
  const said = (slot: RegExp) => assistantData().patterns.some((p) => p.lang === ctx.lang && slot.test(p.slot) && findPattern(tokens, p.words).some((m) => m.exact));
  const subjects: Subject[] = [];
  if (said(/^(intent:fuel_prices|fuel:)/)) subjects.push('fuel_prices');
  if (said(/^intent:truck_bans$/)) subjects.push('truck_bans');
  return subjects.length > 0 ? subjects : ['fuel_prices', 'truck_bans'];
}

/** The suggestions of the answer's language, filled in; those about a country no country can fill are left out. */
export function suggestionsFor(ctx: AnswerContext): string[] {
  const { u, lang, templates } = ctx;
  const dir = ctx.deps.repos.directory;
  const e = u.entities;
  const example = dir.atLocation(EXAMPLE_LOCATION).length > 0 ? EXAMPLE_LOCATION : dir.all()[0]?.location_id;
  // A crossing that could not answer a question of its own queue or week, or that holds no reading at all, is not
  // offered again (Chop with too little history was offered "When is the best time to cross at Chop?"): the example is.
  const withData = ctx.deps.repos.observations.ppidsWithData();
  const lacking = e.checkpoint !== null && (CHECKPOINT_INTENTS.includes(u.intent) || !dir.atLocation(e.checkpoint.location_id).some((r) => withData.has(r.ppid)));
  const location = (lacking ? undefined : e.checkpoint?.location_id) ?? example;
  const name = location === undefined ? '' : dir.name(location, lang);
  // The country the question is about first: named, else across the border at the crossing named (Porubne: Romania).
  const held = heldFor(ctx);
  const candidates = [...e.countries.filter((x) => x !== 'UA'), neighbourAt(ctx), 'PL', ...held.fuel_prices, ...held.truck_bans]
    .filter((x): x is string => x !== undefined);
  const out: string[] = [];
  for (const s of templates.suggestions) {
    const filled = s.replace(/\{name\}/g, name);
    if (!filled.includes('{country}')) {
      out.push(filled);
      continue;
    }
    const subjects = subjectsOf(s, ctx);
    const country = candidates.find((iso) => subjects.every((x) => held[x].has(iso)));
    if (country) out.push(filled.replace(/\{country\}/g, ctx.countryLabel(country)));
  }
  return out;
}
