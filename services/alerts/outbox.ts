/**
 * The webhook delivery loop: off the request path, it claims the due events of the outbox (one per alert,
 * so each alert's events arrive in order; leased, so one instance sends each), signs each with its alert's
 * secret at the moment of sending (`X-BDDS-Signature: t=<s>,v1=<HMAC-SHA256 of "<t>.<body>">`), names it
 * (`X-BDDS-Event-Id`, the same on every retry: receivers drop repeats by it) and POSTs it to an address
 * checked again, after DNS and on every redirect (webhook-post.ts). A 2xx delivers; anything else is
 * retried with backoff for a day (retry-schedule.ts); an alert whose events keep failing is disabled with
 * its reason. The store holds every event until it is settled: a restart loses none.
 */
import type { Logger } from 'pino';
import type { AlertsRepo, ClaimedEvent } from '../../data/alerts-repo.js';
import { DISABLE_AFTER_FAILED_EVENTS, nextAttemptDelayMs } from './retry-schedule.js';
import { postWebhook, type PostWebhookOptions, type WebhookAttempt } from './webhook-post.js';
import { signWebhook } from './webhook-signature.js';

/** How long a claimed event is held for this instance: longer than an attempt's whole time budget. */
export const CLAIM_LEASE_MS = 60_000;
/** Events sent at once (in parallel, each to a different alert). */
export const DELIVERY_BATCH = 16;
/** How often the loop looks for due events when nothing wakes it. */
export const DELIVERY_TICK_MS = 1_000;

export interface OutboxOptions {
  alerts: AlertsRepo;
  now: () => Date;
  log: Logger;
  post: Pick<PostWebhookOptions, 'allowPrivate' | 'userAgent' | 'timeoutMs' | 'lookup' | 'testNetwork'>;
  /** Uniform in [0, 1): the retry jitter (tests pin it). */
  random?: () => number;
  /** One attempt (tests may count them); webhook-post.ts's by default. */
  send?: typeof postWebhook;
}

export function createOutbox(options: OutboxOptions) {
  const random = options.random ?? Math.random;
  const send = options.send ?? postWebhook;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;

  async function deliver(event: ClaimedEvent): Promise<boolean> {
    const timestampS = Math.floor(options.now().getTime() / 1000);
    const headers = {
      'x-bdds-signature': signWebhook(event.secret, event.payload, timestampS),
      'x-bdds-event-id': event.event_id,
      'x-bdds-alert-id': event.public_id,
    };
    let attempt: WebhookAttempt;
    try {
      attempt = await send({ url: event.webhook_url }, event.payload, headers, options.post);
    } catch (err) {
      attempt = { ok: false, status: null, error: 'network', detail: (err as Error).message, durationMs: 0 };
    }
    const nowMs = options.now().getTime();
    if (attempt.ok) {
      options.alerts.delivered(event, attempt.status ?? 200, nowMs);
      return true;
    }
    const delay = nextAttemptDelayMs(event.attempts + 1, random, { firstAttemptAtMs: event.created_at, nowMs });
    const error = `${attempt.error}${attempt.detail ? `: ${attempt.detail}` : ''}`;
    const disabled = options.alerts.failed(event, attempt.status, error, delay === null ? null : nowMs + delay, DISABLE_AFTER_FAILED_EVENTS);
    options.log.info({ event: event.event_id, alert: event.public_id, status: attempt.status, error, retry_in_ms: delay, disabled }, 'webhook delivery failed');
    return false;
  }

  /** Claims and sends what is due until nothing is; returns the events delivered. */
  async function drain(): Promise<number> {
    let delivered = 0;
    do {
      again = false;
      for (;;) {
        const nowMs = options.now().getTime();
        const batch = options.alerts.claim(nowMs, nowMs + CLAIM_LEASE_MS, DELIVERY_BATCH);
        if (batch.length === 0) break;
        const results = await Promise.all(batch.map(deliver));
        delivered += results.filter(Boolean).length;
        // A batch that all failed is retried later, not in this loop.
        if (results.every((ok) => !ok)) break;
      }
    } while (again && !closed);
    return delivered;
  }

  /** Runs the loop now (or once more after the current run); resolves with what that run delivered. */
  function kick(): Promise<number> {
    if (closed) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err) => {
        options.log.warn({ err }, 'the webhook delivery loop failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    kick,
    start() {
      timer ??= setInterval(() => void kick(), DELIVERY_TICK_MS);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
