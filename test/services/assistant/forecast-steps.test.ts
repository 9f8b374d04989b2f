/**
 * Whether a forecast's hours have done better than the latest reading held: its model's out-of-sample MAE
 * beside persistence's, pooled by points over the horizon buckets the hours fall in.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beatsPersistence } from '../../../services/assistant/forecast-steps.js';

const bucket = (points: number, ensemble: number | null, persistence: number | null) => ({ points, mae: { ensemble, persistence } });
const at = (...hours: number[]) => hours.map((k) => ({ time: k * 3600, hours_from_now: k, avg_cars: 1, lower_bound: null, upper_bound: null }));

describe('beatsPersistence', () => {
  const byHorizon = { h1_6: bucket(20, 30, 10), h7_24: bucket(60, 20, 25), h25_168: bucket(400, 50, 40) };
  it('reads the buckets the hours fall in: the first six hours, the rest of the day, the long range', () => {
    assert.equal(beatsPersistence(byHorizon, at(0, 5)), false);
    assert.equal(beatsPersistence(byHorizon, at(6, 23)), true);
    assert.equal(beatsPersistence(byHorizon, at(24, 100)), false);
  });
  it('pools the buckets by their points', () => {
    // (20 x 30 + 60 x 20) / 80 = 22.5 against (20 x 10 + 60 x 25) / 80 = 21.25: no better.
    assert.equal(beatsPersistence(byHorizon, at(3, 12)), false);
    const fewFirst = { ...byHorizon, h1_6: bucket(4, 30, 10) };
    // (4 x 30 + 60 x 20) / 64 = 20.6 against (4 x 10 + 60 x 25) / 64 = 24.1: better.
    assert.equal(beatsPersistence(fewFirst, at(3, 12)), true);
  });
  it('says nothing where the model does not measure it', () => {
    assert.equal(beatsPersistence(null, at(0)), null);
    assert.equal(beatsPersistence({ ...byHorizon, h1_6: bucket(20, null, 10) }, at(0)), null);
    assert.equal(beatsPersistence({ ...byHorizon, h1_6: bucket(0, 1, 1) }, at(0)), null);
    // An even result is no better.
    assert.equal(beatsPersistence({ ...byHorizon, h1_6: bucket(5, 10, 10) }, at(0)), false);
  });
});
