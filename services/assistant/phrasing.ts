/**
 * The optional language-model back end of the assistant: phrasing only. Off unless
 * `BDDS_ASSISTANT_LLM_URL` names an OpenAI-compatible server (a local one: `/chat/completions`). It is
 * given the grounded answer and its figures, never the data itself, and may only say the same thing in
 * other words: a rephrasing carrying a number that is not one of the figures (or a name the answer
 * wrote), or empty, or too long, is refused and the template answer stands. A server that fails or is
 * slower than its time budget changes nothing either.
 */
import type { AssistantOutput } from '../../models/assistant.js';
import { ungroundedNumbers } from '../../engine/assistant/compose.js';

export interface PhrasingConfig {
  /** Base URL of an OpenAI-compatible API (`http://127.0.0.1:8081/v1`). */
  url: string;
  model: string;
  /** Time budget of one rephrasing (ms). */
  timeoutMs?: number;
}

export type Phrased = { text: string; by: 'model' } | { text: null; by: 'template'; why: string };

const MAX_CHARS = 2_000;
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

function prompt(answer: AssistantOutput): { role: 'system' | 'user'; content: string }[] {
  const language = languageNames.of(answer.lang) ?? answer.lang;
  return [
    {
      role: 'system',
      content: `You rephrase answers of a border-crossing information service for drivers, in ${language}. ` +
        'Say the same facts in natural, short sentences. Use only the facts given. Write every number, time, date and price ' +
        'exactly as it appears in the figures list; add no other number. Reply with the rephrased answer only.',
    },
    {
      role: 'user',
      content: JSON.stringify({ question: answer.question, answer: answer.answer_text, figures: answer.figures.map((f) => f.text) }),
    },
  ];
}

/** Rephrases a grounded answer, or says why the template answer stands. Never throws. */
export async function rephrase(config: PhrasingConfig, answer: AssistantOutput, names: readonly string[]): Promise<Phrased> {
  if (!answer.grounded) return { text: null, by: 'template', why: 'not grounded' };
  let text: string;
  try {
    const res = await fetch(`${config.url.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: config.model, temperature: 0.2, messages: prompt(answer) }),
      signal: AbortSignal.timeout(config.timeoutMs ?? 3_000),
    });
    if (!res.ok) return { text: null, by: 'template', why: `model server answered ${res.status}` };
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return { text: null, by: 'template', why: 'no text in the model server answer' };
    text = content.trim();
  } catch (err) {
    return { text: null, by: 'template', why: `model server unreachable: ${(err as Error).name}` };
  }
  if (text.length === 0 || text.length > MAX_CHARS) return { text: null, by: 'template', why: 'empty or too long' };
  const ungrounded = ungroundedNumbers(text, answer.figures, names);
  if (ungrounded.length > 0) return { text: null, by: 'template', why: `numbers not in the figures: ${ungrounded.join(', ')}` };
  return { text, by: 'model' };
}
