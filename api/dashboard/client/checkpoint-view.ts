/**
 * Checkpoint view: a crossing's queue now per direction and vehicle type (source, age); for one of its
 * checkpoints, the last 7 days of readings with the forecast band ahead (mean, 50 % and 80 % intervals), the
 * typical week as a 7 x 24 heatmap with the best and worst 2-hour windows, and the forecast's published
 * back-test accuracy. Products: checkpoints, multi, stats, forecast, dayStats.
 */
import * as Plot from '@observablehq/plot';
import { errorCodeOf, messageOf, products, type Products } from './api.js';
import type { Location, View, ViewContext } from './context.js';
import { badge, h, numCell, replace, table } from './dom.js';
import { dateTime, iso, minutes, num, pct, vehicle } from './format.js';
import { addDays, localDate, zonedHourToUtc } from './zoned.js';

type MultiEntry = Products['multi']['data'][string];
type Forecast = Products['forecast'];
type DayStats = Products['dayStats']['data'];
type StatsDay = Products['stats']['data'];

/** What `meta.model` of a forecast publishes (models/forecast-model.ts), as far as this view reads it. */
interface PublishedModel {
  unit?: string;
  history_days?: number;
  mae?: number; baseline_mae?: number; baseline_mean4_mae?: number;
  rmse?: number; baseline_rmse?: number; baseline_mean4_rmse?: number;
  coverage_50?: number; coverage_80?: number; coverage_95?: number;
  by_horizon?: Record<string, { points: number; mae: Record<string, number>; rmse: Record<string, number>; coverage_50: number; coverage_80: number; coverage_95: number }>;
  backtest?: { origins?: number; method?: string };
  generated_at?: string;
}

const HORIZONS: Record<string, string> = { h1_6: '1-6 h', h7_24: '7-24 h', h25_168: '25-168 h' };
const HOURS = Array.from({ length: 24 }, (_, i) => i);

function directionLabel(origin: number, destination: number) {
  return `${iso(origin)} → ${iso(destination)}`;
}

