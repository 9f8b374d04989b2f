import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ForecastInput } from '../../models/forecast.js';

/** The first issue's message and reason for `prediction_steps` given as a query string gives it. */
const refusal = (steps: string) => {
  const r = ForecastInput.safeParse({ ppid: 'id_224', prediction_steps: steps });
  assert.equal(r.success, false, `expected ${steps} to be refused`);
  const issue = r.error!.issues[0] as { path: PropertyKey[]; message: string; params?: { reason?: string } };
  assert.deepEqual(issue.path, ['prediction_steps']);
  return [issue.message, issue.params?.reason];
};

describe('forecast input', () => {
  it('takes 24 or 168 steps, 24 by default', () => {
    assert.equal(ForecastInput.parse({ ppid: 'id_224' }).prediction_steps, 24);
    assert.equal(ForecastInput.parse({ ppid: 'id_224', prediction_steps: '168' }).prediction_steps, 168);
    assert.equal(ForecastInput.parse({ ppid: 'id_224', prediction_steps: 24 }).prediction_steps, 24);
  });

  it('refuses every other number with the same words, inside the range 24-168 or outside it', () => {
    // Outside it the message was "must be between 24 and 168", which seemed to allow 48.
    for (const steps of ['0', '-1', '23', '169', '200', '99999999999999999999']) {
      assert.deepEqual(refusal(steps), ['must be 24 or 168', 'out_of_range'], steps);
    }
    for (const steps of ['25', '48', '167']) assert.deepEqual(refusal(steps), ['must be 24 or 168', 'invalid_steps'], steps);
    assert.deepEqual(refusal('24.5'), ['must be an integer written in decimal digits', 'not_a_number'], 'not a number: its own words');
  });
});
