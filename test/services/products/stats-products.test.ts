import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseGenericCsv } from '../../../data/importers/generic.js';
import { importFeeds } from '../../../data/importers/run-import.js';
import { createResolver } from '../../../data/importers/resolve.js';
import { runDayStats } from '../../../services/jobs/day-stats-job.js';
import { appWithKey } from '../../helpers/deps.js';

const NOW = '2026-11-22T10:00:00.000Z';

// Without the recorded history the tests ingest their own readings and read them unshifted.
const statsApp = (t: import('node:test').TestContext, history = true) => appWithKey(t, { seed: { history }, now: NOW, replay: history });

describe('stats', () => {
  it('gives 24 local hours of yesterday with daily figures and a comparison', async (t) => {
    const { get } = await statsApp(t);
    const { status, body } = await get('stats?ppid=id_119&compare=1');
    assert.equal(status, 200);
    const d = body.data;
    assert.equal(d.date, '2026-11-21');
    assert.equal(d.hourly.length, 24);
    assert.equal(d.unit, 'vehicles');
    assert.ok(d.data_available);
    const held = d.hourly.filter((h: { value: number | null }) => h.value !== null).map((h: { value: number }) => h.value);
    assert.equal(d.daily.max, Math.max(...held));
    assert.equal(d.peak.value, d.daily.max);
    assert.equal(d.compare.date, '2026-11-20');
    assert.equal(d.compare.delta_avg, Math.round((d.daily.avg - d.compare.daily.avg) * 10) / 10);
    assert.equal(body.usage.class, 'forecast_stats');
  });
  it('answers in Ukrainian without lang (the interface: default uk), and says so in meta.lang', async (t) => {
    const { get } = await statsApp(t);
    const plain = await get('stats?ppid=id_119');
    assert.equal(plain.body.meta.lang, 'uk');
    assert.equal(plain.body.data.name, (await get('stats?ppid=id_119&lang=uk')).body.data.name);
    assert.match(plain.body.data.name, /[А-Яа-яІіЇїЄє]/, 'the name in Ukrainian');
    assert.equal(plain.body.data.unit_label, 'транспортні засоби');
    const en = await get('stats?ppid=id_119&lang=en');
    assert.deepEqual([en.body.meta.lang, en.body.data.unit_label], ['en', 'vehicles']);
    assert.match(en.body.data.name, /^[A-Za-z]/);
    const unsupported = await get('stats?ppid=id_119&lang=ja');
    assert.deepEqual([unsupported.body.meta.lang, unsupported.body.meta.lang_fallback, unsupported.body.meta.lang_requested], ['uk', true, 'ja'],
      "an unsupported tag falls back to the product's default");
  });
  it("shows today's hours up to now only, though the replayed series (shifted by whole weeks) holds readings past now", async (t) => {
    const { get, deps, db } = await statsApp(t);
    const tz = deps.repos.directory.get('id_119')!.timezone;
    const { localParts } = await import('../../../engine/local-time.js');
    const now = localParts(Date.parse(NOW) / 1000, tz);
    const d = (await get(`stats?ppid=id_119&date=${now.date}&lang=en`)).body.data;
    assert.ok(d.data_available, 'the hours before now hold readings');
    const later = d.hourly.filter((h: { hour: number; value: number | null }) => h.hour > now.hour);
    assert.ok(later.length > 0);
    assert.ok(later.every((h: { value: number | null; data_points: number }) => h.value === null && h.data_points === 0), JSON.stringify(later));
    // What this guards against: the sample shifted by whole weeks holds readings after now.
    const view = deps.repos.observations.view('id_119', Date.parse(NOW) / 1000)!;
    const lastStored = db.prepare('SELECT max(ts) FROM observations WHERE ppid = ? AND source = ?').pluck().get(view.ppid, view.source) as number;
    assert.ok(lastStored + view.shiftS > Date.parse(NOW) / 1000 + 3600, 'the replayed series runs past now');
  });
  it('answers a day without readings with empty values, not zeros', async (t) => {
    const { get } = await statsApp(t);
    const d = (await get('stats?ppid=id_1014&date=2026-11-01')).body.data;
    assert.deepEqual([d.data_available, d.unit, d.daily.avg, d.peak], [false, null, null, null]);
    assert.ok(d.hourly.every((h: { value: null; data_points: number }) => h.value === null && h.data_points === 0));
  });
  it('folds the repeated hour of the autumn DST day and leaves the spring one empty', async (t) => {
    const { get, deps, db } = await statsApp(t, false);
    // Readings every 30 minutes around the autumn change in Warsaw (2026-10-25, 02:00-03:00 happens twice).
    const rows = Array.from({ length: 12 }, (_, i) => `id_124,${new Date(Date.parse('2026-10-24T23:00:00Z') + i * 1_800_000).toISOString()},${10 + i}`);
    importFeeds(db, [parseGenericCsv(`ppid,time,queue\n${rows.join('\n')}\n`, 'dst.csv')], createResolver(deps.repos.directory));
    const d = (await get('stats?ppid=id_124&date=2026-10-25')).body.data;
    assert.equal(d.hours_in_day, 25);
    assert.equal(d.hourly[2].data_points, 4, 'both 02:00 hours fold into one');
    const spring = (await get('stats?ppid=id_124&date=2026-03-29')).body.data;
    assert.equal(spring.hours_in_day, 23);
  });
  it('refuses future and too old dates', async (t) => {
    const { get } = await statsApp(t, false);
    assert.equal((await get('stats?ppid=id_119&date=2026-11-23')).body.error.reason, 'date_out_of_range');
    assert.equal((await get('stats?ppid=id_119&date=2020-01-01')).body.error.reason, 'date_out_of_range');
    assert.equal((await get('stats?ppid=id_999')).status, 404);
  });
});

