/**
 * Operations: product status (the `status` product), data freshness per source and dataset, the latest
 * importer runs with their rejected-row counts (`import_runs`), request rates, error rates and latency per
 * product from the service's own metrics, the engine pool, keys and quota use per plan (the ops procedures).
 */
import * as Plot from '@observablehq/plot';
import { ops, products, type Overview, type Products } from './api.js';
import type { View, ViewContext } from './context.js';
import { badge, h, numCell, replace, table } from './dom.js';
import { dateTime, num, pct, seconds } from './format.js';

const CLASSES: Record<string, string> = { standard: 'standard', forecast_stats: 'forecast and statistics', cheap: 'cheap' };
const RUN_BADGES: Record<string, string> = { ok: 'green', 'rejected-rows': 'yellow', failed: 'red' };
/** A live feed's status as a traffic light (pending: none yet). */
const FEED_BADGES: Record<string, string> = { ok: 'green', stale: 'yellow', failing: 'red' };
const fileName = (path: string) => path.split(/[\\/]/).filter(Boolean).pop() ?? path;
const ms = (v: number | null) => (v === null ? '–' : v < 10 ? `${v.toFixed(2)} ms` : `${Math.round(v)} ms`);

export function createOpsView(root: HTMLElement, ctx: ViewContext): View {
  const statusBox = h('div', { id: 'ops-status', class: 'panel' });
  const freshBox = h('div', { id: 'ops-freshness', class: 'panel' });
  const importsBox = h('div', { id: 'ops-imports', class: 'panel' });
  const trafficBox = h('div', { id: 'ops-traffic-box', class: 'panel' });
  const engineBox = h('div', { id: 'ops-engine', class: 'panel' });
  const plansBox = h('div', { id: 'ops-plans-box', class: 'panel' });
  replace(root,
    h('h2', { id: 'h-ops' }, 'Operations'),
    h('section', { 'aria-labelledby': 'h-ops-traffic' }, h('h3', { id: 'h-ops-traffic' }, 'Requests per product'), trafficBox),
    h('div', { class: 'two' },
      h('section', { 'aria-labelledby': 'h-ops-engine' }, h('h3', { id: 'h-ops-engine' }, 'Worker pool'), engineBox),
      h('section', { 'aria-labelledby': 'h-ops-plans' }, h('h3', { id: 'h-ops-plans' }, 'Keys and quota per plan (today, UTC)'), plansBox)),
    h('section', { 'aria-labelledby': 'h-ops-fresh' }, h('h3', { id: 'h-ops-fresh' }, 'Data freshness'), freshBox),
    h('section', { 'aria-labelledby': 'h-ops-imports' }, h('h3', { id: 'h-ops-imports' }, 'Importer runs (bdds import)'), importsBox),
    h('section', { 'aria-labelledby': 'h-ops-status' }, h('h3', { id: 'h-ops-status' }, 'Product status (self-checks)'), statusBox));

  function renderStatus(answer: Products['status']) {
    const s = answer.data;
    replace(statusBox, h('p', {}, 'Overall: ', badge(s.overall ?? null), ` (checked ${dateTime(s.checked_at ?? null)} UTC)`),
      table({ id: 'ops-status-table' }, null, ['Product', 'Status', 'Reason', 'Latency', 'Detail'],
        Object.entries(s.products ?? {}).map(([name, p]) => [name, badge(p.status), h('code', { 'data-reason': p.reason ?? '' }, p.reason ?? ''),
          numCell(p.latency_ms, p.latency_ms === null ? '–' : `${p.latency_ms} ms`), p.detail ?? ''])),
      s.feeds.length === 0 ? h('p', { id: 'ops-feeds-note', class: 'note' }, 'This deployment polls no live feed (the demo, or BDDS_FEEDS=off): what it serves was seeded or imported.')
        : table({ id: 'ops-feeds' }, 'Live feeds (docs/feeds.md)', ['Feed', 'Status', 'Every', 'Last success (UTC)', 'Age', 'Failures in a row', 'Rows', 'Rejected', 'Last error'],
          s.feeds.map((f) => h('tr', { 'data-feed': f.name }, h('td', { title: f.title }, h('code', {}, f.name)), h('td', {}, badge(FEED_BADGES[f.status] ?? null, f.status)),
            numCell(f.interval_s, seconds(f.interval_s)), h('td', {}, dateTime(f.last_success_at)), numCell(f.age_s, seconds(f.age_s)),
            numCell(f.consecutive_failures, num(f.consecutive_failures)), numCell(f.rows, num(f.rows)), numCell(f.rejected, num(f.rejected)), h('td', {}, f.last_error ?? '')))));
    statusBox.dataset.state = 'ready';
  }

  function renderTraffic(o: Overview) {
    const rates = o.traffic.filter((t) => t.calls > 0).slice(0, 15);
    const chart = rates.length === 0 ? h('p', { class: 'note' }, 'No calls in the window yet.') : Plot.plot({
      width: 560, height: 40 + 20 * rates.length, marginLeft: 120, marginRight: 60, x: { label: 'calls per minute', grid: true }, y: { label: null, domain: rates.map((r) => r.operation) },
      color: { domain: ['answered', 'errors'], range: ['#5b7fa6', '#c62828'], legend: true },
      marks: [
        Plot.barX(rates.flatMap((r) => [
          { operation: r.operation, kind: 'answered', rate: r.calls ? (r.per_minute * (r.calls - r.client_errors - r.server_errors)) / r.calls : 0 },
          { operation: r.operation, kind: 'errors', rate: r.calls ? (r.per_minute * (r.client_errors + r.server_errors)) / r.calls : 0 }]), { y: 'operation', x: 'rate', fill: 'kind' }),
        Plot.text(rates, { y: 'operation', x: 'per_minute', text: (r: Overview['traffic'][number]) => num(r.per_minute), dx: 4, textAnchor: 'start' }),
        Plot.ruleX([0]),
      ],
    });
    if (chart instanceof SVGElement || chart instanceof HTMLElement) chart.setAttribute('aria-label', 'Calls per minute per product, errors in red');
    replace(trafficBox,
      h('p', { class: 'note' }, `Over the last ${seconds(o.window_s)} (the service has run ${seconds(o.uptime_s)}); latency is each call's time in the request pipeline. `,
        'The same counters are at ', h('code', {}, '/metrics'), ' (Prometheus text, with the internal token).'),
      h('figure', { id: 'ops-rates-chart' }, chart),
      h('div', { class: 'scroll' }, table({ id: 'ops-traffic' }, 'Per product', ['Product', 'Calls', 'Per minute', '4xx', '5xx', 'Error rate', 'p50', 'p95', 'Mean', 'Since start', 'Errors since start'],
        o.traffic.map((t) => h('tr', { 'data-operation': t.operation }, h('td', {}, t.operation), numCell(t.calls, num(t.calls)), numCell(t.per_minute, num(t.per_minute)),
          numCell(t.client_errors, num(t.client_errors)), numCell(t.server_errors, num(t.server_errors)), numCell(t.error_rate, pct(t.error_rate)),
          numCell(t.p50_ms, ms(t.p50_ms)), numCell(t.p95_ms, ms(t.p95_ms)), numCell(t.mean_ms, ms(t.mean_ms)), numCell(t.total_calls, num(t.total_calls)),
          numCell(t.total_errors, num(t.total_errors)))))),
      table({ id: 'ops-callers' }, 'Since start, by transport and caller', ['Transport', 'Caller', 'Calls', 'Errors'],
        o.callers.map((c) => [c.transport, c.caller, numCell(c.calls, num(c.calls)), numCell(c.errors, num(c.errors))])));
    trafficBox.dataset.state = 'ready';
  }

  function renderEngine(o: Overview) {
    const e = o.engine;
    replace(engineBox, h('dl', { id: 'ops-engine-figures', class: 'figures' },
      h('dt', {}, 'Threads'), h('dd', { 'data-value': String(e.threads) }, String(e.threads)),
      h('dt', {}, 'Busy now'), h('dd', { 'data-value': String(e.busy_threads) }, String(e.busy_threads)),
      h('dt', {}, 'Queue depth'), h('dd', { 'data-value': String(e.queue_depth) }, `${e.queue_depth} of ${e.queue_capacity} `,
        h('meter', { min: '0', max: String(e.queue_capacity), value: String(e.queue_depth), 'aria-label': 'queue depth' })),
      h('dt', {}, 'Utilisation'), h('dd', { 'data-value': String(e.utilization_window) }, `${pct(e.utilization_window)} over the window, ${pct(e.utilization)} since start`),
      h('dt', {}, 'Tasks completed'), h('dd', { 'data-value': String(e.completed) }, num(e.completed))),
    h('p', { class: 'note' }, 'Forecasts, typical weeks, the travel matrix and alternatives run in the pool; a full queue answers 503 engine_busy.'));
    engineBox.dataset.state = 'ready';
  }

  function renderPlans(o: Overview) {
    const plan = (p: string) => (p === 'payg' ? 'Pay As You Grow' : 'Explorer');
    replace(plansBox,
      table({ id: 'ops-keys' }, 'API keys', ['Plan', 'Active', 'Pending', 'Revoked', 'Used today'],
        o.plans.map((p) => h('tr', { 'data-plan': p.plan }, h('td', {}, plan(p.plan)), numCell(p.keys.active, String(p.keys.active)),
          numCell(p.keys.pending, String(p.keys.pending)), numCell(p.keys.revoked, String(p.keys.revoked)), numCell(p.keys_used_today, `${p.keys_used_today} keys`)))),
      table({ id: 'ops-plans' }, "Quota units used today against the sum of the plan's active keys' daily limits", ['Plan', 'Class', 'Used', 'Limit', 'Share'],
        o.plans.flatMap((p) => p.quota.map((q) => h('tr', { 'data-plan': p.plan, 'data-class': q.class }, h('td', {}, plan(p.plan)), h('td', {}, CLASSES[q.class] ?? q.class),
          numCell(q.used, num(q.used)), numCell(q.limit, num(q.limit)),
          h('td', {}, h('meter', { min: '0', max: String(Math.max(1, q.limit)), value: String(q.used), 'aria-label': `${plan(p.plan)}, ${CLASSES[q.class]}: share used` }), ' ',
            q.limit > 0 ? pct(q.used / q.limit, 0) : '–'))))),
      o.top_keys.length === 0 ? h('p', { class: 'note' }, 'No key has been used today.') :
        h('div', { class: 'scroll' }, table({ id: 'ops-top-keys' }, 'Keys with the most use today', ['Key', 'Plan', 'E-mail', 'Standard', 'Forecast/stats', 'Cheap', 'Of limit'],
          o.top_keys.map((k) => [h('code', {}, `${k.prefix}…`), plan(k.plan), k.email, numCell(k.used.standard, num(k.used.standard)),
            numCell(k.used.forecast_stats, num(k.used.forecast_stats)), numCell(k.used.cheap, num(k.used.cheap)), numCell(k.share, pct(k.share, 0))]))),
      h('p', { class: 'note' }, `Portal sandbox today: ${o.sandbox.used} calls by ${o.sandbox.accounts} accounts.`));
    plansBox.dataset.state = 'ready';
  }

  function renderFreshness(o: Overview) {
    replace(freshBox,
      table({ id: 'ops-sources' }, 'Queue readings per source (replayed sample shifted as served)', ['Source', 'Label', 'Kind', 'Series', 'Rows', 'Latest reading (UTC)', 'Age', 'Freshness'],
        o.sources.map((s) => h('tr', { 'data-source': s.source }, h('td', {}, h('code', {}, s.source)), h('td', {}, s.label), h('td', {}, s.kind),
          numCell(s.series, num(s.series)), numCell(s.rows, num(s.rows)), h('td', {}, dateTime(s.latest)), numCell(s.age_s, seconds(s.age_s)), h('td', {}, badge(s.freshness))))),
      table({ id: 'ops-datasets' }, 'Places, road reports and bus data per source', ['Dataset', 'Source', 'Records', 'Latest (UTC)', 'Age'],
        o.datasets.map((d) => [d.dataset, h('code', {}, d.source), numCell(d.records, num(d.records)), dateTime(d.latest), numCell(d.age_s, seconds(d.age_s))])));
    freshBox.dataset.state = 'ready';
  }

  function renderImports(o: Overview) {
    const { runs, error } = o.import_runs;
    replace(importsBox,
      h('p', { id: 'ops-import-note', class: 'note', role: 'note' }, error ?? (runs.length === 0
        ? 'No importer run is recorded in this store yet.'
        : `The latest ${runs.length} runs of bdds import on this store, the newest first. Imported: readings, crossings or routes added, places and reports added or updated; duplicates: already held (unchanged); the command lists each rejected row with file and line.`)),
      runs.length === 0 ? null : h('div', { class: 'scroll' }, table({ id: 'ops-import-runs' }, null,
        ['When (UTC)', 'Format', 'Files', 'Status', 'Rows read', 'Imported', 'Duplicates', 'Rejected'],
        runs.map((r) => h('tr', { 'data-run': String(r.id), 'data-format': r.format, 'data-status': r.status },
          h('td', { title: `started ${r.started_at}, finished ${r.finished_at}` }, dateTime(r.finished_at)),
          h('td', {}, h('code', {}, r.format), r.source ? ` (${r.source})` : ''),
          h('td', { title: r.files.join('\n') }, r.files.map(fileName).join(', ')),
          h('td', { title: r.error }, badge(RUN_BADGES[r.status] ?? null, r.status), r.error ? h('div', { class: 'note' }, r.error.length > 120 ? `${r.error.slice(0, 119)}…` : r.error) : null),
          numCell(r.rows_read, num(r.rows_read)), numCell(r.imported, num(r.imported)), numCell(r.duplicates, num(r.duplicates)),
          h('td', { class: r.rejected > 0 ? 'num rejected' : 'num', 'data-value': String(r.rejected) }, r.rejected > 0 ? badge('red', num(r.rejected)) : num(r.rejected)))))));
    importsBox.dataset.state = 'ready';
  }

  async function load() {
    for (const box of [statusBox, freshBox, importsBox, trafficBox, engineBox, plansBox]) box.dataset.state = 'loading';
    const [status, overview] = await Promise.allSettled([products.status.query({}), ops.overview.query()]);
    if (status.status === 'fulfilled') renderStatus(status.value);
    else ctx.fail(status.reason, statusBox);
    if (overview.status === 'fulfilled') {
      renderTraffic(overview.value);
      renderEngine(overview.value);
      renderPlans(overview.value);
      renderFreshness(overview.value);
      renderImports(overview.value);
    } else ctx.fail(overview.reason, trafficBox);
  }

  return { show: load, refresh: load };
}