export function createCheckpointView(root: HTMLElement, ctx: ViewContext): View {
  const select = h('select', { id: 'cp-location' });
  const queueBox = h('div', { id: 'cp-queue-box' });
  const selected = h('span', { id: 'cp-selected' });
  const seriesBox = h('div', { id: 'cp-series', class: 'panel' });
  const heatBox = h('div', { id: 'cp-heat', class: 'panel' });
  const accuracyBox = h('div', { id: 'cp-accuracy', class: 'panel' });
  replace(root,
    h('h2', { id: 'h-checkpoint' }, 'Checkpoint'),
    h('div', { class: 'controls' }, h('label', { for: 'cp-location' }, 'Crossing'), select),
    h('section', { 'aria-labelledby': 'h-cp-queue' }, h('h3', { id: 'h-cp-queue' }, 'Queue now, per direction and vehicle type'), queueBox),
    h('h3', { class: 'selected-h' }, 'Checkpoint shown below: ', selected),
    h('section', { 'aria-labelledby': 'h-cp-series' }, h('h3', { id: 'h-cp-series' }, 'Last 7 days and the forecast'), seriesBox),
    h('section', { 'aria-labelledby': 'h-cp-heat' }, h('h3', { id: 'h-cp-heat' }, 'Typical week (day-stats)'), heatBox),
    h('section', { 'aria-labelledby': 'h-cp-accuracy' }, h('h3', { id: 'h-cp-accuracy' }, 'Published accuracy of the forecast'), accuracyBox));

  let location: Location | null = null;
  let ppid: string | null = null;
  select.addEventListener('change', () => ctx.navigate(`#checkpoint/${select.value}`));

  async function fillSelect() {
    if (select.options.length > 0) return;
    const dir = await ctx.directory();
    for (const loc of dir.locations) {
      select.append(h('option', { value: String(loc.id) }, `${loc.name} (UA–${iso(loc.neighbour)})${loc.live ? '' : ', no readings'}`));
    }
  }

  /** The checkpoint to show first: a car leaving Ukraine if it has readings, else any with readings. */
  function defaultPpid(loc: Location): string | null {
    const live = loc.entries.filter((e) => e.last_observation !== null);
    const pick = live.find((e) => e.has_day_stats && e.origin === 1 && e.crossing_type === 4) ?? live.find((e) => e.has_day_stats) ?? live[0] ?? loc.entries[0];
    return pick?.ppid ?? null;
  }

  async function renderQueue(loc: Location) {
    queueBox.dataset.state = 'loading';
    const entries = [...loc.entries].sort((a, b) => Number(b.origin === 1) - Number(a.origin === 1) || a.crossing_type - b.crossing_type);
    let answer: Products['multi'];
    try {
      answer = await products.multi.query({ ppids: entries.map((e) => e.ppid).join(','), include: 'queue,update-info' });
    } catch (err) {
      ctx.fail(err, queueBox);
      return;
    }
    const rows = entries.map((e) => {
      const m: MultiEntry | undefined = answer.data[e.ppid];
      const q = m?.queue;
      const u = m?.update_info;
      const found = q?.found === true;
      const button = h('button', { type: 'button', class: 'link', 'aria-pressed': String(e.ppid === ppid) }, 'Show');
      button.addEventListener('click', () => ctx.navigate(`#checkpoint/${loc.id}/${e.ppid}`));
      return h('tr', { 'data-ppid': e.ppid, class: e.ppid === ppid ? 'selected' : null },
        h('td', {}, directionLabel(e.origin, e.destination)), h('td', {}, vehicle(e.crossing_type)),
        numCell(q?.queue_now ?? null, found ? num(q?.queue_now) : '–'),
        numCell(q?.wait_min ?? null, found ? minutes(q?.wait_min) : '–'),
        h('td', {}, found ? badge(q?.wait_status ?? null) : badge(null, e.last_observation !== null ? 'no reading' : 'no data')),
        h('td', {}, q?.vs_typical ?? '–'),
        h('td', {}, q?.trend_direction ? `${q.trend_direction}${q.trend_percent === null ? '' : ` (${num(q.trend_percent)} %)`}` : '–'),
        h('td', {}, u?.source_label ?? '–', u?.source ? h('br') : null, u?.source ? h('small', {}, u.source) : null),
        h('td', {}, q?.type_of_data ?? '–'),
        numCell(u?.age_seconds ?? null, found ? minutes((u?.age_seconds ?? 0) / 60) : '–'),
        h('td', {}, found ? badge(q?.freshness ?? null) : '–'),
        h('td', {}, button));
    });
    replace(queueBox, table({ id: 'cp-queue' }, `${loc.name}: readings as of ${dateTime(ctx.now(), loc.timezone)} (${loc.timezone})`,
      ['Direction', 'Vehicle', 'Queue', 'Wait', 'Status', 'Vs typical', 'Trend', 'Source', 'Data', 'Age', 'Freshness', ''], rows));
    queueBox.dataset.state = 'ready';
  }

  async function renderSeries(entry: { ppid: string; timezone: string }, forecast: PromiseSettledResult<Forecast>, days: PromiseSettledResult<Products['stats']>[]) {
    const now = ctx.now().getTime();
    const fromMs = now - 7 * 86_400_000;
    const readings: { date: Date; value: number | null }[] = [];
    let unit = 'vehicles';
    for (const d of days) {
      if (d.status !== 'fulfilled') continue;
      const day: StatsDay = d.value.data;
      if (day.unit) unit = day.unit;
      for (const hr of day.hourly) {
        const at = zonedHourToUtc(entry.timezone, day.date, hr.hour);
        if (at >= fromMs && at <= now) readings.push({ date: new Date(at), value: hr.value });
      }
    }
    readings.sort((a, b) => a.date.getTime() - b.date.getTime());
    const steps = forecast.status === 'fulfilled' ? forecast.value.data : [];
    const model = forecast.status === 'fulfilled' ? (forecast.value.meta?.model as PublishedModel | undefined) : undefined;
    if (model?.unit) unit = model.unit;
    const band = steps.map((s) => ({ date: new Date(s.time * 1000), mean: s.avg_cars, lo80: s.lower_bound, hi80: s.upper_bound, lo50: s.lower_bound_50, hi50: s.upper_bound_50 }));
    const width = Math.max(640, Math.min(1200, seriesBox.clientWidth || 960));
    const chart = Plot.plot({
      width, height: 320, marginLeft: 60, marginRight: 20,
      x: { type: 'time', label: null },
      y: { label: `queue (${unit})`, grid: true, zero: true },
      marks: [
        Plot.areaY(band, { x: 'date', y1: 'lo80', y2: 'hi80', fill: '#3b6fb6', fillOpacity: 0.16, curve: 'step-after' }),
        Plot.areaY(band, { x: 'date', y1: 'lo50', y2: 'hi50', fill: '#3b6fb6', fillOpacity: 0.3, curve: 'step-after' }),
        Plot.lineY(band, { x: 'date', y: 'mean', stroke: '#1f4e8c', strokeWidth: 2, curve: 'step-after' }),
        // Hours without a reading are left out, so the line joins the readings on either side of a gap.
        Plot.lineY(readings.filter((r) => r.value !== null), { x: 'date', y: 'value', stroke: '#c2410c', strokeWidth: 1.6 }),
        Plot.dot(readings.filter((r) => r.value !== null), { x: 'date', y: 'value', fill: '#c2410c', r: 1.6 }),
        Plot.ruleX([new Date(now)], { stroke: '#333', strokeDasharray: '4,3' }),
        Plot.text([new Date(now)], { x: (d: Date) => d, text: () => 'now', frameAnchor: 'top', dy: -6, fill: '#333' }),
      ],
    });
    chart.setAttribute('role', 'img');
    chart.setAttribute('aria-label', `Readings of the last 7 days and the forecast of the next ${steps.length} hours, in ${unit}`);
    const legend = h('p', { class: 'legend' },
      h('span', { class: 'key key-actual' }), 'readings (what happened), ', h('span', { class: 'key key-mean' }), 'forecast mean, ',
      h('span', { class: 'key key-band80' }), '80 % interval, ', h('span', { class: 'key key-band50' }), '50 % interval. Times in your browser\'s zone.');
    const note = forecast.status === 'rejected'
      ? h('p', { class: 'note', role: 'status' }, `No forecast: ${messageOf(forecast.reason)} (${errorCodeOf(forecast.reason) ?? 'error'})`)
      : h('p', { class: 'note' }, `The service publishes no past forecasts, so "what actually happened" is the 7 days of readings up to now; how often readings fell inside the band is measured by the back-test (below).`);
    const fcTable = table({ id: 'cp-forecast-table' }, `Forecast, ${steps.length} hourly steps (${unit})`, ['Hour (UTC)', 'Mean', '80 % low', '80 % high', '50 % low', '50 % high'],
      steps.map((s) => h('tr', { 'data-time': String(s.time) }, h('td', {}, dateTime(s.time * 1000)), numCell(s.avg_cars, num(s.avg_cars)),
        numCell(s.lower_bound, num(s.lower_bound)), numCell(s.upper_bound, num(s.upper_bound)), numCell(s.lower_bound_50, num(s.lower_bound_50)), numCell(s.upper_bound_50, num(s.upper_bound_50)))));
    const rdTable = table({ id: 'cp-readings-table' }, `Readings, hourly, last 7 days (${unit})`, ['Hour (UTC)', 'Value'],
      readings.map((r) => h('tr', { 'data-time': String(r.date.getTime() / 1000) }, h('td', {}, dateTime(r.date)), numCell(r.value, num(r.value)))));
    replace(seriesBox, h('figure', { id: 'cp-series-chart', 'data-steps': String(steps.length), 'data-readings': String(readings.length) }, chart, h('figcaption', {}, legend)), note,
      h('details', {}, h('summary', {}, 'The numbers'), h('div', { class: 'two' }, fcTable, rdTable)));
    seriesBox.dataset.state = 'ready';
  }

  function renderHeatmap(stats: PromiseSettledResult<Products['dayStats']>) {
    if (stats.status === 'rejected') {
      replace(heatBox, h('p', { class: 'note', role: 'status' }, `No typical week: ${messageOf(stats.reason)} (${errorCodeOf(stats.reason) ?? 'error'})`));
      heatBox.dataset.state = 'ready';
      return;
    }
    const ds: DayStats = stats.value.data;
    const max = ds.overall_max ?? Math.max(0, ...ds.matrix.flat().map((v) => v ?? 0));
    const colour = Plot.scale({ color: { type: 'linear', scheme: 'YlOrRd', domain: [0, max || 1] } });
    const mark = new Map<string, 'best' | 'worst'>();
    for (const s of ds.best_slots) for (const hh of [s.hour, s.hour + 1]) mark.set(`${s.dow}:${hh}`, 'best');
    for (const s of ds.worst_slots) for (const hh of [s.hour, s.hour + 1]) mark.set(`${s.dow}:${hh}`, 'worst');
    const rows = ds.matrix.map((row, dow) => h('tr', {}, h('th', { scope: 'row' }, ds.weekday_labels[dow] ?? String(dow)),
      ...HOURS.map((hour) => {
        const v = row[hour] ?? null;
        const cell = h('td', {
          'data-dow': String(dow), 'data-hour': String(hour), 'data-value': v === null ? '' : String(v), class: mark.get(`${dow}:${hour}`) ?? null,
          title: `${ds.weekday_labels[dow]} ${String(hour).padStart(2, '0')}:00: median ${num(v)} ${ds.unit}, p25 ${num(ds.lo[dow]?.[hour])}, p75 ${num(ds.hi[dow]?.[hour])}, ${ds.counts[dow]?.[hour] ?? 0} readings`,
        }, v === null ? '·' : String(Math.round(v)));
        if (v !== null) {
          const bg = String(colour.apply(v));
          cell.style.background = bg;
          if (v > max * 0.6) cell.style.color = '#fff';
        }
        return cell;
      })));
    const slot = (s: { dow: number; hour: number; v: number }) =>
      `${ds.weekday_labels[s.dow]} ${String(s.hour).padStart(2, '0')}:00-${String(s.hour + 2).padStart(2, '0')}:00 (${num(s.v)} ${ds.unit})`;
    replace(heatBox,
      h('p', { id: 'cp-windows' }, h('span', { class: 'key key-best' }), h('strong', {}, 'Best windows: '), ds.best_slots.map(slot).join('; '), h('br'),
        h('span', { class: 'key key-worst' }), h('strong', {}, 'Worst windows: '), ds.worst_slots.map(slot).join('; ')),
      h('div', { class: 'scroll' }, h('table', { id: 'cp-heatmap', class: 'heatmap' },
        h('caption', {}, `Median queue (${ds.unit}) by weekday and local hour (${ds.tz}), last ${ds.period_days} days, ${ds.samples} readings, quality ${ds.data_quality}`),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ''), ...HOURS.map((hr) => h('th', { scope: 'col' }, String(hr).padStart(2, '0'))))),
        h('tbody', {}, ...rows))),
      h('p', { class: 'note' }, `Weekday averages: ${ds.weekday_avg.map((v, i) => `${ds.weekday_labels[i]?.slice(0, 3)} ${num(v)}`).join(', ')}. Computed ${dateTime(ds.generated_at)} UTC.`));
    heatBox.dataset.state = 'ready';
  }

  function renderAccuracy(forecast: PromiseSettledResult<Forecast>) {
    const model = forecast.status === 'fulfilled' ? (forecast.value.meta?.model as PublishedModel | undefined) : undefined;
    if (!model || model.mae === undefined) {
      replace(accuracyBox, h('p', { class: 'note', role: 'status' }, 'No forecast model is published for this checkpoint.'));
      accuracyBox.dataset.state = 'ready';
      return;
    }
    const unit = model.unit ?? '';
    const better = model.baseline_mae ? 1 - model.mae / model.baseline_mae : null;
    const summary = h('p', { id: 'cp-accuracy-summary' },
      `Back-tested out of sample on ${model.backtest?.origins ?? '?'} origins over ${model.history_days ?? '?'} days of history. Over 1-24 h the mean absolute error is `,
      h('strong', {}, `${num(model.mae)} ${unit}`), `, against ${num(model.baseline_mae)} for the seasonal naive forecast (same hour last week) and ${num(model.baseline_mean4_mae)} for the four-week mean`,
      better !== null ? ` (${pct(better, 0)} ${better >= 0 ? 'lower' : 'higher'} than naive)` : '', '. The 80 % interval held ', h('strong', {}, pct(model.coverage_80)),
      ` of what actually happened (50 %: ${pct(model.coverage_50)}, 95 %: ${pct(model.coverage_95)}).`);
    const overall = table({ id: 'cp-accuracy-table' }, `1-24 h, ${unit}`, ['', 'Ensemble', 'Seasonal naive', 'Four-week mean'], [
      [h('th', { scope: 'row' }, 'MAE'), numCell(model.mae, num(model.mae)), numCell(model.baseline_mae ?? null, num(model.baseline_mae)), numCell(model.baseline_mean4_mae ?? null, num(model.baseline_mean4_mae))],
      [h('th', { scope: 'row' }, 'RMSE'), numCell(model.rmse ?? null, num(model.rmse)), numCell(model.baseline_rmse ?? null, num(model.baseline_rmse)), numCell(model.baseline_mean4_rmse ?? null, num(model.baseline_mean4_rmse))],
    ]);
    const buckets = Object.entries(model.by_horizon ?? {});
    const byHorizon = table({ id: 'cp-accuracy-horizons' }, 'By horizon: MAE and interval coverage', ['Horizon', 'Points', 'MAE ensemble', 'MAE naive', 'MAE 4-week', '50 %', '80 %', '95 %'],
      buckets.map(([key, b]) => [HORIZONS[key] ?? key, numCell(b.points, String(b.points)), numCell(b.mae.ensemble ?? null, num(b.mae.ensemble)),
        numCell(b.mae.seasonal_naive ?? null, num(b.mae.seasonal_naive)), numCell(b.mae.seasonal_mean4 ?? null, num(b.mae.seasonal_mean4)),
        pct(b.coverage_50, 0), pct(b.coverage_80, 0), pct(b.coverage_95, 0)]));
    const bars = buckets.flatMap(([key, b]) => [['ensemble', 'ensemble'], ['seasonal_naive', 'naive'], ['seasonal_mean4', '4-week mean']]
      .map(([member, label]) => ({ horizon: HORIZONS[key] ?? key, model: label!, mae: b.mae[member!] ?? 0 })));
    const chart = Plot.plot({
      width: 460, height: 190, marginLeft: 90, marginRight: 70, x: { label: `MAE (${unit})`, grid: true }, y: { label: null }, fy: { label: null, axis: 'right', domain: buckets.map(([key]) => HORIZONS[key] ?? key) },
      color: { domain: ['ensemble', 'naive', '4-week mean'], range: ['#1f4e8c', '#9aa5b1', '#c9ced6'], legend: true },
      marks: [Plot.barX(bars, { x: 'mae', y: 'model', fy: 'horizon', fill: 'model' }), Plot.ruleX([0])],
    });
    chart.setAttribute('aria-label', 'Mean absolute error by horizon: the ensemble beside both baselines');
    replace(accuracyBox, summary, h('div', { class: 'two' }, h('div', {}, overall, byHorizon), h('figure', { id: 'cp-accuracy-chart' }, chart)),
      h('p', { class: 'note' }, `Model fitted ${dateTime(model.generated_at ?? null)} UTC. ${model.backtest?.method ?? ''}`));
    accuracyBox.dataset.state = 'ready';
  }

  async function renderDetail(loc: Location, id: string) {
    const entry = loc.entries.find((e) => e.ppid === id);
    if (!entry) return;
    replace(selected, `${loc.name}, ${directionLabel(entry.origin, entry.destination)}, ${vehicle(entry.crossing_type)} (${entry.ppid})`);
    for (const box of [seriesBox, heatBox, accuracyBox]) {
      box.dataset.state = 'loading';
      box.setAttribute('aria-busy', 'true');
    }
    const today = localDate(entry.timezone, ctx.now().getTime());
    // One batch: the forecast, the typical week and eight local days of readings.
    const forecast = products.forecast.query({ ppid: id, prediction_steps: 168 });
    const stats = products.dayStats.query({ ppid: id });
    const days = Array.from({ length: 8 }, (_, i) => products.stats.query({ ppid: id, date: addDays(today, i - 7) }));
    const [f, s, ...d] = await Promise.allSettled([forecast, stats, ...days]) as [PromiseSettledResult<Forecast>, PromiseSettledResult<Products['dayStats']>, ...PromiseSettledResult<Products['stats']>[]];
    if (ppid !== id) return;
    const failedDays = d.filter((x) => x.status === 'rejected' && errorCodeOf(x.reason) !== 'not_found');
    if (failedDays.length > 0 && failedDays[0]!.status === 'rejected') ctx.fail(failedDays[0]!.reason);
    await renderSeries(entry, f, d);
    renderHeatmap(s);
    renderAccuracy(f);
    for (const box of [seriesBox, heatBox, accuracyBox]) box.removeAttribute('aria-busy');
  }

  return {
    async show(params) {
      await fillSelect();
      const dir = await ctx.directory();
      const loc = dir.byLocation.get(Number(params[0])) ?? dir.locations[0] ?? null;
      if (!loc) return;
      const wanted = params[1] && loc.entries.some((e) => e.ppid === params[1]) ? params[1] : null;
      const before = { location, ppid };
      location = loc;
      select.value = String(loc.id);
      ppid = wanted ?? (loc.entries.some((e) => e.ppid === ppid) ? ppid : defaultPpid(loc));
      if (before.location === loc && before.ppid === ppid && queueBox.dataset.state === 'ready') return;
      await Promise.all([renderQueue(loc), ppid ? renderDetail(loc, ppid) : Promise.resolve()]);
    },
    async refresh() {
      if (!location) return;
      await Promise.all([renderQueue(location), ppid ? renderDetail(location, ppid) : Promise.resolve()]);
    },
  };
}
