/**
 * The assistant's forecast of one crossing, from the `forecast` product itself: a question about the wait
 * ("how long will I wait in Medyka tomorrow?") reads the direction whose forecast gives the wait in minutes
 * and says which direction that is, then gives the other direction's count of vehicles (a truck series that forecasts the wait beside its queue gives the wait);
 * one that states a direction whose forecast counts vehicles gets the count, said to be a count and not a
 * wait; and a range of counts names its noun once, after both numbers,
 * in every language (`od 1 do 27 pojazdów w kolejce`, never `od kolejka 1 do kolejka 27`).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ungroundedNumbers } from '../../../engine/assistant/compose.js';
import { addDays } from '../../../engine/calendar.js';
import { localParts } from '../../../engine/local-time.js';
import { COUNTRY_ISO2, countryName } from '../../../models/codes.js';
import { LANGUAGES, type Lang } from '../../../models/languages.js';
import { assistantData } from '../../../services/assistant/lexicon.js';
import { askAssistant } from '../../helpers/ask.js';
import { sharedAppWithKey, type appWithKey } from '../../helpers/deps.js';

type Built = Awaited<ReturnType<typeof appWithKey>>;
const shared = sharedAppWithKey({ seed: { history: true, models: true } });
interface Figure { label: string; value: number | string; unit: string | null; text: string; source: number }
interface Answer { intent: string; grounded: boolean; answer_text: string; figures: Figure[]; sources: { product: string; ppid?: string }[] }
interface Step { time: number; avg_cars: number | null; wait_min?: number | null }

/** Medyka - Shehyni in the bundled directory. */
const MEDYKA = 2;
const text = (lang: Lang) => assistantData().templates.get(lang)!.text;
/** A template's words before its first placeholder (what any filling of it starts with). */
const opening = (template: string) => template.split('{')[0]!;

