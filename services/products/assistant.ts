/** `assistant`: a grounded answer to a driver's question, in the question's language or `lang`. */
import { rephrase } from '../assistant/phrasing.js';
import { AssistantInput, AssistantOutput } from '../../models/assistant.js';
import { answer } from '../assistant/answer.js';
import { assistantData } from '../assistant/lexicon.js';
import { understand } from '../assistant/understand.js';
import { checkpointOr404, liveVersion, nextHourMs } from '../live/checkpoint-live.js';
import type { OperationDeps } from '../deps.js';
import { defineOperation } from '../operation.js';

/** Whether the answer read the data of the `ppid` given as context, and if not, why. */
function contextUse(deps: OperationDeps, ppid: string, answered: AssistantOutput) {
  if (answered.sources.some((s) => s.ppid === ppid)) return { ppid, used: true, reason: null };
  const given = deps.repos.directory.get(ppid)!;
  const named = answered.entities.checkpoint;
  const reason = named && named.location_id !== given.location_id ? `The question names another crossing (${named.name}); the answer is about it.`
    : `The answer reads none of ${ppid}'s data.`;
  return { ppid, used: false, reason };
}

export const assistant = defineOperation({
  name: 'assistant',
  slug: 'assistant',
  summary: 'A grounded answer to a border-crossing question, in 24 languages',
  description: 'Understands the question (any of the 24 languages, typos, no diacritics, transliteration, mixed languages: ' +
    'per-language lexicons, the `search` name index for checkpoints, eld for the language, chrono-node and the lexicons for days ' +
    'and hours) and answers it with the products themselves: queue now (both directions unless one is asked), best time ' +
    '(typical week, or the forecast of a day), forecast for a day or hour, alternatives, which crossing on a border (every ' +
    'crossing ranked by `border` now, or by `forecast` for the hours asked), national fuel prices, truck bans, trading Sundays, ' +
    'travel time from a town (travel matrix), road conditions, and how to create an alert (the request to send; none is created). ' +
    'Every answer states the date of what it read and, past the product\'s limit, that it is the latest known and how old; before ' +
    'the day\'s models are fitted, the typical week or the latest reading, saying the forecast is not ready yet. `intent` and `entities` say what was ' +
    'understood. Every number in `answer_text` is one of `figures` (value, unit, the text written, and its source), and ' +
    '`sources` name the product, ppid and the instant the data is of. A question the data cannot answer (rules, documents, ' +
    'anything else) gets `grounded: false`, an answer that says so and `suggestions`. The answer is in `lang` (default en, ' +
    'as the interface says); `detected_lang` says what the question is written in. `ppid` gives context ("how long now?"); a ' +
    'crossing the question names wins over it, and `context` says whether the answer read the `ppid` given and, if not, why. ' +
    'Quota class `standard`, one unit a call, as the contract puts it: the products it reads are run inside the answer and not charged again.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['dpsu'],
  input: AssistantInput,
  output: AssistantOutput,
  cacheTtlMs: 60_000,
  // Answers quote live readings and forecasts of the current hour.
  cacheUntilMs: (_input, deps) => nextHourMs(deps),
  dataVersion: (_input, deps) => `${liveVersion(deps)}|${deps.versions.dataset('places')}|${deps.versions.dataset('road')}`,
  errors: ['not_found'],
  selfCheck: (deps) => ({ q: 'How long is the queue now?', ppid: deps.repos.directory.all()[0]?.ppid ?? 'id_0', lang: 'en' }),
  async handler(input, deps) {
    if (input.ppid !== undefined) checkpointOr404(deps, input.ppid);
    const data = assistantData();
    // The interface: `lang` is the answer language, default en (the question's own language is `detected_lang`);
    // the checkpoint understood is named in it.
    const lang = input.lang.lang;
    const understood = await understand(input.q, { directory: deps.repos.directory, now: deps.now(), ppid: input.ppid, lang });
    const result = await answer(input.q, understood, lang, data.templates.get(lang)!, deps);
    const llm = deps.settings.assistantLlm;
    if (llm) {
      const phrased = await rephrase(llm, result.data, result.names);
      if (phrased.text !== null) result.data = { ...result.data, answer_text: phrased.text, phrasing: 'model' };
      else if (result.data.grounded) deps.log.warn({ why: phrased.why }, 'assistant: the model\'s phrasing was not used');
    }
    const context = input.ppid === undefined ? {} : { context: contextUse(deps, input.ppid, result.data) };
    return {
      data: { ...result.data, ...context },
      credits: result.credits,
    };
  },
});
