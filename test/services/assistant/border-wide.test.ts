/**
 * The assistant's border-wide answers ("which crossing to Poland has the shortest queue for trucks now",
 * "... tomorrow at 6"), from `border` and `forecast` with every figure equal to theirs: every crossing on
 * the border accounted for, shortest wait first where a wait is held, then by queue, and those with
 * nothing to rank named or counted; every clock time with its zone; a price past its limit said to be the
 * latest known, with its date and age, and a legal maximum said to be one; and an alert explained, never
 * created.
 */
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { after, before, describe, it } from 'node:test';
import { ungroundedNumbers } from '../../../engine/assistant/compose.js';
import { localParts } from '../../../engine/local-time.js';
import { addDays } from '../../../engine/calendar.js';
import { askAssistant } from '../../helpers/ask.js';
import { appWithKey } from '../../helpers/deps.js';

type Built = Awaited<ReturnType<typeof appWithKey>>;
interface Figure { label: string; value: number | string; unit: string | null; text: string; source: number }
interface BorderRow { ppid: string; name: string; queue: number | null; wait_min: number | null; updated_at: string | null }
interface Step { time: number; avg_cars: number | null; wait_min?: number | null }

/** The order the assistant ranks a border's readings in: shortest wait first where one is held, then by queue. */
function rankedNow(rows: BorderRow[]): BorderRow[] {
  const read = rows.filter((r) => r.updated_at !== null && (r.queue !== null || r.wait_min !== null));
  const waited = read.filter((r) => r.wait_min !== null).sort((a, b) => a.wait_min! - b.wait_min! || (a.queue ?? Infinity) - (b.queue ?? Infinity) || a.name.localeCompare(b.name));
  const queued = read.filter((r) => r.wait_min === null).sort((a, b) => a.queue! - b.queue! || a.name.localeCompare(b.name));
  return [...waited, ...queued];
}

/** Intl's name of a zone's offset at an instant, as the answer writes it after a time (`GMT+2`). */
const offsetName = (lang: string, zone: string, at: Date) =>
  new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')!.value;
interface Source { product: string; ppid?: string; as_of: string }

