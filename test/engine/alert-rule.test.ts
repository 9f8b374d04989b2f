import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hysteresisMargin, initialState, quietEnd, stepAlert, type AlertRule, type AlertState } from '../../engine/alert-rule.js';

/** Steps `rule` through `values` from `state`; returns the indexes that fired. */
function firings(rule: AlertRule, state: AlertState, values: number[]): number[] {
  const fired: number[] = [];
  values.forEach((value, i) => {
    const step = stepAlert(rule, state, value);
    if (step.fire) fired.push(i);
    state = step.next;
  });
  return fired;
}

test('a below alert fires once on the crossing, not again while the value stays under', () => {
  const rule: AlertRule = { condition: 'below', threshold: 180 };
  assert.deepEqual(firings(rule, initialState(rule, 300), [300, 120, 110, 100]), [1]);
});

test('a value wobbling around the threshold fires once; it re-arms only past the margin', () => {
  const rule: AlertRule = { condition: 'below', threshold: 180 };
  assert.equal(hysteresisMargin(180), 9);
  // 185 is back over the threshold but within the 9-minute margin: no re-arm, so 170 does not fire again.
  assert.deepEqual(firings(rule, initialState(rule, 300), [179, 185, 170, 181, 175]), [0]);
  // 189 reaches the margin: re-armed, and the next crossing fires.
  assert.deepEqual(firings(rule, initialState(rule, 300), [179, 189, 170]), [0, 2]);
});

test('an above alert mirrors it', () => {
  const rule: AlertRule = { condition: 'above', threshold: 50 };
  assert.equal(hysteresisMargin(50), 2.5);
  assert.deepEqual(firings(rule, initialState(rule, 10), [40, 51, 60, 48, 47, 55]), [1, 5]);
});

test('a small threshold keeps a margin of one unit', () => {
  assert.equal(hysteresisMargin(4), 1);
  const rule: AlertRule = { condition: 'above', threshold: 4 };
  assert.deepEqual(firings(rule, initialState(rule, 0), [5, 3.5, 5, 3, 5]), [0, 4]);
});

test('a condition met when the alert is made does not fire until crossed again', () => {
  const rule: AlertRule = { condition: 'below', threshold: 180 };
  assert.deepEqual(initialState(rule, 120), { armed: false, baseline: null });
  assert.deepEqual(initialState(rule, null), { armed: true, baseline: null });
  assert.deepEqual(firings(rule, initialState(rule, 120), [100, 200, 150]), [2]);
});

test('a change alert measures from the value it last fired at', () => {
  const rule: AlertRule = { condition: 'change_pct', threshold: 50 };
  // 100 -> 140 is 40 %: no; 160 is 60 %: fires, and 160 becomes the baseline; 200 is 25 % of it: no; 250 is 56 %.
  assert.deepEqual(firings(rule, initialState(rule, 100), [140, 160, 200, 250]), [1, 3]);
  // With no reading when made, the first one becomes the baseline.
  assert.deepEqual(firings(rule, initialState(rule, null), [10, 14, 16]), [2]);
});

test('quiet hours hold a notice until they end, across midnight and in the checkpoint\'s zone', () => {
  const quiet = { from: '22:00', to: '06:00' };
  // 2026-11-25 23:30 in Kyiv (UTC+2) is 21:30Z: quiet until 06:00 local = 04:00Z the next day.
  const at = Date.parse('2026-11-25T21:30:00Z') / 1000;
  assert.equal(new Date(quietEnd(at, quiet, 'Europe/Kyiv') * 1000).toISOString(), '2026-11-26T04:00:00.000Z');
  // Outside them: at once.
  const noon = Date.parse('2026-11-25T10:00:00Z') / 1000;
  assert.equal(quietEnd(noon, quiet, 'Europe/Kyiv'), noon);
  // A window within one day.
  const lunch = { from: '12:00', to: '13:30' };
  const inLunch = Date.parse('2026-11-25T11:15:00Z') / 1000; // 12:15 in Warsaw (UTC+1)
  assert.equal(new Date(quietEnd(inLunch, lunch, 'Europe/Warsaw') * 1000).toISOString(), '2026-11-25T12:30:00.000Z');
});
