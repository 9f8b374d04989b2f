/**
 * The assistant before the day's models are fitted and over readings that are old: a forecast question
 * is answered from the typical week, else the latest reading, after saying the forecast is not ready yet
 * (never an answer with no source), the same questions get the same intents and grounding either way, and
 * a reading past three hours is "latest known, N days old", never "now".
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ungroundedNumbers } from '../../../engine/assistant/compose.js';
import { appWithKey } from '../../helpers/deps.js';

type Built = Awaited<ReturnType<typeof appWithKey>>;
interface Answer { intent: string; grounded: boolean; answer_text: string; figures: { label: string; value: number | string; text: string }[]; sources: { product: string; ppid?: string }[] }

const ask = async (built: Built, q: string) => {
  const { status, body } = await built.get(`assistant?q=${encodeURIComponent(q)}&lang=en`);
  assert.equal(status, 200, JSON.stringify(body.error));
  return body.data as Answer;
};
const NOT_READY = /The forecast is not ready yet/;
const QUESTIONS = ['forecast Yahodyn tomorrow at 6', 'when is the best time to cross at Medyka', 'queue at Korczowa tomorrow evening',
  'which crossing to Poland has the shortest queue for trucks tomorrow at 6', 'which crossing to Poland is best tonight'];

describe('assistant: before the models, and old readings', () => {
  it('before the first fit: the latest reading, saying the forecast is not ready; with the fit: the forecast, same intents', async (t) => {
    const early = await appWithKey(t, { seed: { history: true } });
    const fitted = await appWithKey(t, { seed: { history: true, models: true } });
    for (const q of QUESTIONS) {
      const [a, b] = [await ask(early, q), await ask(fitted, q)];
      assert.equal(a.intent, b.intent, q);
      assert.equal(a.grounded, true, `${q}: ${a.answer_text}`);
      assert.equal(b.grounded, true, `${q}: ${b.answer_text}`);
      assert.ok(a.sources.length > 0 && a.sources.every((s) => s.product === 'queue' || s.product === 'border'), `${q}: ${JSON.stringify(a.sources)}`);
      assert.match(a.answer_text, NOT_READY, q);
      assert.doesNotMatch(b.answer_text, NOT_READY, q);
      assert.ok(b.sources.every((s) => s.product === 'forecast' || s.product === 'day-stats'), `${q}: ${JSON.stringify(b.sources)}`);
    }
  });

  it('typical weeks computed, models not yet: the typical week of the hours asked', async (t) => {
    const built = await appWithKey(t, { seed: { history: true, models: true } });
    const models = built.deps.repos.forecastModels;
    for (const ppid of models.ppids()) for (const metric of ['main', 'wait'] as const) models.remove(ppid, metric);
    built.deps.versions.refresh();
    const d = await ask(built, 'forecast Yahodyn tomorrow at 6');
    assert.match(d.answer_text, NOT_READY);
    assert.deepEqual(d.sources.map((s) => s.product), ['day-stats']);
    const week = (await built.get(`day-stats?ppid=${d.sources[0]!.ppid}`)).body.data as { matrix: (number | null)[][] };
    // Monday 23 November 06:00 local: the week's Monday (0), hour 6.
    assert.equal(d.figures.find((f) => f.label === 'typical.value')?.value, week.matrix[0]![6]);
    const border = await ask(built, 'which crossing to Poland has the shortest queue for trucks tomorrow at 6');
    assert.ok(border.sources.length >= 2 && border.sources.every((s) => s.product === 'day-stats'), JSON.stringify(border.sources));
    assert.match(border.answer_text, /Typical week for trucks/);
  });

  it('one checkpoint the model job has not reached while the others have models: not ready there; found too short: no forecast', async (t) => {
    const built = await appWithKey(t, { seed: { history: true, models: true } });
    const first = await ask(built, 'forecast Yahodyn tomorrow at 6');
    const ppid = first.sources[0]!.ppid!;
    assert.equal(first.sources[0]!.product, 'forecast');
    const models = built.deps.repos.forecastModels;
    for (const metric of ['main', 'wait'] as const) models.remove(ppid, metric);
    built.deps.versions.refresh();
    assert.ok(models.ppids().size > 10, 'the other checkpoints keep their models');
    const pending = await ask(built, 'forecast Yahodyn tomorrow at 6');
    assert.match(pending.answer_text, NOT_READY);
    assert.deepEqual(pending.sources.map((s) => s.product), ['day-stats']);
    // Another checkpoint, its model removed by the job as too short (the mark is written with the removal).
    const other = (await ask(built, 'forecast Medyka tomorrow at 6')).sources[0]!.ppid!;
    for (const metric of ['main', 'wait'] as const) models.remove(other, metric);
    built.deps.repos.tooShort.mark(other, 'forecast_main', built.deps.now().toISOString());
    built.deps.versions.refresh();
    const short = await ask(built, 'forecast Medyka tomorrow at 6');
    assert.doesNotMatch(short.answer_text, NOT_READY);
    assert.equal(short.grounded, false, short.answer_text);
  });

  it('a reading past three hours is the latest known, with its age, and no answer calls it now', async (t) => {
    // Not replayed: the recording ends in August 2026, months before the test's clock.
    const built = await appWithKey(t, { seed: { history: true }, replay: false });
    const d = await ask(built, 'queue at Medyka now');
    const age = d.figures.find((f) => f.label === 'age')!;
    assert.ok(typeof age.value === 'number' && age.value >= 30, JSON.stringify(age));
    assert.ok(d.answer_text.includes(`latest known, ${age.text} old`), d.answer_text);
    const border = await ask(built, 'which crossing to Poland has the shortest queue for trucks now');
    assert.match(border.answer_text, /by the latest readings/);
    assert.doesNotMatch(border.answer_text, /, now,/);
    assert.ok(border.figures.filter((f) => f.label.endsWith('.age')).length >= 2, border.answer_text);
    assert.deepEqual(ungroundedNumbers(border.answer_text, border.figures, built.deps.repos.directory.all().map((c) => built.deps.repos.directory.name(c.location_id, 'en'))), []);
  });
});
