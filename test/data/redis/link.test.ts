import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundedCommand, isRedisUnavailable, NOTICE_TURNS } from '../../../data/redis/link.js';

/** A reply the loop notices `turns` turns after its timers phase (the socket read late on a busy loop). */
const noticedAfter = (turns: number) => new Promise<string>((resolve) => {
  setTimeout(() => {
    const next = (left: number): void => void (left === 0 ? resolve('PONG') : setImmediate(() => next(left - 1)));
    next(turns);
  }, 0);
});

/** Holds the thread past the time-out, as thousands of requests would. */
const blockFor = (ms: number) => { const until = Date.now() + ms; while (Date.now() < until) { /* busy */ } };

describe('a Redis command time-out', () => {
  it('takes an answer the loop noticed a turn or two late, rather than reporting Redis down', async () => {
    const pending = boundedCommand(noticedAfter(2), 10);
    blockFor(40); // both timers are due when the loop comes back; the answer is read two turns later
    assert.equal(await pending, 'PONG');
  });

  it('still fails a command that never answers, within a few turns of its time-out', async () => {
    const never = new Promise<string>(() => undefined);
    await assert.rejects(boundedCommand(never, 10), (err: unknown) => isRedisUnavailable(err) && /within 10 ms/.test(String(err)));
  });

  it('fails an answer noticed later than the turns it is given', async () => {
    const pending = boundedCommand(noticedAfter(NOTICE_TURNS + 3), 10);
    blockFor(40);
    await assert.rejects(pending, isRedisUnavailable);
  });
});
