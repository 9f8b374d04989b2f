/**
 * `assistant`: grounded answers from the products themselves, an honest refusal for what the data cannot
 * answer, the answer's language, the `ppid` context, and the same answer over REST, tRPC and MCP.
 */
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { after, before, describe, it } from 'node:test';
import { ungroundedNumbers } from '../../../engine/assistant/compose.js';
import { operationsByName } from '../../../services/registry.js';
import { LANGUAGES, type Lang } from '../../../models/languages.js';
import { assistantData } from '../../../services/assistant/lexicon.js';
import { appWithKey, FIXED_NOW } from '../../helpers/deps.js';
import { createHarness, type TransportHarness } from '../../helpers/transports.js';

type Built = Awaited<ReturnType<typeof appWithKey>>;

describe('assistant', () => {
  const cleanups: (() => unknown)[] = [];
  let built: Built;
  const ask = async (q: string, extra = '') => built.get(`assistant?q=${encodeURIComponent(q)}${extra}`);
  /** The names an answer may write (they may hold a digit, `Serpneve 1`): every checkpoint's in that language, and the place asked from. */
  const namesIn = (lang: string, data: { entities: { place: { name: string } | null } }) => [
    ...new Set(built.deps.repos.directory.all().map((c) => built.deps.repos.directory.name(c.location_id, lang))), ...(data.entities.place ? [data.entities.place.name] : []),
  ];

  before(async () => {
    built = await appWithKey({ after: (fn: () => unknown) => cleanups.push(fn) } as unknown as TestContext, { seed: { history: true, models: true } });
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('answers from the products, every number in the text a figure that names its source', async () => {
    const questions: [string, string, string][] = [
      ['how long is the queue at Medyka now', 'queue_now', 'queue'],
      ['Яка зараз черга на Шегинях для фур?', 'queue_now', 'queue'],
      ['kiedy najlepiej przekraczać granicę w Hrebennem', 'best_time', 'day-stats'],
      ['прогноз очереди на Ягодине завтра в 8 вечера', 'forecast', 'forecast'],
      ['Wartezeit Korczowa morgen früh', 'forecast', 'forecast'],
      ['alternatives to krakovets for trucks', 'alternatives', 'alternatives'],
      ['cât costă motorina în Polonia', 'fuel_prices', 'fuel'],
      ['kamion hétvégi kitiltás Németországban', 'truck_bans', 'truck-bans'],
      ['obchodná nedeľa poľsko', 'trading_sundays', 'trading-sundays'],
      ['скільки їхати зі Львова до кордону', 'travel_time', 'travel-matrix'],
      ['roadworks in Lithuania', 'road_conditions', 'road-conditions'],
    ];
    for (const [q, intent, product] of questions) {
      const { status, body } = await ask(q);
      assert.equal(status, 200, JSON.stringify(body.error));
      const d = body.data;
      assert.equal(d.intent, intent, q);
      assert.equal(d.grounded, true, `${q}: ${d.answer_text}`);
      assert.equal(body.usage.class, 'standard', 'the contract puts the assistant in the standard class');
      assert.ok(d.sources.length > 0 && d.sources.every((s: { product: string; as_of: string }) => s.product === product && !Number.isNaN(Date.parse(s.as_of))), q);
      for (const f of d.figures) {
        assert.ok(d.answer_text.includes(f.text), `${q}: figure ${f.text} is in the text`);
        assert.ok(f.source >= 0 && f.source < d.sources.length, `${q}: figure ${f.label} names a source`);
      }
      assert.deepEqual(ungroundedNumbers(d.answer_text, d.figures, namesIn(d.lang, d)), [], `${q}: ${d.answer_text}`);
      assert.deepEqual(d.suggestions, []);
    }
  });

  it('quotes the readings the queue product gives, for both directions unless one is asked', async () => {
    const { body } = await ask('queue at Medyka now', '&lang=en');
    const ppids = body.data.sources.map((s: { ppid: string }) => s.ppid).sort();
    assert.deepEqual(ppids, ['id_214', 'id_224']);
    for (const ppid of ppids) {
      const queue = await built.get(`queue?ppid=${ppid}&section=snapshot`);
      const mine = body.data.figures.filter((f: { source: number }) => body.data.sources[f.source].ppid === ppid);
      const wait = mine.find((f: { label: string }) => f.label === 'wait_min');
      assert.equal(wait?.value ?? null, queue.body.snapshot.wait_min);
      assert.equal(body.data.sources.find((s: { ppid: string }) => s.ppid === ppid).as_of, queue.body.snapshot.updated_at);
    }
    const one = await ask('queue at Medyka leaving Ukraine');
    assert.deepEqual(one.body.data.sources.map((s: { ppid: string }) => s.ppid), ['id_214']);
  });

  it('says honestly what it cannot answer, with questions it can, in the language asked for', async () => {
    for (const [q, intent, lang] of [['what is the weather in Lviv', 'unknown', 'en'], ['які документи потрібні для виїзду', 'rules_documents', 'uk'],
      ['jaka jest kolejka na granicy?', 'queue_now', 'pl']] as const) {
      const { status, body } = await ask(q, `&lang=${lang}`);
      assert.equal(status, 200);
      const d = body.data;
      assert.equal(d.intent, intent, q);
      assert.equal(d.grounded, false, q);
      assert.equal(d.lang, lang, q);
      assert.deepEqual(d.figures, []);
      assert.ok(d.suggestions.length >= 3 && d.suggestions.every((s: string) => d.answer_text.includes(s)), q);
      assert.deepEqual(ungroundedNumbers(d.answer_text, d.figures, namesIn(d.lang, d)), []);
    }
  });

  it('answers in the language asked for, else in English (the interface\'s default), and says what the question was in', async () => {
    const unasked = await ask('Яка зараз черга на Шегинях?');
    assert.equal(unasked.body.data.lang, 'en');
    assert.equal(unasked.body.data.detected_lang, 'uk');
    assert.equal(unasked.body.data.intent, 'queue_now', 'understood in Ukrainian');
    const inUkrainian = await ask('Яка зараз черга на Шегинях?', '&lang=uk');
    assert.equal(inUkrainian.body.data.lang, 'uk');
    assert.match(inUkrainian.body.data.answer_text, /очікування|у черзі|даних немає/);
    const asked = await ask('Яка зараз черга на Шегинях?', '&lang=pl');
    assert.equal(asked.body.data.lang, 'pl');
    assert.equal(asked.body.meta.lang, 'pl');
    assert.equal(asked.body.data.detected_lang, 'uk');
    assert.match(asked.body.data.answer_text, /oczekiwanie|w kolejce|brak odczytu/);
    // Every language answers (the templates of all 24 load and fill).
    for (const lang of LANGUAGES) {
      const { body } = await ask('queue Medyka', `&lang=${lang}`);
      assert.equal(body.data.lang, lang);
      assert.deepEqual(ungroundedNumbers(body.data.answer_text, body.data.figures, namesIn(lang, body.data)), [], `${lang}: ${body.data.answer_text}`);
    }
  });

  it('ranks a border, names the zone of its times and the kind of a price in every language, every number a figure', async () => {
    for (const lang of LANGUAGES) {
      const border = (await ask('which crossing to Poland is fastest for trucks now', `&lang=${lang}`)).body.data;
      assert.equal(border.intent, 'best_crossing', lang);
      assert.equal(border.sources.length, 7, `${lang}: every crossing with a reading`);
      assert.ok(border.figures.some((f: { unit: string | null }) => f.unit === 'zone'), `${lang}: ${border.answer_text}`);
      assert.deepEqual(ungroundedNumbers(border.answer_text, border.figures, namesIn(lang, border)), [], `${lang}: ${border.answer_text}`);
      const fuel = (await ask('diesel price in Poland', `&lang=${lang}`)).body.data;
      assert.equal(fuel.intent, 'fuel_prices', lang);
      assert.ok(fuel.answer_text.includes(assistantData().templates.get(lang as Lang)!.text.price_legal_maximum), `${lang}: ${fuel.answer_text}`);
      assert.deepEqual(ungroundedNumbers(fuel.answer_text, fuel.figures, namesIn(lang, fuel)), [], `${lang}: ${fuel.answer_text}`);
    }
  });

  it('takes a checkpoint as context: "how long now?"', async () => {
    const { body } = await ask('how long now?', '&ppid=id_224');
    assert.equal(body.data.intent, 'queue_now');
    assert.deepEqual(body.data.sources.map((s: { ppid: string }) => s.ppid), ['id_224']);
    assert.deepEqual(body.data.context, { ppid: 'id_224', used: true, reason: null });
    assert.equal((await ask('how long now?', '&ppid=id_999999')).body.error.reason, 'unknown_ppid');
    // A crossing the question names wins over the context, and the answer says it did.
    const named = (await ask('how long is the queue at Dorohusk now?', '&ppid=id_224')).body.data;
    assert.match(named.entities.checkpoint.name, /Dorohusk/);
    assert.ok(named.sources.length > 0 && named.sources.every((s: { ppid?: string }) => s.ppid !== 'id_224'), JSON.stringify(named.sources));
    assert.deepEqual([named.context.ppid, named.context.used], ['id_224', false]);
    assert.match(named.context.reason, /^The question names another crossing \([^)]*Dorohusk[^)]*\); the answer is about it\.$/);
    // A question the checkpoint's data does not answer: not read, and said so.
    const fuel = (await ask('diesel price in Poland', '&ppid=id_224')).body.data;
    assert.equal(fuel.intent, 'fuel_prices');
    assert.deepEqual(fuel.context, { ppid: 'id_224', used: false, reason: "The answer reads none of id_224's data." });
    assert.equal((await ask('how long now?')).body.data.context, undefined, 'no context given');
  });

  it('gives the same answer over REST, tRPC and MCP', async (t) => {
    const url = await built.app.listen({ host: '127.0.0.1', port: 0 });
    const harness: TransportHarness = createHarness(built.app, url, built.dir);
    t.after(() => harness.close());
    const op = operationsByName.assistant;
    const inputs: Record<string, string>[] = [{ q: 'Яка зараз черга на Шегинях?' }, { q: 'diesel price in Poland', lang: 'de' }, { q: 'what documents do I need?' }];
    for (const input of inputs) {
      const delivered = [];
      for (const transport of ['rest', 'trpc', 'mcp'] as const) delivered.push(await harness.call(transport, op, input, built.key));
      const comparable = (e: { usage?: object; data: unknown; meta?: unknown; ok: boolean }) => ({ ok: e.ok, data: e.data, meta: e.meta });
      for (const d of delivered) assert.equal(d.status, 200, JSON.stringify(d.envelope).slice(0, 300));
      assert.deepEqual(comparable(delivered[1]!.envelope), comparable(delivered[0]!.envelope), 'tRPC = REST');
      assert.deepEqual(comparable(delivered[2]!.envelope), comparable(delivered[0]!.envelope), 'MCP = REST');
    }
    assert.equal(FIXED_NOW, built.deps.now().toISOString());
  });
});