describe('day-stats', () => {
  it('is precomputed by the job, served with labels in the language, and 404 without enough data', async (t) => {
    const { get, deps } = await statsApp(t);
    const before = (await get('day-stats?ppid=id_119')).body.error;
    assert.equal(before.reason, 'no_day_stats', 'nothing before the job ran');
    // Not blamed on its history: the job has not reached it yet (a new store's first run).
    assert.match(before.message, /^id_119 has no typical week yet: the daily day-stats job has not reached it/);
    const result = await runDayStats(deps);
    assert.ok(result.stored > 30, `stored ${result.stored}`);
    const { status, body } = await get('day-stats?ppid=id_119&lang=pl');
    assert.equal(status, 200);
    const d = body.data;
    assert.equal(d.matrix.length, 7);
    assert.ok(d.matrix.every((row: unknown[]) => row.length === 24));
    assert.deepEqual(d.weekday_labels.slice(0, 2), ['poniedziałek', 'wtorek']);
    assert.deepEqual([d.unit, d.unit_label], ['vehicles', 'pojazdy'], 'the unit stays a token; its label is in lang');
    const plain = (await get('day-stats?ppid=id_119')).body;
    assert.deepEqual([plain.meta.lang, plain.data.weekday_labels[0], plain.data.unit_label], ['uk', 'понеділок', 'транспортні засоби'], 'default uk');
    assert.equal(d.period_days, 60);
    assert.equal(d.best_slots.length, 3);
    assert.ok(d.lo[0].every((v: number | null, h: number) => v === null || (v <= d.matrix[0][h] && d.matrix[0][h] <= d.hi[0][h])));
    const none = (await get('day-stats?ppid=id_1014')).body.error;
    assert.deepEqual([none.reason, none.message], ['no_day_stats', 'id_1014 has no readings, so no typical week.']);
    const listed = (await get('checkpoints?country=2')).body.data.checkpoints;
    assert.equal(listed.find((c: { ppid: string }) => c.ppid === 'id_119').has_day_stats, true);
  });
});

describe('alternatives', () => {
  it('lists other crossings on the same border for the same vehicle type, ranked, with best', async (t) => {
    const { get } = await statsApp(t);
    const { status, body } = await get('alternatives?ppid=id_519&lang=en&limit=3');
    assert.equal(status, 200);
    const d = body.data;
    assert.equal(d.alternatives.length, 3);
    assert.ok(d.alternatives.every((a: { ppid: string }) => a.ppid.endsWith('19') && a.ppid !== 'id_519'), 'type 9, same direction');
    const totals = d.alternatives.map((a: { total_delta_min: number | null }) => a.total_delta_min).filter((v: number | null) => v !== null);
    assert.deepEqual(totals, [...totals].sort((a, b) => a - b));
    assert.deepEqual(d.best, d.alternatives.find((a: { is_better: boolean }) => a.is_better) ?? null);
    const cars = (await get('alternatives?ppid=id_519&crossing_type=4&limit=10')).body.data.alternatives;
    assert.ok(cars.length > 0 && cars.every((a: { ppid: string }) => a.ppid.endsWith('14')));
    assert.equal((await get('alternatives?ppid=id_519&limit=11')).status, 400);
  });
});
