/**
 * The assistant's border-wide answers ("which crossing to Poland has the shortest queue for trucks now",
 * "... tomorrow at 6"), from `border` and `forecast` with every figure equal to theirs; a price past its
 * limit said to be the latest known, with its date and age; and an alert explained, never created.
 */
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { after, before, describe, it } from 'node:test';
import { ungroundedNumbers } from '../../../engine/assistant/compose.js';
import { localParts } from '../../../engine/local-time.js';
import { addDays } from '../../../engine/calendar.js';
import { appWithKey } from '../../helpers/deps.js';

type Built = Awaited<ReturnType<typeof appWithKey>>;
interface Figure { label: string; value: number | string; text: string; source: number }
interface Source { product: string; ppid?: string; as_of: string }

describe('assistant: which crossing, now and later', () => {
  const cleanups: (() => unknown)[] = [];
  let built: Built;
  const ask = async (q: string, lang = 'en') => {
    const { status, body } = await built.get(`assistant?q=${encodeURIComponent(q)}&lang=${lang}`);
    assert.equal(status, 200, JSON.stringify(body.error));
    return body.data as { intent: string; grounded: boolean; answer_text: string; figures: Figure[]; sources: Source[] };
  };
  const names = (lang: string) => built.deps.repos.directory.all().map((c) => built.deps.repos.directory.name(c.location_id, lang));

  before(async () => {
    built = await appWithKey({ after: (fn: () => unknown) => cleanups.push(fn) } as unknown as TestContext, { seed: { history: true, models: true } });
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  const now: [string, string][] = [
    ['which crossing to Poland has the shortest queue for trucks now', 'en'],
    ['które przejście do Polski ma teraz najkrótszą kolejkę dla ciężarówek', 'pl'],
    ['який пункт до Польщі має зараз найменшу чергу для вантажівок', 'uk'],
  ];
  for (const [q, lang] of now) {
    it(`${lang}: ranks the crossings to Poland from \`border\`, with its figures, never calling a replayed reading "now"`, async () => {
      const d = await ask(q, lang);
      assert.equal(d.intent, 'best_crossing');
      assert.equal(d.grounded, true, d.answer_text);
      const ppids = d.sources.map((s) => s.ppid);
      assert.ok(d.sources.every((s) => s.product === 'border') && new Set(ppids).size >= 2, JSON.stringify(d.sources));
      const border = (await built.get('border/1/2/9')).body.data.checkpoints as { ppid: string; queue: number | null; updated_at: string }[];
      // In the order `border` ranks them, each with its queue and the instant of its reading.
      assert.deepEqual(ppids, border.filter((r) => r.queue !== null).slice(0, ppids.length).map((r) => r.ppid));
      for (const [k, s] of d.sources.entries()) {
        const row = border.find((r) => r.ppid === s.ppid)!;
        assert.equal(s.as_of, row.updated_at);
        assert.equal(d.figures.find((f) => f.source === k && f.label.endsWith('queue_now'))?.value, row.queue);
      }
      assert.deepEqual(ungroundedNumbers(d.answer_text, d.figures, names(lang)), []);
    });
  }

  it('says "now" of no replayed reading: the demo\'s queues are the latest readings, and a replay', async () => {
    const d = await ask(now[0]![0]);
    assert.match(d.answer_text, /by the latest readings/);
    assert.doesNotMatch(d.answer_text, /, now,/);
    assert.match(d.answer_text, /demo data: a recorded series replayed/);
  });

  for (const [q, lang] of [['which crossing to Poland has the shortest queue for trucks tomorrow at 6', 'en'],
    ['które przejście do Polski ma najkrótszą kolejkę dla ciężarówek jutro o 6', 'pl'], ['який пункт до Польщі має найменшу чергу для вантажівок завтра о 6', 'uk']]) {
    it(`${lang}: "tomorrow at 6" ranks the crossings by their \`forecast\` of that hour`, async () => {
      const d = await ask(q!, lang);
      assert.equal(d.intent, 'best_crossing');
      assert.ok(d.sources.length >= 2 && d.sources.every((s) => s.product === 'forecast'), JSON.stringify(d.sources));
      const values: number[] = [];
      for (const [k, s] of d.sources.entries()) {
        const steps = (await built.get(`forecast?ppid=${s.ppid}&prediction_steps=168`)).body.data as { time: number; avg_cars: number | null; wait_min?: number | null }[];
        const zone = built.deps.repos.directory.get(s.ppid!)!.timezone;
        const tomorrow = addDays(localParts(Math.floor(built.deps.now().getTime() / 1000), zone).date, 1);
        const at6 = steps.find((x) => localParts(x.time, zone).date === tomorrow && localParts(x.time, zone).hour === 6)!;
        const figure = d.figures.find((f) => f.source === k && f.label === `${k}.forecast.value`)!;
        assert.equal(figure.value, at6.avg_cars ?? at6.wait_min);
        values.push(figure.value as number);
      }
      assert.deepEqual(values, [...values].sort((a, b) => a - b), 'lowest first');
    });
  }

  it('from a town, the travel matrix ranks the crossings by total time', async () => {
    const d = await ask('which crossing to Poland is fastest for trucks from Lviv');
    assert.equal(d.intent, 'travel_time');
    assert.deepEqual(d.sources.map((s) => s.product), ['travel-matrix']);
    assert.doesNotMatch(d.answer_text, /crossings now/);
  });

  it('says a fuel price older than its limit is the latest known, with its date and age', async () => {
    const d = await ask('fuel near Siret');
    const fuel = (await built.get('fuel?mode=country&country=RO')).body.data as { updated: string; age_days: number; current: boolean };
    assert.equal(fuel.current, false);
    assert.equal(d.figures.find((f) => f.label === 'updated')?.value, fuel.updated);
    const age = d.figures.find((f) => f.label === 'age_days')!;
    assert.equal(age.value, fuel.age_days);
    assert.ok(d.answer_text.includes(`latest known, ${age.text} old`), d.answer_text);
    // A current price says no age.
    const pl = await ask('diesel price in Poland');
    assert.equal(pl.figures.some((f) => f.label === 'age_days'), (await built.get('fuel?mode=country&country=PL')).body.data.current === false);
  });

  it('explains how to create an alert, with the ppid and the threshold in minutes, and creates none', async () => {
    const d = await ask('tell me when the queue at Yahodyn drops under 3 hours');
    assert.equal(d.intent, 'alerts');
    assert.equal(d.grounded, true);
    const ppid = built.deps.repos.directory.all().find((c) => c.ppid === d.sources[0]!.ppid)!;
    assert.equal(built.deps.repos.directory.name(ppid.location_id, 'en'), 'Dorohusk-Jagodzin');
    assert.ok(d.answer_text.includes(`POST /api/v1/alerts (Authorization: Bearer <API key>) {"ppid": "${ppid.ppid}", "metric": "wait_min", "below": 180,`), d.answer_text);
    assert.ok(d.answer_text.includes(`GET /api/v1/data/queue-stream?ppid=${ppid.ppid}`));
    assert.match(d.answer_text, /I cannot create alerts and have created none/);
    assert.deepEqual(ungroundedNumbers(d.answer_text, d.figures, ['/api/v1/alerts', '/api/v1/data/queue-stream']), []);
    const above = await ask('notify me if the queue at Korczowa is over 200 trucks', 'en');
    assert.ok(above.answer_text.includes('"metric": "queue", "above": 200,'), above.answer_text);
  });
});
