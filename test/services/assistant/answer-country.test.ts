/**
 * The assistant's truck bans, from the `truck-bans` product itself: a question about another day than today
 * ("on 25 December") is answered of that day and says nothing of whether a ban is in force right now (today's
 * state); a question about today, or about no day, still says it.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Lang } from '../../../models/languages.js';
import { assistantData } from '../../../services/assistant/lexicon.js';
import { askAssistant } from '../../helpers/ask.js';
import { sharedAppWithKey, type appWithKey } from '../../helpers/deps.js';

type Built = Awaited<ReturnType<typeof appWithKey>>;
const shared = sharedAppWithKey({ seed: { history: true } });
interface Answer { intent: string; grounded: boolean; answer_text: string; figures: { label: string; value: number | string }[]; entities: { when: { date: string } | null } }

const inForce = (lang: Lang) => assistantData().templates.get(lang)!.text.bans_active;

describe('assistant: truck bans of a day', () => {
  const app = shared.use();
  let built: Built;
  const ask = (q: string, lang: string) => askAssistant<Answer>(built, q, lang);

  before(async () => {
    built = await app();
  });

  it('a day other than today is answered of that day, without today\'s "in force right now"', async () => {
    // Today (Sunday 22 November, late morning in Germany) Germany's Sunday ban is in force: the state the answer must not carry over.
    const today = (await built.get('truck-bans?country=DE')).body.data as { active_now: { country_code: string }[] };
    assert.ok(today.active_now.some((x) => x.country_code === 'DE'), 'a ban is in force in Germany now');
    const christmas = (await built.get('truck-bans?country=DE&date=2026-12-25')).body.data as { bans: { date: string }[] };
    assert.ok(christmas.bans.some((b) => b.date === '2026-12-25'), 'Germany bans trucks on 25 December');
    for (const [q, lang] of [['truck ban in Germany on 25 December', 'en'], ['Is there a truck ban in Germany on 25.12?', 'en'],
      ['zakaz ruchu ciężarówek w Niemczech 25 grudnia', 'pl'], ['заборона руху вантажівок у Німеччині 25 грудня', 'uk']] as const) {
      const d = await ask(q, lang);
      assert.equal(d.intent, 'truck_bans', q);
      assert.equal(d.entities.when?.date, '2026-12-25', q);
      assert.ok(d.figures.some((f) => f.label === 'DE.bans.0.date' && f.value === '2026-12-25'), `${q}: ${d.answer_text}`);
      assert.ok(!d.answer_text.includes(inForce(lang)), `${q}: ${d.answer_text}`);
    }
  });

  it('today, or no day named, still says that a ban is in force right now', async () => {
    for (const q of ['truck ban in Germany today', 'truck ban in Germany']) {
      const d = await ask(q, 'en');
      assert.equal(d.intent, 'truck_bans', q);
      assert.ok(d.answer_text.includes(inForce('en')), `${q}: ${d.answer_text}`);
    }
  });

  it('reads "next Sunday" asked on a Sunday as a week ahead, "on Sunday" as today; an overnight ban names the day it ends', async () => {
    // The test clock is Sunday 22 November 2026.
    assert.equal((await ask('Are there truck bans in Germany next Sunday?', 'en')).entities.when?.date, '2026-11-29');
    assert.equal((await ask('Gibt es nächsten Sonntag ein Lkw-Fahrverbot in Deutschland?', 'de')).entities.when?.date, '2026-11-29');
    assert.equal((await ask('Are there truck bans in Germany on Sunday?', 'en')).entities.when?.date, '2026-11-22');
    // Hungary's weekend ban runs from Saturday 22:00 to Sunday 22:00: never "22:00–22:00" on one day.
    const hu = await ask('Are there truck bans in Hungary on Saturday?', 'en');
    assert.doesNotMatch(hu.answer_text, /22:00–22:00/, hu.answer_text);
    assert.match(hu.answer_text, /22:00–Sun, Nov 29 22:00|22:00–[^;]*29[^;]*22:00/, hu.answer_text);
  });
});
