import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DISABLE_AFTER_FAILED_EVENTS, FIRST_RETRY_MS, GIVE_UP_AFTER_MS, MAX_RETRY_STEP_MS, nextAttemptDelayMs, retryCeilingMs, shouldDisableWebhook,
} from '../../../services/alerts/retry-schedule.js';

const HOUR_MS = 3_600_000;

/** Every attempt of one event whose deliveries all fail (ms after the first), with the random source pinned. */
function schedule(random: () => number): number[] {
  const at = [0];
  for (let attempt = 1; ; attempt++) {
    const delayMs = nextAttemptDelayMs(attempt, random, { firstAttemptAtMs: 1_000_000, nowMs: 1_000_000 + at.at(-1)! });
    if (delayMs === null) return at;
    at.push(at.at(-1)! + delayMs);
  }
}

describe('retry schedule', () => {
  it('doubles its ceiling from 60 s up to 2 h and stays there', () => {
    const ceilings = Array.from({ length: 40 }, (_, i) => retryCeilingMs(i + 1));
    assert.deepEqual(ceilings.slice(0, 3), [60_000, 120_000, 240_000]);
    for (let i = 1; i < ceilings.length; i++) assert.ok(ceilings[i]! >= ceilings[i - 1]!, `ceiling ${i + 1} below ${i}`);
    assert.equal(ceilings.at(-1), MAX_RETRY_STEP_MS);
    assert.equal(retryCeilingMs(5_000), MAX_RETRY_STEP_MS, 'no overflow to Infinity or NaN');
  });

  it('draws each wait from the upper half of its ceiling (equal jitter)', () => {
    const times = { firstAttemptAtMs: 0, nowMs: 0 };
    for (const attempt of [1, 2, 5, 9]) {
      const ceilingMs = retryCeilingMs(attempt);
      assert.equal(nextAttemptDelayMs(attempt, () => 0, times), ceilingMs / 2);
      assert.equal(nextAttemptDelayMs(attempt, () => 0.5, times), (ceilingMs * 3) / 4);
      assert.ok(nextAttemptDelayMs(attempt, () => 0.999_999, times)! <= ceilingMs);
    }
    assert.equal(nextAttemptDelayMs(1, () => 0, times), FIRST_RETRY_MS);
  });

  it('gives up once the next attempt would come more than a day after the first', () => {
    assert.equal(nextAttemptDelayMs(3, () => 0, { firstAttemptAtMs: 0, nowMs: GIVE_UP_AFTER_MS - 1_000 }), null);
    assert.equal(nextAttemptDelayMs(3, () => 0, { firstAttemptAtMs: 0, nowMs: GIVE_UP_AFTER_MS - 120_000 }), 120_000, 'just fits');
    for (const random of [() => 0, () => 0.5, () => 0.999_999, cycling(0.1, 0.9, 0.4, 0.7, 0, 0.99)]) {
      const at = schedule(random);
      assert.ok(at.at(-1)! <= GIVE_UP_AFTER_MS, `last attempt at ${at.at(-1)! / HOUR_MS} h`);
      assert.ok(at.at(-1)! > GIVE_UP_AFTER_MS - MAX_RETRY_STEP_MS, 'and it keeps trying until near the end of the day');
      assert.ok(at.length <= 30, `${at.length} attempts`);
    }
  });

  it('never waits longer than 2 h between attempts, nor less than 30 s', () => {
    const at = schedule(cycling(0.3, 0.95, 0, 0.6));
    for (let i = 1; i < at.length; i++) {
      const waitMs = at[i]! - at[i - 1]!;
      assert.ok(waitMs >= FIRST_RETRY_MS && waitMs <= MAX_RETRY_STEP_MS, `wait ${i}: ${waitMs} ms`);
    }
  });

  it('throws on an attempt count that is not a whole number from 1', () => {
    for (const attempt of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => nextAttemptDelayMs(attempt, Math.random, { firstAttemptAtMs: 0, nowMs: 0 }), /attempt counts/);
    }
  });

  it('disables an alert after three events in a row exhausted their retries', () => {
    assert.equal(DISABLE_AFTER_FAILED_EVENTS, 3);
    assert.equal(shouldDisableWebhook(2), false);
    assert.equal(shouldDisableWebhook(3), true);
  });
});

/** A random source that cycles through fixed draws, so that a jittered schedule is the same on every run. */
function cycling(...draws: number[]): () => number {
  let i = 0;
  return () => draws[i++ % draws.length]!;
}