describe('assistant: the forecast of a crossing', () => {
  const app = shared.use();
  let built: Built;
  const ask = (q: string, lang: string) => askAssistant<Answer>(built, q, lang);
  const names = (lang: string) => built.deps.repos.directory.all().map((c) => built.deps.repos.directory.name(c.location_id, lang));
  /** Medyka's two car series: the one whose forecast counts vehicles, and the one whose forecast gives the wait. */
  const medyka = async () => {
    const rows = built.deps.repos.directory.atLocation(MEDYKA).filter((r) => r.crossing_type === 4);
    const steps = async (ppid: string) => (await built.get(`forecast?ppid=${ppid}&prediction_steps=168`)).body.data as Step[];
    const kinds = await Promise.all(rows.map(async (r) => ({ row: r, steps: await steps(r.ppid) })));
    const counts = kinds.find((k) => k.steps.every((s) => s.avg_cars !== null && (s.wait_min ?? null) === null))!;
    const waits = kinds.find((k) => k.steps.every((s) => s.avg_cars === null && typeof s.wait_min === 'number'))!;
    // The sample holds both kinds, leaving Ukraine the count: the case the answer has to choose in.
    assert.ok(counts && waits, 'the sample holds a counting and a waiting direction at Medyka');
    assert.equal(counts.row.origin, 1, 'leaving Ukraine (read first) is the counting one');
    return { counts, waits };
  };
  /** The values a day's forecast of a series holds, tomorrow in its zone. */
  const tomorrow = (steps: Step[], zone: string, value: (s: Step) => number) => {
    const day = addDays(localParts(Math.floor(built.deps.now().getTime() / 1000), zone).date, 1);
    return steps.filter((s) => localParts(s.time, zone).date === day).map(value);
  };

  before(async () => {
    built = await app();
  });

  for (const [q, lang] of [['How long will I wait in Medyka tomorrow?', 'en'], ['Ile będę czekać w Medyce jutro?', 'pl'], ['Скільки чекати в Шегинях завтра?', 'uk']]) {
    it(`${lang}: a question about the wait reads the direction whose forecast gives minutes, says which, and gives the other's count`, async () => {
      const { waits, counts } = await medyka();
      const d = await ask(q!, lang!);
      assert.equal(d.intent, 'forecast', d.answer_text);
      assert.equal(d.grounded, true, d.answer_text);
      assert.deepEqual(d.sources.map((s) => [s.product, s.ppid]), [['forecast', waits.row.ppid], ['forecast', counts.row.ppid]], d.answer_text);
      const of = (source: number, label: string) => d.figures.find((f) => f.source === source && f.label === label)!;
      // The lowest and highest of the day are waits, in minutes, as the forecast gives them.
      const [low, high] = [of(0, 'forecast.low'), of(0, 'forecast.high')];
      assert.deepEqual([low.unit, high.unit], ['min', 'min'], d.answer_text);
      const day = tomorrow(waits.steps, waits.row.timezone, (s) => Math.round(s.wait_min!));
      assert.deepEqual([low.value, high.value], [Math.min(...day), Math.max(...day)]);
      // Then the direction passed over (leaving Ukraine, where the driver asking in Ukrainian likely stands): its count.
      const [lowCount, highCount] = [of(1, 'forecast.low'), of(1, 'forecast.high')];
      assert.deepEqual([lowCount.unit, highCount.unit], [null, null], d.answer_text);
      const cars = tomorrow(counts.steps, counts.row.timezone, (s) => s.avg_cars!);
      assert.deepEqual([lowCount.value, highCount.value], [Math.min(...cars), Math.max(...cars)]);
      assert.ok(d.answer_text.indexOf(text(lang as Lang).wait_direction.split('{')[0]!) > d.answer_text.indexOf(String(highCount.text)), 'the note after both');
      // Which direction the wait is for, in the answer's language.
      const side = (code: number) => countryName(COUNTRY_ISO2[code]!, lang!);
      const said = text(lang as Lang).wait_direction.replace('{from}', side(waits.row.origin)).replace('{to}', side(waits.row.destination));
      assert.ok(d.answer_text.includes(said), `${said} in: ${d.answer_text}`);
      assert.deepEqual(ungroundedNumbers(d.answer_text, d.figures, names(lang!)), []);
    });
  }

  it('a direction the question states is kept: its count of vehicles, said to be a count and not a wait', async () => {
    const { counts } = await medyka();
    for (const [q, lang] of [['How long will I wait in Medyka tomorrow leaving Ukraine?', 'en'], ['Ile będę czekać w Medyce jutro, wyjazd z Ukrainy?', 'pl']] as const) {
      const d = await ask(q, lang);
      assert.deepEqual(d.sources.map((s) => s.ppid), [counts.row.ppid], `${q}: ${d.answer_text}`);
      const low = d.figures.find((f) => f.label === 'forecast.low')!;
      assert.equal(low.unit, null, 'a count');
      assert.equal(low.value, Math.min(...tomorrow(counts.steps, counts.row.timezone, (s) => s.avg_cars!)));
      assert.ok(d.answer_text.includes(text(lang).count_not_wait), `${q}: ${d.answer_text}`);
      assert.ok(!d.answer_text.includes(opening(text(lang).wait_direction)), d.answer_text);
    }
  });

  it('a series that forecasts the wait beside its queue (trucks) answers a question about the wait with the wait, without bounds it has not', async () => {
    const trucks = built.deps.repos.directory.atLocation(MEDYKA).find((r) => r.crossing_type === 9 && r.origin === 1)!;
    const steps = (await built.get(`forecast?ppid=${trucks.ppid}&prediction_steps=168`)).body.data as Step[];
    const day = addDays(localParts(Math.floor(built.deps.now().getTime() / 1000), trucks.timezone).date, 1);
    const at8 = steps.find((s) => localParts(s.time, trucks.timezone).date === day && localParts(s.time, trucks.timezone).hour === 8)!;
    assert.ok(at8.avg_cars !== null && typeof at8.wait_min === 'number', 'the truck forecast gives both the queue and the wait');
    const d = await ask('How long will I wait at Medyka for trucks tomorrow at 8?', 'en');
    assert.deepEqual(d.sources.map((s) => s.ppid), [trucks.ppid]);
    const value = d.figures.find((f) => f.label === 'forecast.value')!;
    assert.deepEqual([value.value, value.unit], [Math.round(at8.wait_min!), 'min'], d.answer_text);
    assert.ok(!d.answer_text.includes('?') && !d.answer_text.includes(text('en').count_not_wait), d.answer_text);
    // Asked of the forecast and not of the wait, the same hour is the queue, with its bounds.
    const queue = await ask('forecast Medyka for trucks tomorrow at 8', 'en');
    assert.deepEqual([queue.figures.find((f) => f.label === 'forecast.value')?.value, queue.figures.find((f) => f.label === 'forecast.value')?.unit], [at8.avg_cars, null]);
  });

  it('says where the forecast of the hours asked has done no better than the latest reading (out of sample), and only there', async () => {
    const { waits } = await medyka();
    const h = (await built.get(`forecast?ppid=${waits.row.ppid}&prediction_steps=168`)).body.meta.model.by_horizon;
    const lost = (bucket: 'h7_24' | 'h25_168') => h[bucket].mae.ensemble >= h[bucket].mae.persistence;
    const says = (d: Answer, lang: Lang) => d.answer_text.includes(text(lang).forecast_no_skill);
    for (const lang of ['en', 'pl', 'uk'] as const) {
      // Tonight is 7 to 12 hours after the pinned clock (11:00 in Poland): the 7-24 h bucket alone.
      const tonight = await ask({ en: 'How long will I wait in Medyka tonight?', pl: 'Ile będę czekać w Medyce dziś wieczorem?', uk: 'Скільки чекати в Шегинях сьогодні ввечері?' }[lang], lang);
      assert.deepEqual(tonight.sources.map((s) => s.ppid)[0], waits.row.ppid, tonight.answer_text);
      assert.equal(says(tonight, lang), lost('h7_24'), `${lang}: ${tonight.answer_text}`);
      // Thursday (the clock's day is a Sunday): the long range alone.
      const later = await ask({ en: 'How long will I wait in Medyka on Thursday?', pl: 'Ile będę czekać w Medyce w czwartek?', uk: 'Скільки чекати в Шегинях у четвер?' }[lang], lang);
      assert.equal(says(later, lang), lost('h25_168'), `${lang}: ${later.answer_text}`);
      // The sample holds both cases here: the caveat is said of one and not of the other.
      assert.notEqual(says(tonight, lang), says(later, lang), 'one of each');
      assert.deepEqual(ungroundedNumbers(tonight.answer_text, tonight.figures, names(lang)), []);
    }
  });

  it('a question not about the wait reads the direction meant, as before, and adds no note', async () => {
    const { counts } = await medyka();
    const d = await ask('forecast Medyka tomorrow', 'en');
    assert.deepEqual(d.sources.map((s) => s.ppid), [counts.row.ppid]);
    assert.ok(!d.answer_text.includes(text('en').count_not_wait) && !d.answer_text.includes(opening(text('en').wait_direction)), d.answer_text);
  });

  it('a range of counts names its noun once, after both numbers, in every language (pl: od 1 do 27 pojazdów w kolejce)', async () => {
    const pl = await ask('Prognoza Medyka jutro rano', 'pl');
    assert.match(pl.answer_text, /: od \d+ do \d+ pojazdów w kolejce\./, pl.answer_text);
    assert.doesNotMatch(pl.answer_text, /od kolejka|do kolejka/);
    for (const lang of LANGUAGES) {
      const d = await ask('forecast Medyka tomorrow morning', lang);
      const figure = (label: string) => d.figures.find((f) => f.label === label)!;
      const [min, max] = [figure('forecast.min'), figure('forecast.max')];
      assert.deepEqual([min.unit, max.unit], [null, null], `${lang}: a count of vehicles: ${d.answer_text}`);
      const t = text(lang);
      const span = t.forecast_span_vehicles.replace('{from}', figure('forecast.span.from').text)
        .replace('{to}', `${figure('forecast.span.to').text} ${figure('forecast.span.to.zone').text}`).replace('{min}', min.text).replace('{max}', max.text);
      assert.ok(d.answer_text.includes(span), `${lang}: ${span} in: ${d.answer_text}`);
      // No number glued to the noun of a single value (`kolejka 1`) inside the range.
      assert.ok(!d.answer_text.includes(t.vehicles_value.replace('{n}', min.text)), `${lang}: ${d.answer_text}`);
      assert.deepEqual(ungroundedNumbers(d.answer_text, d.figures, names(lang)), [], `${lang}: ${d.answer_text}`);
    }
  });

  it('says that a forecast and a typical week of the replayed sample are demo data, as a replayed reading does', async () => {
    for (const q of ['What will the queue at Medyka be tomorrow morning?', 'When is the best time to cross at Medyka?']) {
      const d = await ask(q, 'en');
      assert.ok(d.grounded, d.answer_text);
      assert.ok(d.answer_text.includes(text('en').replay_note), `${q}: ${d.answer_text}`);
    }
  });
});
