/**
 * What the assistant offers to ask when it cannot answer: questions it can answer. A crossing that could not
 * answer the question asked of its own data, or holds no reading at all, is not offered again (the example
 * crossing is), and the country offered is the one the question is about (across the border at a crossing).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { askAssistant } from '../../helpers/ask.js';
import { sharedAppWithKey, type appWithKey } from '../../helpers/deps.js';

type Built = Awaited<ReturnType<typeof appWithKey>>;
interface Answer { intent: string; grounded: boolean; answer_text: string; suggestions: string[] }
const shared = sharedAppWithKey({ seed: { history: true, models: true } });

describe('assistant: what it suggests when it cannot answer', () => {
  const app = shared.use();
  let built: Built;
  before(async () => {
    built = await app();
  });

  it('offers the example crossing, not the one that could not answer, and the country across the border there', async () => {
    const chop = await askAssistant<Answer>(built, 'When is the best time to cross at Chop?', 'en');
    assert.equal(chop.grounded, false, chop.answer_text);
    assert.ok(chop.suggestions.length >= 3);
    assert.ok(chop.suggestions.every((s) => !/Chop/.test(s)), chop.suggestions.join(' / '));
    assert.ok(chop.suggestions.some((s) => /Medyka/.test(s)), chop.suggestions.join(' / '));
    assert.ok(chop.suggestions.some((s) => /Hungary/.test(s)), `the country across the border at Chop: ${chop.suggestions.join(' / ')}`);
  });
});
