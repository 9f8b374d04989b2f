/**
 * The assistant's alternatives: the figures shown add up. The `alternatives` product counts a crossing's saving
 * with the wait expected there on arrival (a forecast), so that is the wait the answer shows, said to be on
 * arrival: the wait here, less the extra driving and the wait there, is the saving written. A wait that is not
 * held is said in words in the answer's language, never as `?`.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { LANGUAGES, type Lang } from '../../../models/languages.js';
import { assistantData } from '../../../services/assistant/lexicon.js';
import { askAssistant } from '../../helpers/ask.js';
import { sharedAppWithKey, type appWithKey } from '../../helpers/deps.js';

type Built = Awaited<ReturnType<typeof appWithKey>>;
const shared = sharedAppWithKey({ seed: { history: true, models: true } });
interface Figure { label: string; value: number | string }
interface Answer { intent: string; answer_text: string; figures: Figure[]; sources: { product: string; ppid?: string }[] }
interface Alternatives { wait_min: number | null; alternatives: { wait_min: number | null; wait_at_arrival_min: number | null; queue_basis: string | null }[] }

const text = (lang: Lang) => assistantData().templates.get(lang)!.text;
/** A template's words before and after its placeholders. */
const words = (template: string) => template.split(/\{\w+\}/).map((s) => s.trim()).filter((s) => s.length > 1);

describe('assistant: alternatives whose figures add up', () => {
  const app = shared.use();
  let built: Built;
  const ask = (q: string, lang: string) => askAssistant<Answer>(built, q, lang);

  before(async () => {
    built = await app();
  });

  it('shows the wait on arrival that the saving counts, and the saving is what the figures shown make', async () => {
    let checked = 0;
    for (const [q, lang] of [['Есть ли альтернатива Ягодину для грузовиков?', 'ru'], ['Jaka jest alternatywa dla Medyki dla samochodów osobowych do Ukrainy?', 'pl'],
      ['alternative to Medyka for trucks', 'en']] as const) {
      const d = await ask(q, lang);
      assert.equal(d.intent, 'alternatives', q);
      const ppid = d.sources.find((s) => s.product === 'alternatives')!.ppid!;
      const alt = (await built.get(`alternatives?ppid=${ppid}&lang=${lang}&limit=3`)).body.data as Alternatives;
      const figure = (label: string) => d.figures.find((f) => f.label === label)?.value as number | undefined;
      const here = figure('wait_min');
      alt.alternatives.forEach((a, k) => {
        const onArrival = a.queue_basis === 'forecast' && a.wait_at_arrival_min !== null;
        const there = figure(`alternatives.${k}.${onArrival ? 'wait_at_arrival_min' : 'wait_min'}`);
        assert.equal(there, a[onArrival ? 'wait_at_arrival_min' : 'wait_min'] === null ? undefined : Math.round(a[onArrival ? 'wait_at_arrival_min' : 'wait_min']!), `${q} #${k}`);
        const delta = figure(`alternatives.${k}.total_delta_min`);
        if (here === undefined || there === undefined || delta === undefined) return;
        assert.equal(Math.abs(here - figure(`alternatives.${k}.drive_delta_min`)! - there), delta, `${q} #${k}: ${d.answer_text}`);
        if (onArrival && a.wait_at_arrival_min !== a.wait_min) checked++;
      });
      if (alt.alternatives.some((a) => a.queue_basis === 'forecast')) {
        assert.ok(words(text(lang).alt_line_arrival).every((w) => d.answer_text.includes(w)), `${q}: says on arrival: ${d.answer_text}`);
      }
    }
    assert.ok(checked > 0, 'some crossing\'s wait on arrival differs from its wait now');
  });

  it('says a wait that is not held in words, never `?`, in every language', async () => {
    const uk = await ask('Яка альтернатива Паланці для легковиків з України?', 'uk');
    assert.equal(uk.intent, 'alternatives');
    assert.ok(!uk.answer_text.includes('?'), uk.answer_text);
    for (const lang of LANGUAGES) {
      const d = await ask('alternative to Palanca for cars from Ukraine', lang);
      assert.equal(d.intent, 'alternatives', lang);
      assert.ok(!d.answer_text.includes('?'), `${lang}: ${d.answer_text}`);
      assert.ok(words(text(lang).alt_line_nowait).every((w) => d.answer_text.includes(w)), `${lang}: ${d.answer_text}`);
    }
  });
});
