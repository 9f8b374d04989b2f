/**
 * The assistant's truck bans of a country whose restrictions are set road by road (`truck-bans` coverage
 * `road_specific_only`: Croatia, Romania): never "no truck ban", but the product's caveat, in every language.
 * One day is said as one day (a weekend asked on a Sunday is today), never as a range from a day to itself,
 * and a date ending in a point ends its sentence with one point. A weekend asked before it is its two days.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { countryName } from '../../../models/codes.js';
import { LANGUAGES, type Lang } from '../../../models/languages.js';
import { daysAsked } from '../../../services/assistant/answer-truck-bans.js';
import { assistantData } from '../../../services/assistant/lexicon.js';
import { askAssistant } from '../../helpers/ask.js';
import { sharedAppWithKey, type appWithKey } from '../../helpers/deps.js';

type Built = Awaited<ReturnType<typeof appWithKey>>;
const shared = sharedAppWithKey({ seed: { history: true } });
interface Answer { intent: string; grounded: boolean; answer_text: string; figures: { label: string; value: number | string; unit: string | null; text: string }[] }

const text = (lang: Lang) => assistantData().templates.get(lang)!.text;
const filled = (template: string, vars: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k]!);
/** A template's words before and after its placeholders (the figures in between vary). */
const words = (template: string) => template.split(/\{\w+\}/).map((s) => s.trim()).filter((s) => s.length > 1);

describe('assistant: truck bans set road by road, and of one day', () => {
  const app = shared.use();
  let built: Built;
  const ask = (q: string, lang: string) => askAssistant<Answer>(built, q, lang);

  before(async () => {
    built = await app();
  });

  it('says a road-specific country\'s restrictions are not held, never "no truck ban", in every language', async () => {
    const hr = (await built.get('truck-bans?country=HR')).body.data as { countries: { coverage: string }[]; bans: unknown[] };
    assert.equal(hr.countries[0]!.coverage, 'road_specific_only');
    assert.equal(hr.bans.length, 0);
    for (const lang of LANGUAGES) {
      const d = await ask('Is there a truck ban in Croatia today?', lang);
      assert.equal(d.intent, 'truck_bans', lang);
      assert.ok(d.answer_text.includes(filled(text(lang).bans_road_specific, { country: countryName('HR', lang) })), `${lang}: ${d.answer_text}`);
      for (const none of [text(lang).bans_none, text(lang).bans_none_day]) {
        assert.ok(!words(none).every((w) => d.answer_text.includes(w)), `${lang}: says no ban: ${d.answer_text}`);
      }
    }
    const ro = await ask('Există restricții pentru camioane în România în weekend?', 'ro');
    assert.equal(ro.answer_text, filled(text('ro').bans_road_specific, { country: countryName('RO', 'ro') }));
  });

  it('says a ban set each year and not encoded for the day asked is unknown, never "no truck ban" (Poland, 3 July 2027)', async () => {
    const product = (await built.get('truck-bans?country=PL&date=2027-07-03')).body.data as { countries: { not_encoded?: unknown[] }[]; bans: unknown[] };
    assert.ok(product.countries[0]!.not_encoded?.length, 'the product lists the summer-holiday bans as not encoded');
    for (const [q, lang] of [['Is there a truck ban in Poland on 3 July 2027?', 'en'], ['Czy 3 lipca 2027 jest zakaz dla ciężarówek w Polsce?', 'pl']] as const) {
      const d = await ask(q, lang);
      assert.equal(d.intent, 'truck_bans', d.answer_text);
      assert.ok(d.answer_text.includes(filled(text(lang).bans_not_encoded, { country: countryName('PL', lang) })), `${lang}: ${d.answer_text}`);
      // The longest run of the "no ban" template's own words (`No truck driving ban in`, `brak zakazów ruchu ciężarówek`).
      const none = words(text(lang).bans_none_day).sort((a, b) => b.length - a.length)[0]!;
      assert.ok(none.length > 8 && !d.answer_text.includes(none), `${lang}: no "${none}" in: ${d.answer_text}`);
    }
  });

  it('says the weekend asked on a Sunday as that one day, with one point at the end', async () => {
    // The test clock is Sunday 22 November 2026; Lithuania has no general ban.
    const d = await ask('Există restricții pentru camioane în Lituania în weekend?', 'ro');
    const date = d.figures.find((f) => f.value === '2026-11-22')!;
    assert.ok(date, d.answer_text);
    assert.equal(d.figures.filter((f) => f.unit === 'date').length, 1, `one day, not a range: ${d.answer_text}`);
    assert.equal(d.answer_text, filled(text('ro').bans_none_day, { country: countryName('LT', 'ro'), date: date.text }));
    assert.doesNotMatch(d.answer_text, /\.\./);
    // The next 7 days end on a date written with a point (`sâm., 28 nov.`), where the template's sentence ends.
    const week = await ask('restricții pentru camioane în Lituania', 'ro');
    assert.match(week.answer_text, /nov\.$/, week.answer_text);
    assert.doesNotMatch(week.answer_text, /\.\./, week.answer_text);
    const en = await ask('Is there a truck ban in Lithuania today?', 'en');
    assert.doesNotMatch(en.answer_text, /from (.+) to \1/, en.answer_text);
  });

  it('reads a weekend as its days from the one read to Sunday', () => {
    assert.deepEqual(daysAsked('2026-11-28', true), ['2026-11-28', '2026-11-29'], 'Saturday');
    assert.deepEqual(daysAsked('2026-11-22', true), ['2026-11-22'], 'Sunday');
    assert.deepEqual(daysAsked('2026-11-28', false), ['2026-11-28'], 'Saturday alone');
    assert.deepEqual(daysAsked('2026-11-25', true), ['2026-11-25'], 'a weekday named with the weekend');
    assert.equal(daysAsked(null, false), null);
  });
});
