/**
 * The evaluation set (test/fixtures/assistant/): questions as drivers write them in every language, each
 * with its expected intent and entities. The major languages (uk, pl, en, de, ro, hu, sk, ru) hold at least
 * 30 questions each and must reach 90 % intent and 90 % entity accuracy; every other language holds at
 * least 5. The held-out part (`held-out/`, never tuned on) must reach 97 % intent accuracy. Both parts hold
 * border-wide, time-of-day and alert questions in every language. `npx tsx bench/assistant-eval.ts
 * --verbose` prints the tables and every miss.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluateSet, MAJOR_LANGS, type LangScore } from '../../../services/assistant/evaluate.js';
import { LANGUAGES } from '../../../models/languages.js';
import { bundledDirectory, evalSets } from '../../helpers/assistant-eval.js';
import { FIXED_NOW } from '../../helpers/constants.js';

describe('assistant evaluation set', () => {
  const scores = new Map<string, LangScore>();
  const sets = evalSets();
  const heldOut = evalSets('held-out');
  const bundled = bundledDirectory();

  before(async () => {
    for (const set of sets) scores.set(set.lang, await evaluateSet(set, bundled.directory, new Date(FIXED_NOW), bundled.keyOf));
  });
  after(() => bundled.close());

  it('covers all 24 languages: 30+ questions in each major language, 5+ in every other', () => {
    assert.deepEqual(sets.map((s) => s.lang).sort(), [...LANGUAGES].sort());
    for (const set of sets) assert.ok(set.questions.length >= (MAJOR_LANGS.includes(set.lang) ? 30 : 5), `${set.lang}: ${set.questions.length} questions`);
  });

  for (const lang of MAJOR_LANGS) {
    it(`${lang}: intent and entity accuracy of at least 90 %`, () => {
      const s = scores.get(lang)!;
      const misses = s.results.filter((r) => r.errors.length > 0).map((r) => `${r.case.q}: ${r.errors.join('; ')}`);
      assert.ok(s.intent >= 0.9, `${lang} intent ${(s.intent * 100).toFixed(1)} %\n${misses.join('\n')}`);
      assert.ok(s.entities >= 0.9, `${lang} entities ${(s.entities * 100).toFixed(1)} %\n${misses.join('\n')}`);
    });
  }

  it('holds border-wide, time-of-day and alert questions in every language (5+ in each major language)', () => {
    const asked = (intent: string, c: { intent: string; when?: { part?: string | null; hour?: number | null } | null }) => c.intent === intent;
    for (const set of sets) {
      const held = heldOut.find((h) => h.lang === set.lang)!;
      const all = [...set.questions, ...held.questions];
      const borderWide = all.filter((c) => asked('best_crossing', c)).length;
      const timeOfDay = all.filter((c) => c.when && (c.when.part || c.when.hour !== undefined && c.when.hour !== null)).length;
      const min = MAJOR_LANGS.includes(set.lang) ? 5 : 2;
      assert.ok(borderWide >= min && timeOfDay >= min, `${set.lang}: ${borderWide} border-wide, ${timeOfDay} time of day`);
      assert.ok(all.some((c) => asked('alerts', c)), `${set.lang}: an alert question`);
    }
  });

  it('held-out part: every language, intent of at least 97 % over it', async () => {
    assert.deepEqual(heldOut.map((s) => s.lang).sort(), [...LANGUAGES].sort());
    const results = [];
    for (const set of heldOut) results.push(...(await evaluateSet(set, bundled.directory, new Date(FIXED_NOW), bundled.keyOf)).results);
    const share = results.filter((r) => r.intentOk).length / results.length;
    const misses = results.filter((r) => !r.intentOk).map((r) => `${r.case.q}: ${r.errors.join('; ')}`);
    assert.ok(share >= 0.97, `${(share * 100).toFixed(1)} %\n${misses.join('\n')}`);
  });

  it('understands the other languages too (intent of at least 80 % over them all)', () => {
    const minor = [...scores.values()].filter((s) => !MAJOR_LANGS.includes(s.lang)).flatMap((s) => s.results);
    const share = minor.filter((r) => r.intentOk).length / minor.length;
    assert.ok(share >= 0.8, `${(share * 100).toFixed(1)} %`);
  });
});