describe('assistant: which crossing, now and later', () => {
  const cleanups: (() => unknown)[] = [];
  let built: Built;
  const ask = (q: string, lang = 'en') => askAssistant<{ intent: string; grounded: boolean; answer_text: string; figures: Figure[]; sources: Source[];
    entities: { place: { name: string; lat: number; lon: number } | null } }>(built, q, lang);
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
    it(`${lang}: ranks every crossing to Poland from \`border\`, shortest wait first, with its figures, never calling a replayed reading "now"`, async () => {
      const d = await ask(q, lang);
      assert.equal(d.intent, 'best_crossing');
      assert.equal(d.grounded, true, d.answer_text);
      const ppids = d.sources.map((s) => s.ppid);
      assert.ok(d.sources.every((s) => s.product === 'border'), JSON.stringify(d.sources));
      const border = (await built.get('border/1/2/9')).body.data.checkpoints as BorderRow[];
      // Every crossing with a reading (all 7 of the border: no limit leaves one out), by wait where held, then by queue.
      const expected = rankedNow(border);
      assert.equal(expected.length, 7);
      assert.ok(expected.some((r) => r.wait_min === null) && expected.some((r) => r.wait_min !== null), 'the sample holds both kinds');
      assert.deepEqual(ppids, expected.map((r) => r.ppid));
      for (const [k, s] of d.sources.entries()) {
        const row = border.find((r) => r.ppid === s.ppid)!;
        assert.equal(s.as_of, row.updated_at);
        assert.equal(d.figures.find((f) => f.source === k && f.label === `${k}.queue_now`)?.value, row.queue);
        assert.equal(d.figures.find((f) => f.source === k && f.label === `${k}.wait_min`)?.value ?? null, row.wait_min);
      }
      assert.deepEqual(ungroundedNumbers(d.answer_text, d.figures, names(lang)), []);
    });
  }

  it('a fastest question: shortest wait first (32 h before 39 h, whatever the queues), the crossings with no wait after, by queue', async () => {
    const d = await ask('which crossing to Poland is fastest for trucks now');
    const waits = d.figures.filter((f) => /^\d+\.wait_min$/.test(f.label)).map((f) => f.value as number);
    assert.equal(waits.length, 6);
    assert.deepEqual(waits, [...waits].sort((a, b) => a - b), 'shortest wait first');
    // The sample's queues do not rank the same way: a ranking by queue would differ.
    const queues = waits.map((_, k) => d.figures.find((f) => f.label === `${k}.queue_now`)!.value as number);
    assert.notDeepEqual(queues, [...queues].sort((a, b) => a - b));
    assert.match(d.answer_text, /by the latest readings, shortest wait first: /);
    // Nyzhankovychi holds a queue and no wait: after every crossing with a wait, said so.
    const [withWaits, rest] = d.answer_text.split('With no wait held, shortest queue first: ');
    assert.ok(rest?.startsWith('Nyzhankovychi - Malhowice: vehicles in the queue: '), d.answer_text);
    assert.doesNotMatch(withWaits!, /Nyzhankovychi/);
  });

  it('names the crossings of the border that hold no reading, or past a few, says how many', async () => {
    const light = await ask('which crossing to Poland is fastest for vans now');
    const border8 = (await built.get('border/1/2/8')).body.data.checkpoints as BorderRow[];
    const unread = border8.filter((r) => !rankedNow(border8).includes(r));
    assert.ok(unread.length >= 1 && unread.length <= 5, JSON.stringify(unread));
    assert.deepEqual(light.sources.map((s) => s.ppid), rankedNow(border8).map((r) => r.ppid));
    assert.ok(light.answer_text.includes(`${unread.map((r) => r.name).join(', ')}: no reading is held.`), light.answer_text);
    const buses = await ask('which crossing to Poland is fastest for buses now');
    const border6 = (await built.get('border/1/2/6')).body.data.checkpoints as BorderRow[];
    const missing = border6.length - rankedNow(border6).length;
    assert.ok(missing > 5, `${missing}`);
    const count = buses.figures.find((f) => f.label === 'unranked')!;
    assert.equal(count.value, missing);
    assert.ok(buses.answer_text.includes(`Crossings on this border with no reading: ${count.text}.`), buses.answer_text);
    assert.equal(buses.grounded, true);
  });

  it('names the countries a border leads into when none has a reading, never `?`', async () => {
    // No crossing leaving Ukraine has a reading for pedestrians: the `border` product lists no destination.
    assert.deepEqual((await built.get('border/1/all/7')).body.data.destinations, []);
    const d = await ask('which crossing is fastest for pedestrians');
    assert.equal(d.grounded, false);
    assert.match(d.answer_text, /^No crossing Ukraine → Poland, [^?]*has a reading for pedestrians\./, d.answer_text);
  });

  it('names the zone of every clock time, so that a Polish and a Ukrainian time in one answer compare', async () => {
    const questions: [string, string][] = [['queue at Medyka now', 'en'], ['which crossing into Ukraine is fastest for cars now', 'en'],
      ['which crossing to Poland is fastest for trucks now', 'uk'], ['which crossing to Poland is best for trucks tonight', 'pl'],
      ['forecast Yahodyn tomorrow at 6', 'de'], ['forecast Yahodyn tomorrow evening', 'en'], ['when is the best time to cross at Medyka', 'bg'],
      ['which crossing to Poland is fastest for trucks tomorrow at 6', 'fr']];
    for (const [q, lang] of questions) {
      const d = await ask(q, lang);
      const times = d.figures.filter((f) => f.unit === 'time' || f.unit === 'hour');
      assert.ok(times.length > 0, q);
      for (const time of times) {
        // A time is followed by its zone, except the start of a span (`06:00–12:00 GMT+2`) whose end names it.
        if (/span\.from$|\.from$/.test(time.label) && !time.label.startsWith('forecast.from')) continue;
        const zone = d.figures.find((f) => f.label === `${time.label}.zone` && f.unit === 'zone' && f.source === time.source);
        assert.ok(zone, `${q}: ${time.label} (${time.text}) names no zone: ${d.answer_text}`);
        assert.ok(d.answer_text.includes(`${time.text} ${zone.text}`), `${q}: ${time.text} ${zone.text} in ${d.answer_text}`);
        const checkpoint = built.deps.repos.directory.get(d.sources[zone.source]!.ppid!)!;
        assert.equal(zone.value, checkpoint.timezone);
        if (time.unit === 'time') assert.equal(zone.text, offsetName(lang, checkpoint.timezone, new Date(time.value as string)));
      }
      assert.deepEqual(ungroundedNumbers(d.answer_text, d.figures, names(lang)), [], d.answer_text);
    }
    // Medyka both ways: Kyiv's and Warsaw's times, each with its own offset.
    const medyka = await ask('queue at Medyka now');
    const zones = medyka.figures.filter((f) => f.unit === 'zone');
    assert.deepEqual(zones.map((z) => z.value).sort(), ['Europe/Kyiv', 'Europe/Warsaw']);
    assert.deepEqual(zones.map((z) => z.text).sort(), ['GMT+1', 'GMT+2']);
  });

  it('says "now" of no replayed reading: the demo\'s queues are the latest readings, and a replay', async () => {
    const d = await ask(now[0]![0]);
    assert.match(d.answer_text, /by the latest readings/);
    assert.doesNotMatch(d.answer_text, /, now,/);
    assert.match(d.answer_text, /demo data: a recorded series replayed/);
  });

  for (const [q, lang] of [['which crossing to Poland has the shortest queue for trucks tomorrow at 6', 'en'],
    ['które przejście do Polski ma najkrótszą kolejkę dla ciężarówek jutro o 6', 'pl'], ['який пункт до Польщі має найменшу чергу для вантажівок завтра о 6', 'uk']]) {
    it(`${lang}: "tomorrow at 6" ranks every crossing by its \`forecast\` of that hour, lowest wait first where one is forecast`, async () => {
      const d = await ask(q!, lang);
      assert.equal(d.intent, 'best_crossing');
      assert.ok(d.sources.every((s) => s.product === 'forecast'), JSON.stringify(d.sources));
      assert.equal(d.sources.length, 7, 'every crossing to Poland for trucks: no limit leaves one out');
      const ranked: { unit: string; value: number }[] = [];
      for (const [k, s] of d.sources.entries()) {
        const steps = (await built.get(`forecast?ppid=${s.ppid}&prediction_steps=168`)).body.data as Step[];
        const zone = built.deps.repos.directory.get(s.ppid!)!.timezone;
        const tomorrow = addDays(localParts(Math.floor(built.deps.now().getTime() / 1000), zone).date, 1);
        const at6 = steps.find((x) => localParts(x.time, zone).date === tomorrow && localParts(x.time, zone).hour === 6)!;
        const figure = d.figures.find((f) => f.source === k && f.label === `${k}.forecast.value`)!;
        // The wait where the forecast gives one (in whole minutes, as written), else the queue.
        const wait = at6.wait_min ?? null;
        assert.equal(figure.value, wait === null ? at6.avg_cars : Math.round(wait));
        ranked.push({ unit: wait === null ? 'vehicles' : 'minutes', value: figure.value as number });
      }
      const waits = ranked.filter((x) => x.unit === 'minutes');
      assert.ok(waits.length >= 2, 'the sample forecasts waits');
      assert.deepEqual(ranked, [...waits.sort((a, b) => a.value - b.value), ...ranked.filter((x) => x.unit !== 'minutes').sort((a, b) => a.value - b.value)],
        'lowest wait first, then the lowest queue');
    });
  }

  it('from a town, the travel matrix ranks the crossings by total time', async () => {
    const d = await ask('which crossing to Poland is fastest for trucks from Lviv');
    assert.equal(d.intent, 'travel_time');
    assert.deepEqual(d.sources.map((s) => s.product), ['travel-matrix']);
    assert.doesNotMatch(d.answer_text, /crossings now/);
    // Three named, fastest first; then up to two without a known queue reached sooner than the fastest total;
    // the others the matrix reached counted, never dropped unsaid.
    type Row = { checkpoint_name: string; drive_minutes: number | null; total_minutes: number | null; queue_minutes_at_arrival: number | null };
    const matrix = (await built.get('travel-matrix?origin_lat=49.8397&origin_lon=24.0297&type=9&dest=PL&lang=en')).body.data as { results: Row[] };
    const reached = matrix.results.filter((r) => r.drive_minutes !== null);
    assert.ok(reached.length > 3, `the matrix reaches ${reached.length}`);
    const best = reached.find((r) => r.total_minutes !== null && r.queue_minutes_at_arrival !== null)!.total_minutes!;
    const sooner = reached.filter((r) => r.total_minutes === null && r.drive_minutes! < best).sort((a, b) => a.drive_minutes! - b.drive_minutes!).slice(0, 2);
    for (const r of sooner) assert.ok(d.answer_text.includes(`${r.checkpoint_name}: `) && d.answer_text.includes('(no queue data held)'), `${r.checkpoint_name} in: ${d.answer_text}`);
    const more = d.figures.find((f) => f.label === 'results_more');
    assert.equal(more?.value, reached.length - 3 - sooner.length);
    assert.ok(d.answer_text.includes(`Other crossings within reach: ${reached.length - 3 - sooner.length} (travel-matrix lists them all).`), d.answer_text);
  });

  it('from a town, names the crossings without a known queue that are reached sooner than the fastest known total', async () => {
    const d = await ask('Fastest crossing from Chernivtsi?');
    assert.equal(d.intent, 'travel_time');
    assert.match(d.answer_text, /Porubne-Siret: 37 min driving \(no queue data held\)/, d.answer_text);
    // In the order of the least time each can take: Porubne-Siret, 37 min away, before the Polish crossings hours away.
    const lines = d.answer_text.split(': ').slice(1).join(': ').split('; ');
    const minutes = (line: string) => [...line.matchAll(/(?:(\d+) hr )?(\d+) min/g)].map((m) => Number(m[1] ?? 0) * 60 + Number(m[2]))[0]!;
    assert.match(lines[0]!, /^Porubne-Siret/, d.answer_text);
    assert.deepEqual(lines.map(minutes), [...lines.map(minutes)].sort((a, b) => a - b), d.answer_text);
  });

  it('from a town a crossing is named after (Uzhhorod), ranks the crossings from the town, as from any other', async () => {
    for (const [q, lang] of [['Which crossing is fastest from Uzhhorod?', 'en'], ['Które przejście jest najszybsze z Użhorodu?', 'pl'], ['Який пункт найшвидший від Ужгорода?', 'uk']]) {
      const d = await ask(q!, lang);
      assert.equal(d.intent, 'travel_time', `${q}: ${d.answer_text}`);
      assert.deepEqual(d.sources.map((s) => s.product), ['travel-matrix'], q);
      // The matrix's crossings from the town: its fastest known total named, and first the crossing reached
      // soonest (Uzhhorod-Vyšné Nemecké, minutes away, whose queue no source gives).
      type Row = { checkpoint_name: string; drive_minutes: number | null; total_minutes: number | null; queue_minutes_at_arrival: number | null };
      const matrix = (await built.get(`travel-matrix?origin_lat=${d.entities.place!.lat}&origin_lon=${d.entities.place!.lon}&type=4&lang=${lang}`)).body.data as { results: Row[] };
      const reached = matrix.results.filter((r) => r.drive_minutes !== null);
      const fastest = reached.find((r) => r.total_minutes !== null && r.queue_minutes_at_arrival !== null)!;
      const nearest = [...reached].sort((a, b) => a.drive_minutes! - b.drive_minutes!)[0]!;
      assert.ok(nearest.total_minutes === null && nearest.drive_minutes! < fastest.total_minutes!, 'the nearest crossing has no known total');
      assert.ok(d.answer_text.includes(`: ${nearest.checkpoint_name}: `), `${nearest.checkpoint_name} first in: ${d.answer_text}`);
      assert.ok(d.answer_text.includes(`; ${fastest.checkpoint_name}: `), `${fastest.checkpoint_name} in: ${d.answer_text}`);
      assert.deepEqual(ungroundedNumbers(d.answer_text, d.figures, [...names(lang!), d.entities.place!.name]), [], d.answer_text);
    }
  });

  it('from a town in Ukraine to a neighbour the question names, ranks the crossings into that neighbour only', async () => {
    const d = await ask('from Chernivtsi to Romania by car');
    assert.equal(d.intent, 'travel_time');
    type Row = { checkpoint_name: string; country: string; drive_minutes: number | null; total_minutes: number | null; queue_minutes_at_arrival: number | null };
    const get = async (dest: string) => (await built.get(`travel-matrix?origin_lat=${d.entities.place!.lat}&origin_lon=${d.entities.place!.lon}&type=4&dest=${dest}&lang=en`)).body.data as { results: Row[] };
    const ro = (await get('RO')).results.filter((r) => r.drive_minutes !== null);
    assert.ok(ro.length > 0 && ro.every((r) => r.country === 'RO'));
    const full = ro.filter((r) => r.total_minutes !== null && r.queue_minutes_at_arrival !== null);
    const named = (full.length > 0 ? full : ro).slice(0, 3);
    for (const r of named) assert.ok(d.answer_text.includes(r.checkpoint_name), `${r.checkpoint_name} in: ${d.answer_text}`);
    const others = (await get('all')).results.filter((r) => r.drive_minutes !== null && r.country !== 'RO');
    assert.ok(others.length > 0, 'from Chernivtsi other neighbours are in reach too');
    for (const r of others) assert.ok(!d.answer_text.includes(r.checkpoint_name), `${r.checkpoint_name} (${r.country}) is not a crossing to Romania`);
    assert.equal(d.figures.find((f) => f.label === 'results_more')?.value ?? 0, Math.max(0, ro.length - 3));
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

  it("answers fuel near a town with its country's prices, as for the country named", async () => {
    for (const [q, country] of [['diesel near Przemyśl', 'Poland'], ['fuel near Suceava', 'Romania']] as const) {
      const d = await ask(q);
      assert.equal(d.intent, 'fuel_prices', q);
      assert.equal(d.grounded, true, `${q}: ${d.answer_text}`);
      assert.deepEqual(d.sources.map((s) => s.product), ['fuel'], q);
      assert.ok(d.answer_text.includes(country), `${q}: ${d.answer_text}`);
      const named = await ask(q.replace(/near .+$/, `price in ${country}`));
      assert.deepEqual(d.figures.filter((f) => f.label.startsWith('price.')), named.figures.filter((f) => f.label.startsWith('price.')), q);
    }
    // A town in a country whose prices are not held: said so, not asked which country.
    const lviv = await ask('fuel near Lemberg');
    assert.equal(lviv.grounded, false);
    assert.match(lviv.answer_text, /^No fuel prices are held for Ukraine\./);
  });

  it('says a price that is not an average paid is what it is: a legal maximum', async () => {
    const fuel = (await built.get('fuel?mode=country&country=PL')).body.data as { price_kind: string; prices: Record<string, number> };
    assert.equal(fuel.price_kind, 'legal_maximum');
    const d = await ask('diesel price in Poland');
    assert.equal(d.figures.find((f) => f.label === 'price.diesel')?.value, fuel.prices.diesel);
    assert.match(d.answer_text, /These are legal maximum prices a station may ask, not the average paid\./);
    const de = await ask('Dieselpreis in Polen', 'de');
    assert.match(de.answer_text, /gesetzliche Höchstpreise/);
    // A national average says nothing of the kind.
    const ro = (await built.get('fuel?mode=country&country=RO')).body.data as { price_kind: string };
    assert.equal(ro.price_kind, 'national_average');
    assert.doesNotMatch((await ask('fuel near Siret')).answer_text, /maximum|not the average/);
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
