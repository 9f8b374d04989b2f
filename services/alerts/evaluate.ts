/**
 * Evaluating alerts where the data changes: when a checkpoint's readings move (an import, a feed, another
 * process's commit seen by the data-version poll, a replayed reading revealed), its active alerts are
 * stepped once with the latest reading (engine/alert-rule.ts); an alert that fires writes its event to the
 * outbox in the same transaction as its new state, with the reading, its source and kind, and the
 * forecast of the next hours. Evaluations run one at a time; checkpoints that move meanwhile are gathered
 * for the next.
 */
import { randomBytes } from 'node:crypto';
import type { AlertRow } from '../../data/alerts-repo.js';
import { quietEnd, stepAlert } from '../../engine/alert-rule.js';
import type { AlertEvent } from '../../models/alerts.js';
import { ForecastAnswer, ForecastInput } from '../../models/forecast.js';
import type { OperationDeps } from '../deps.js';
import { liveState, nowSeconds, type LiveState } from '../live/checkpoint-live.js';
import { forecast } from '../products/forecast/operation.js';
import { runOperation } from '../run-operation.js';

/** Forecast hours an event carries. */
export const EVENT_FORECAST_HOURS = 6;

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** The next hours of the checkpoint's forecast, or why there is none (too little history, the pool busy). */
async function nextHours(deps: OperationDeps, ppid: string): Promise<{ rows: AlertEvent['forecast']; note: string | null }> {
  try {
    const answer = await runOperation(forecast, ForecastInput.parse({ ppid }), deps);
    const rows = ForecastAnswer.parse((JSON.parse(`{${answer.fragment}}`) as { data: unknown }).data);
    return {
      rows: rows.slice(0, EVENT_FORECAST_HOURS).map((r) => ({
        time: r.time, hours_from_now: r.hours_from_now, avg_cars: r.avg_cars, wait_min: r.wait_min ?? null,
        lower_bound: r.lower_bound, upper_bound: r.upper_bound, unit: r.unit,
      })),
      note: null,
    };
  } catch (err) {
    return { rows: null, note: err instanceof Error ? err.message : 'no forecast' };
  }
}

/** The event's body: what fired, on which reading, and what comes next. Signed and sent as it is stored. */
function eventPayload(eventId: string, alert: AlertRow, live: LiveState, value: number, createdAt: Date, next: { rows: AlertEvent['forecast']; note: string | null }): AlertEvent {
  return {
    id: eventId,
    type: 'alert.fired' as const,
    created_at: createdAt.toISOString(),
    alert: { id: alert.public_id, ppid: alert.ppid, metric: alert.metric, condition: alert.condition, threshold: alert.threshold },
    reading: {
      at: live.updated_at, value, wait_min: live.wait_min, queue: live.queue_now,
      source: live.view?.label ?? null, type_of_data: live.type_of_data, is_realtime: live.is_realtime,
    },
    forecast: next.rows,
    ...(next.note !== null ? { forecast_note: next.note } : {}),
  };
}

export interface AlertEvaluatorOptions {
  /** Told after events were written (the delivery loop runs at once instead of at its next tick). */
  onEnqueued?: () => void;
}

export function createAlertEvaluator(deps: OperationDeps, options: AlertEvaluatorOptions = {}) {
  const waiting = new Set<string>();
  let running: Promise<number> | null = null;

  /** Steps the alerts of one checkpoint with its latest reading; returns the events written. */
  async function evaluatePpid(ppid: string): Promise<number> {
    const alerts = deps.repos.alerts.activeOn(ppid);
    const checkpoint = deps.repos.directory.get(ppid);
    if (alerts.length === 0 || !checkpoint) return 0;
    const live = liveState(deps.repos, checkpoint, nowSeconds(deps));
    if (!live.latest) return 0;
    const ts = live.latest.ts;
    let written = 0;
    let forecastRows: Awaited<ReturnType<typeof nextHours>> | null = null;
    for (const alert of alerts) {
      if (alert.last_ts !== null && alert.last_ts >= ts) continue;
      const value = alert.metric === 'wait_min' ? live.wait_min : live.queue_now;
      const state = { armed: alert.armed === 1, baseline: alert.baseline };
      if (value === null) {
        deps.repos.alerts.step(alert, ts, state, null);
        continue;
      }
      const { fire, next } = stepAlert({ condition: alert.condition, threshold: alert.threshold }, state, value);
      if (!fire) {
        deps.repos.alerts.step(alert, ts, next, null);
        continue;
      }
      forecastRows ??= await nextHours(deps, ppid);
      const now = deps.now();
      const eventId = newEventId();
      const quiet = alert.quiet_from !== null && alert.quiet_to !== null ? { from: alert.quiet_from, to: alert.quiet_to } : null;
      const dueS = quiet ? quietEnd(Math.floor(now.getTime() / 1000), quiet, checkpoint.timezone) : Math.floor(now.getTime() / 1000);
      const payload = JSON.stringify(eventPayload(eventId, alert, live, value, now, forecastRows));
      const dueMs = Math.max(now.getTime(), dueS * 1000);
      if (deps.repos.alerts.step(alert, ts, next, { event_id: eventId, payload, next_attempt_at: dueMs, created_at: now.getTime() })) written++;
    }
    return written;
  }

  async function drain(): Promise<number> {
    let written = 0;
    while (waiting.size > 0) {
      const ppids = [...waiting];
      waiting.clear();
      for (const ppid of ppids) {
        try {
          written += await evaluatePpid(ppid);
        } catch (err) {
          deps.log.warn({ err, ppid }, 'evaluating alerts failed');
        }
      }
    }
    if (written > 0) options.onEnqueued?.();
    return written;
  }

  /**
   * Evaluates the alerts on `ppids` (those without an active alert are skipped at once); resolves when
   * this and any evaluation queued meanwhile are done, with the events written.
   */
  function evaluate(ppids: Iterable<string>): Promise<number> {
    const watched = deps.repos.alerts.watched();
    for (const ppid of ppids) if (watched.has(ppid)) waiting.add(ppid);
    // A run in progress may have passed its last look at `waiting`: start again after it.
    if (running) return running.then(() => evaluate([]));
    if (waiting.size === 0) return Promise.resolve(0);
    running = drain().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    evaluate,
    /** Resolves when no evaluation is running (shutdown, tests). */
    idle: async (): Promise<void> => {
      while (running) await running.catch(() => undefined);
    },
  };
}

export type AlertEvaluator = ReturnType<typeof createAlertEvaluator>;
