/**
 * When the outbox tries a webhook delivery again, and when it stops. Exponential backoff with "equal
 * jitter" (AWS Architecture Blog, "Exponential Backoff And Jitter"): after the n-th failed attempt the wait
 * is drawn uniformly from [c/2, c], c = 30 s x 2^n capped at 2 h. Full jitter would draw from [0, c] and
 * can keep retrying at once when the random source runs low; the half-window floor keeps the schedule
 * growing, which bounds an event's attempts (30 at most, the first included, however the draws fall)
 * while still spreading the retries of many events that failed together. An event is given up once its
 * next attempt would fall more than a day after its first.
 *
 * Disabling: an alert is disabled after `DISABLE_AFTER_FAILED_EVENTS` events in a row each exhausted their
 * day of retries with no delivery between (any 2xx resets the count). Counting exhausted events rather
 * than failed attempts means an alert is switched off only after at least a day of a dead receiver, never
 * for an outage of an afternoon, however many events fired during it.
 */

export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_STEP_MS = 2 * 3_600_000;
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
export const DISABLE_AFTER_FAILED_EVENTS = 3;

/** When the event's first attempt was made and what time it is now (ms since the epoch, the caller's clock). */
export interface DeliveryTimes { firstAttemptAtMs: number; nowMs: number }

/** The most the wait after the `attempt`-th failed attempt may be: 60 s, 2 min, 4 min, ... up to 2 h. */
export function retryCeilingMs(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new Error(`attempt counts the attempts made, from 1; got ${attempt}`);
  return Math.min(MAX_RETRY_STEP_MS, FIRST_RETRY_MS * 2 ** attempt);
}

/**
 * The wait (ms) before the next attempt, after `attempt` attempts have failed, or null when that attempt
 * would come more than `GIVE_UP_AFTER_MS` after the first (the event is then given up). `random` is
 * uniform in [0, 1) (`Math.random`; tests pin it).
 */
export function nextAttemptDelayMs(attempt: number, random: () => number, times: DeliveryTimes): number | null {
  const ceilingMs = retryCeilingMs(attempt);
  const delayMs = Math.round(ceilingMs / 2 + (random() * ceilingMs) / 2);
  return times.nowMs - times.firstAttemptAtMs + delayMs > GIVE_UP_AFTER_MS ? null : delayMs;
}

/** Whether an alert's webhook is to be disabled, given how many of its events in a row exhausted their retries. */
export function shouldDisableWebhook(consecutiveExhaustedEvents: number): boolean {
  return consecutiveExhaustedEvents >= DISABLE_AFTER_FAILED_EVENTS;
}
