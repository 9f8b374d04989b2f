import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { carrierStats } from '../../engine/carrier-stats.js';

const at = (hhmm: string) => Date.parse(`2026-11-20T${hhmm}:00Z`);
const c = (carrier: string, from: string, to: string) => ({ carrier, arrivedMs: at(from), crossedMs: at(to) });

describe('carrier statistics', () => {
  it('matches a hand computation: count, mean, median, min and max wait per carrier, most crossings first', () => {
    const stats = carrierStats([
      c('FlixBus', '10:00', '11:30'), c('FlixBus', '12:00', '12:45'), c('FlixBus', '13:00', '16:00'), c('FlixBus', '18:00', '18:20'),
      c('Ecolines', '09:00', '10:00'), c('Ecolines', '09:30', '11:10'), c('Ecolines', '20:00', '20:35'),
      c('Solo', '08:00', '09:00'),
    ], 3, 20);
    // FlixBus waits 90, 45, 180, 20: mean 83.75, median (45 + 90) / 2 = 67.5. Ecolines 60, 100, 35: mean 65, median 60.
    assert.deepEqual(stats, [
      { name: 'FlixBus', crossings: 4, avg_wait_min: 83.8, median_wait_min: 67.5, min_wait_min: 20, max_wait_min: 180 },
      { name: 'Ecolines', crossings: 3, avg_wait_min: 65, median_wait_min: 60, min_wait_min: 35, max_wait_min: 100 },
    ], 'Solo has fewer than 3 crossings');
    assert.deepEqual(carrierStats([c('A', '10:00', '10:10')], 1, 20).map((s) => s.name), ['A']);
    assert.equal(carrierStats([c('A', '10:00', '10:10'), c('B', '10:00', '10:10')], 1, 1).length, 1, 'limit');
  });
});
