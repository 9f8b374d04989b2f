/**
 * The service's own metrics, in one prom-client registry per app (tests build many apps in one process):
 * read at scrape time from what the service already keeps, so nothing is added to a request's path but
 * the pipeline's per-call latency bucket (api/pipeline/metrics.ts).
 *
 * - `bdds_requests_total{operation,transport,caller,status}` and `bdds_request_errors_total` (status >= 400),
 *   from the pipeline's call counts (every transport: REST, tRPC, MCP, the sandbox, the CLI);
 * - `bdds_request_duration_seconds{operation,transport}`, a histogram of each call's time in the pipeline;
 * - the engine pool: `bdds_engine_queue_depth`, `_queue_capacity`, `_threads`, `_busy_threads`,
 *   `_busy_seconds_total` (thread-seconds on tasks: `rate(...[5m]) / threads` is the utilisation),
 *   `_utilization_ratio` (since start), `_tasks_completed_total`;
 * - keys and quota: `bdds_api_keys{plan,status}`, `bdds_quota_used_units{plan,class}` (today, UTC) and
 *   `bdds_quota_limit_units{plan,class}` (the sum of the plan's active keys' daily limits),
 *   `bdds_sandbox_calls_today`;
 * - data: `bdds_source_last_reading_timestamp_seconds{source,kind}` and `bdds_source_age_seconds`,
 *   `bdds_product_status{product,status}` (1 for the status of the last self-check round).
 *
 * `overview()` gives the dashboard the same figures, with rates over the last five minutes from samples
 * of the counters taken every 15 seconds.
 */
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, type Metric, Registry } from 'prom-client';
import type { Deps } from '../deps.js';
import { LATENCY_BOUNDS_MS, type CallCount, type LatencyCount } from '../pipeline/metrics.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { feedHealth } from '../../services/feeds/health.js';
import type { FeedHealth } from '../../models/status.js';
import { createStoreFigures, type DatasetFreshness, type PlanFigures, type SourceFreshness, type TopKey } from './store-figures.js';

/** How far back the dashboard's rates look, and how often the counters are sampled for them. */
export const RATE_WINDOW_MS = 5 * 60_000;
export const SAMPLE_EVERY_MS = 15_000;

const BOUNDS_S = LATENCY_BOUNDS_MS.map((ms) => ms / 1000);

interface OpTotals {
  calls: number;
  clientErrors: number;
  serverErrors: number;
  /** Latency buckets, summed over transports. */
  buckets: number[];
  sumMs: number;
}

interface Sample {
  atMs: number;
  byOp: Map<string, OpTotals>;
  /** The pool's thread-seconds on tasks. */
  busyS: number;
}

export interface ProductTraffic {
  operation: string;
  /** Over the window (`window_s`): calls, calls per minute, 4xx and 5xx answers, error share, latency quantiles. */
  calls: number;
  per_minute: number;
  client_errors: number;
  server_errors: number;
  error_rate: number | null;
  p50_ms: number | null;
  p95_ms: number | null;
  mean_ms: number | null;
  /** Since the process started. */
  total_calls: number;
  total_errors: number;
}

export interface EngineFigures {
  threads: number;
  busy_threads: number;
  queue_depth: number;
  queue_capacity: number;
  /** Share of the threads' time on tasks over the window, and since start (0-1). */
  utilization_window: number;
  utilization: number;
  completed: number;
}

export interface OperationsOverview {
  now: string;
  uptime_s: number;
  window_s: number;
  traffic: ProductTraffic[];
  /** Calls since start by transport and caller kind. */
  callers: { transport: string; caller: string; calls: number; errors: number }[];
  engine: EngineFigures;
  sources: SourceFreshness[];
  datasets: DatasetFreshness[];
  plans: PlanFigures[];
  top_keys: TopKey[];
  sandbox: { used: number; accounts: number };
}

/** The q-quantile of bucketed latencies (ms), interpolated within its bucket as Prometheus does; null without calls. */
export function quantileMs(buckets: readonly number[], q: number): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    const inBucket = buckets[i]!;
    if (seen + inBucket >= rank && inBucket > 0) {
      if (i >= LATENCY_BOUNDS_MS.length) return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]!;
      const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1]!;
      const upper = LATENCY_BOUNDS_MS[i]!;
      return lower + ((upper - lower) * (rank - seen)) / inBucket;
    }
    seen += inBucket;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]!;
}

