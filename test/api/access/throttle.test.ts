import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createThrottle } from '../../../api/access/throttle.js';

describe('attempt throttle (sliding window)', () => {
  it('allows max attempts per key in the window, then refuses until the oldest ages out', () => {
    const t = createThrottle(3, 60_000);
    assert.deepEqual([0, 1_000, 2_000, 3_000].map((ms) => t.allow('a', ms)), [true, true, true, false]);
    assert.equal(t.allow('b', 3_000), true, 'another key has its own count');
    assert.equal(t.blockedForS('a', 3_000), 57, 'until the first attempt (at 0) is a minute old');
    assert.equal(t.allow('a', 59_999), false);
    assert.equal(t.allow('a', 60_001), true, 'the oldest has aged out: one more');
    assert.equal(t.allow('a', 60_002), false, 'a refused attempt is not counted, the ones at 1 s and 2 s still are');
    assert.equal(t.allow('a', 62_001), true);
  });

  it('counts recorded failures only, for a check made before the attempt (the dashboard log-in)', () => {
    const t = createThrottle(2, 10_000);
    assert.equal(t.blockedForS('x', 0), 0);
    t.record('x', 0);
    assert.equal(t.blockedForS('x', 100), 0, 'one failure: may try again');
    t.record('x', 5_000);
    assert.equal(t.blockedForS('x', 5_000), 5, 'two: blocked until the first is 10 s old');
    assert.equal(t.blockedForS('x', 10_001), 0);
  });

  it('holds at most max attempts per key however many failures are recorded', () => {
    const t = createThrottle(3, 60_000);
    for (let ms = 0; ms < 10_000; ms++) t.record('flood', ms);
    assert.equal(t.held, 3, 'ten thousand failures in the window, three held');
    assert.equal(t.blockedForS('flood', 10_000), 60, 'blocked until the third-newest (at 9,997 ms) is a minute old');
    assert.equal(t.blockedForS('flood', 69_998), 0);
  });

  it('holds at most maxKeys keys, forgetting the least recently seen first', () => {
    const t = createThrottle(2, 60_000, { maxKeys: 1_000 });
    t.record('early', 0);
    t.record('early', 1);
    for (let i = 0; i < 5_000; i++) t.allow(`2001:db8::${i.toString(16)}`, 10 + i);
    assert.equal(t.size, 1_000);
    assert.equal(t.blockedForS('early', 6_000), 0, 'the oldest key was forgotten to make room');
    assert.equal(t.blockedForS('2001:db8::1387', 6_000), 0, 'a recent key with one attempt is still counted, not blocked');
    t.record('2001:db8::1387', 6_001);
    assert.ok(t.blockedForS('2001:db8::1387', 6_002) > 0, 'its second attempt blocks it');
  });
});
