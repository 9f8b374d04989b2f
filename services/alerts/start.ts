/**
 * Alerts wired into a running service: evaluated when the data versions say a checkpoint's readings moved
 * (this process's writes at once; another process's at the next data-version poll), and delivered by the
 * outbox loop, kicked as soon as an evaluation wrote events and otherwise every second.
 */
import type { Logger } from 'pino';
import type { OperationDeps } from '../deps.js';
import { createAlertEvaluator } from './evaluate.js';
import { createOutbox, type OutboxOptions } from './outbox.js';

export interface AlertsOptions {
  log: Logger;
  post: OutboxOptions['post'];
  random?: OutboxOptions['random'];
}

export function startAlerts(deps: OperationDeps, options: AlertsOptions) {
  const outbox = createOutbox({ alerts: deps.repos.alerts, now: deps.now, log: options.log, post: options.post, ...(options.random ? { random: options.random } : {}) });
  const evaluator = createAlertEvaluator(deps, { onEnqueued: () => void outbox.kick() });
  const unsubscribe = deps.versions.changes.on((change) => {
    if (change.readingsMoved.length > 0) void evaluator.evaluate(change.readingsMoved);
  });
  outbox.start();
  return {
    evaluator,
    outbox,
    async close() {
      unsubscribe();
      await evaluator.idle();
      await outbox.close();
    },
  };
}

export type RunningAlerts = ReturnType<typeof startAlerts>;