function totalsByOp(calls: readonly CallCount[], latency: readonly LatencyCount[]): Map<string, OpTotals> {
  const byOp = new Map<string, OpTotals>();
  const entry = (op: string) => {
    let t = byOp.get(op);
    if (!t) byOp.set(op, (t = { calls: 0, clientErrors: 0, serverErrors: 0, buckets: new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0), sumMs: 0 }));
    return t;
  };
  for (const c of calls) {
    const t = entry(c.operation);
    t.calls += c.count;
    if (c.status >= 500) t.serverErrors += c.count;
    else if (c.status >= 400) t.clientErrors += c.count;
  }
  for (const l of latency) {
    const t = entry(l.operation);
    l.buckets.forEach((n, i) => (t.buckets[i]! += n));
    t.sumMs += l.sumMs;
  }
  return byOp;
}

/**
 * The process's own metrics, prom-client's defaults (CPU, resident memory, heap, event-loop lag, GC,
 * handles, the Node version): collected once per process into a registry of their own, since they describe
 * the process whatever app runs in it (tests build many), then registered in each app's registry beside its
 * own series. Collecting them per app would start another event-loop monitor and GC observer each time.
 */
let processMetrics: Registry | null = null;
function processRegistry(): Registry {
  if (processMetrics === null) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

export function createServiceMetrics(deps: Deps, pipeline: Pipeline) {
  const registry = new Registry();
  // The array holds the metric objects themselves (typed as their plain description).
  for (const metric of processRegistry().getMetricsAsArray()) registry.registerMetric(metric as unknown as Metric);
  const figures = createStoreFigures(deps.repos.figures, { replay: deps.settings.demoReplay });
  const startedMs = performance.now();
  const engine = deps.engine;

  /** Store reads for a scrape: a store that refuses them leaves those series out rather than failing the scrape. */
  const guarded = <T>(what: string, read: () => T): T | null => {
    try {
      return read();
    } catch (err) {
      deps.log.warn({ err }, `metrics: reading ${what} failed`);
      return null;
    }
  };

  new Counter({
    name: 'bdds_requests_total', help: 'Calls answered by the request pipeline, by operation, transport, caller kind and HTTP status.',
    labelNames: ['operation', 'transport', 'caller', 'status'], registers: [registry],
    collect() {
      this.reset();
      for (const c of pipeline.metrics.snapshot()) this.inc({ operation: c.operation, transport: c.transport, caller: c.caller, status: String(c.status) }, c.count);
    },
  });
  new Counter({
    name: 'bdds_request_errors_total', help: 'Calls answered with an error (HTTP status 400 and above), by operation, transport, caller kind and status.',
    labelNames: ['operation', 'transport', 'caller', 'status'], registers: [registry],
    collect() {
      this.reset();
      for (const c of pipeline.metrics.snapshot()) {
        if (c.status >= 400) this.inc({ operation: c.operation, transport: c.transport, caller: c.caller, status: String(c.status) }, c.count);
      }
    },
  });
  // A histogram made from the pipeline's own buckets (prom-client's Histogram can only be observed one value at a time).
  const durationName = 'bdds_request_duration_seconds';
  const durationHelp = 'Time of each call in the request pipeline (from arrival to the answer), by operation and transport.';
  registry.registerMetric({
    name: durationName, help: durationHelp, type: 'histogram', aggregator: 'sum',
    get: async () => ({
      name: durationName, help: durationHelp, type: 'histogram', aggregator: 'sum',
      values: pipeline.metrics.latency().flatMap((l) => {
        const labels = { operation: l.operation, transport: l.transport };
        let cumulative = 0;
        const buckets = l.buckets.map((n, i) => {
          cumulative += n;
          return { metricName: `${durationName}_bucket`, labels: { ...labels, le: i < BOUNDS_S.length ? BOUNDS_S[i]! : '+Inf' }, value: cumulative };
        });
        return [...buckets, { metricName: `${durationName}_sum`, labels, value: l.sumMs / 1000 }, { metricName: `${durationName}_count`, labels, value: l.count }];
      }),
    }),
    reset: () => undefined,
  } as unknown as Parameters<Registry['registerMetric']>[0]);

  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
  gauge('bdds_engine_queue_depth', 'Engine tasks waiting for a worker thread.', () => engine.queueSize);
  gauge('bdds_engine_queue_capacity', 'Engine tasks allowed to wait before calls are answered 503 engine_busy.', () => engine.maxQueue);
  gauge('bdds_engine_threads', 'Worker threads of the engine pool.', () => engine.threads);
  gauge('bdds_engine_busy_threads', 'Worker threads running a task now.', () => engine.busyThreads ?? 0);
  gauge('bdds_engine_utilization_ratio', "Share of the worker threads' time spent on tasks since the pool started (0-1).", () => engine.utilization ?? 0);
  new Counter({
    name: 'bdds_engine_busy_seconds_total', help: 'Thread-seconds the worker threads spent on tasks (rate / threads = utilisation).', registers: [registry],
    collect() { this.reset(); this.inc(engine.busySeconds ?? 0); },
  });
  new Counter({
    name: 'bdds_engine_tasks_completed_total', help: 'Engine tasks finished since the pool started.', registers: [registry],
    collect() { this.reset(); this.inc(engine.completed ?? 0); },
  });
  gauge('bdds_uptime_seconds', 'Seconds since this app was built.', () => (performance.now() - startedMs) / 1000);

  const labelled = (name: string, help: string, labelNames: string[], read: (g: Gauge) => void) =>
    new Gauge({ name, help, labelNames, registers: [registry], collect() { this.reset(); read(this); } });
  /**
   * One store read per scrape for the gauges that share it: prom-client runs every metric's `collect` in one
   * synchronous pass, so the value is kept until the next microtask.
   */
  const perScrape = <T>(what: string, read: () => T) => {
    let held: { value: T | null } | null = null;
    return (): T | null => {
      if (held === null) {
        held = { value: guarded(what, read) };
        queueMicrotask(() => (held = null));
      }
      return held.value;
    };
  };
  const plansOfScrape = perScrape('quota', () => figures.plans(deps.now()));
  const plansNow = () => plansOfScrape() ?? [];
  const sourcesOfScrape = perScrape('sources', () => figures.sources(deps.now()));
  labelled('bdds_api_keys', 'API keys by plan and state.', ['plan', 'status'], (g) => {
    for (const p of plansNow()) {
      for (const [status, n] of Object.entries(p.keys)) g.set({ plan: p.plan, status }, n);
    }
  });
  labelled('bdds_quota_used_units', 'Quota units used today (UTC day) by the keys of a plan, per quota class.', ['plan', 'class'], (g) => {
    for (const p of plansNow()) for (const q of p.quota) g.set({ plan: p.plan, class: q.class }, q.used);
  });
  labelled('bdds_quota_limit_units', "Sum of the daily limits of a plan's active keys, per quota class.", ['plan', 'class'], (g) => {
    for (const p of plansNow()) for (const q of p.quota) g.set({ plan: p.plan, class: q.class }, q.limit);
  });
  // The live feeds (services/feeds/): fetches and failures as counters, the time of the last attempt and the age of the last success.
  const feedsOfScrape = perScrape('feeds', () => feedHealth(deps.settings.feeds ?? [], deps.repos.feeds, deps.now()));
  const feedCounter = (name: string, help: string, read: (f: FeedHealth) => number) => new Counter({
    name, help, labelNames: ['feed'], registers: [registry],
    collect() {
      this.reset();
      for (const f of feedsOfScrape() ?? []) this.inc({ feed: f.name }, read(f));
    },
  });
  feedCounter('bdds_feed_fetches_total', 'Polls of each live feed (every attempt, also a 304 or a failure).', (f) => f.fetches);
  feedCounter('bdds_feed_failures_total', 'Failed or refused polls of each live feed.', (f) => f.failures);
  labelled('bdds_feed_last_duration_seconds', 'How long the last poll of each live feed took (fetch, validate, store).', ['feed'], (g) => {
    for (const f of feedsOfScrape() ?? []) {
      const ms = deps.repos.feeds.get(f.name)?.last_duration_ms;
      if (ms !== null && ms !== undefined) g.set({ feed: f.name }, ms / 1000);
    }
  });
  labelled('bdds_feed_age_seconds', 'Seconds since the last successful poll of each live feed (absent before one).', ['feed'], (g) => {
    for (const f of feedsOfScrape() ?? []) if (f.age_s !== null) g.set({ feed: f.name }, f.age_s);
  });
  labelled('bdds_feed_up', '1 when a live feed\'s last poll succeeded and it is not stale, else 0.', ['feed'], (g) => {
    for (const f of feedsOfScrape() ?? []) g.set({ feed: f.name }, f.status === 'ok' ? 1 : 0);
  });
  gauge('bdds_sandbox_calls_today', 'Calls made today (UTC day) in the developer portal sandbox.', () => guarded('sandbox', () => figures.sandbox(deps.now()))?.used ?? 0);
  labelled('bdds_source_last_reading_timestamp_seconds', 'The latest queue reading of each source visible now (Unix seconds; replayed sample shifted as served).',
    ['source', 'kind'], (g) => {
      for (const s of sourcesOfScrape() ?? []) {
        if (s.latest !== null) g.set({ source: s.source, kind: s.kind }, Date.parse(s.latest) / 1000);
      }
    });
  labelled('bdds_source_age_seconds', 'Age of the latest queue reading of each source.', ['source', 'kind'], (g) => {
    for (const s of sourcesOfScrape() ?? []) if (s.age_s !== null) g.set({ source: s.source, kind: s.kind }, s.age_s);
  });
  labelled('bdds_product_status', 'The status of each product in the last self-check round (1 for the current status).', ['product', 'status'], (g) => {
    for (const c of guarded('status', () => deps.repos.status.all()) ?? []) {
      for (const status of ['online', 'degraded', 'offline']) g.set({ product: c.product, status }, c.status === status ? 1 : 0);
    }
  });

  // Samples of the counters for the dashboard's rates: the first one is the empty state at start.
  const samples: Sample[] = [{ atMs: startedMs, byOp: new Map(), busyS: engine.busySeconds ?? 0 }];
  const sample = () => {
    const atMs = performance.now();
    samples.push({ atMs, byOp: totalsByOp(pipeline.metrics.snapshot(), pipeline.metrics.latency()), busyS: engine.busySeconds ?? 0 });
    while (samples.length > 2 && samples[1]!.atMs <= atMs - RATE_WINDOW_MS) samples.shift();
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  timer.unref();

  function overview(): OperationsOverview {
    const nowMs = performance.now();
    const now = deps.now();
    const calls = pipeline.metrics.snapshot();
    const current = totalsByOp(calls, pipeline.metrics.latency());
    // The oldest sample within the window (or the start, if younger than the window).
    const base = samples.find((s) => s.atMs >= nowMs - RATE_WINDOW_MS) ?? samples[samples.length - 1]!;
    const windowMs = Math.max(1, nowMs - base.atMs);
    const traffic: ProductTraffic[] = [...current.entries()].map(([operation, t]) => {
      const b = base.byOp.get(operation);
      const n = t.calls - (b?.calls ?? 0);
      const client = t.clientErrors - (b?.clientErrors ?? 0);
      const server = t.serverErrors - (b?.serverErrors ?? 0);
      const buckets = t.buckets.map((v, i) => v - (b?.buckets[i] ?? 0));
      const timed = buckets.reduce((x, y) => x + y, 0);
      return {
        operation, calls: n, per_minute: Math.round((n / windowMs) * 60_000 * 100) / 100,
        client_errors: client, server_errors: server, error_rate: n > 0 ? (client + server) / n : null,
        p50_ms: quantileMs(buckets, 0.5), p95_ms: quantileMs(buckets, 0.95),
        mean_ms: timed > 0 ? (t.sumMs - (b?.sumMs ?? 0)) / timed : null,
        total_calls: t.calls, total_errors: t.clientErrors + t.serverErrors,
      };
    }).sort((x, y) => y.calls - x.calls || y.total_calls - x.total_calls || x.operation.localeCompare(y.operation));
    const callers = new Map<string, { transport: string; caller: string; calls: number; errors: number }>();
    for (const c of calls) {
      const key = `${c.transport}|${c.caller}`;
      const e = callers.get(key) ?? { transport: c.transport, caller: c.caller, calls: 0, errors: 0 };
      e.calls += c.count;
      if (c.status >= 400) e.errors += c.count;
      callers.set(key, e);
    }
    return {
      now: now.toISOString(),
      uptime_s: Math.round((nowMs - startedMs) / 1000),
      window_s: Math.round(windowMs / 1000),
      traffic,
      callers: [...callers.values()].sort((a, b) => b.calls - a.calls),
      engine: {
        threads: engine.threads, busy_threads: engine.busyThreads ?? 0, queue_depth: engine.queueSize, queue_capacity: engine.maxQueue,
        utilization_window: Math.min(1, Math.max(0, ((engine.busySeconds ?? 0) - base.busyS) / ((windowMs / 1000) * engine.threads))),
        utilization: engine.utilization ?? 0, completed: engine.completed ?? 0,
      },
      sources: guarded('sources', () => figures.sources(now)) ?? [],
      datasets: guarded('datasets', () => figures.datasets(now)) ?? [],
      plans: guarded('plans', () => figures.plans(now)) ?? [],
      top_keys: guarded('keys', () => figures.topKeys(now)) ?? [],
      sandbox: guarded('sandbox', () => figures.sandbox(now)) ?? { used: 0, accounts: 0 },
    };
  }

  return {
    registry,
    contentType: registry.contentType,
    /** The Prometheus text exposition of every metric. */
    text: () => registry.metrics(),
    overview,
    close: () => clearInterval(timer),
  };
}

export type ServiceMetrics = ReturnType<typeof createServiceMetrics>;
