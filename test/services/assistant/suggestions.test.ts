/**
 * What the assistant offers to ask when it cannot answer: questions it can answer. A crossing that could not
 * answer the question asked of its own data, or holds no reading at all, is not offered again (the example
 * crossing is), and the country offered is the one the question is about (across the border at a crossing)
 * where the service holds what the suggestion asks of it, else another it does hold it for.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { countryName } from '../../../models/codes.js';
import { LANGUAGES } from '../../../models/languages.js';
import { assistantData } from '../../../services/assistant/lexicon.js';
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

  it('says the service holds no fuel price for a country, and offers no question about a country it holds nothing for', async () => {
    const held = (await built.get('fuel?mode=country&country=MD')).body.data as { updated: string | null };
    assert.equal(held.updated, null, 'no fuel price is held for Moldova');
    const ro = await askAssistant<Answer>(built, 'Cât costă motorina în Moldova?', 'ro');
    assert.equal(ro.grounded, false);
    assert.ok(ro.answer_text.startsWith(assistantData().templates.get('ro')!.text.fuel_none.replace('{country}', countryName('MD', 'ro'))), ro.answer_text);
    for (const lang of LANGUAGES) {
      const d = await askAssistant<Answer>(built, 'diesel price in Moldova', lang);
      assert.equal(d.grounded, false, lang);
      assert.ok(d.suggestions.length >= 3, lang);
      assert.ok(d.suggestions.every((s) => !s.includes(countryName('MD', lang))), `${lang}: ${d.suggestions.join(' / ')}`);
      // The country is still offered: one the service holds fuel prices and truck bans for.
      assert.equal(d.suggestions.length, assistantData().templates.get(lang)!.suggestions.length, `${lang}: ${d.suggestions.join(' / ')}`);
    }
  });
});
