import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildHourlyHistory } from '../../engine/hourly-history.js';

const START = Date.parse('2026-11-16T00:00:00Z') / 1000; // Monday 01:00 in Warsaw (UTC+1)

describe('buildHourlyHistory', () => {
  it('averages each hour, leaves empty hours NaN and gives each hour its local week cell', () => {
    const rows = [
      { ts: START + 600, queue: 10, wait_min: 30, data_quality: 'high' as const },
      { ts: START + 1800, queue: 20, wait_min: null, data_quality: 'high' as const },
      { ts: START + 25 * 3600, queue: 5, wait_min: null, data_quality: 'low' as const },
    ];
    const h = buildHourlyHistory(rows, START, 48, 'Europe/Warsaw');
    assert.equal(h.series[0], 15);
    assert.ok(Number.isNaN(h.series[1]!));
    assert.equal(h.series[25], 5);
    assert.equal(h.cells[0], 0 * 24 + 1, 'Monday, 01:00 local');
    assert.equal(h.cells[24], 1 * 24 + 1, 'Tuesday, 01:00 local');
    assert.deepEqual([h.unit, h.hasWaits, h.daysWithData, h.dataQuality, h.endS], ['vehicles', true, 2, 'low', START + 48 * 3600]);
  });

  it('takes the wait series when asked, or when nothing counts vehicles', () => {
    const rows = [{ ts: START + 60, queue: 10, wait_min: 40, data_quality: 'high' as const }];
    assert.equal(buildHourlyHistory(rows, START, 24, 'Europe/Warsaw', 'wait').series[0], 40);
    const waitsOnly = buildHourlyHistory([{ ts: START + 60, queue: null, wait_min: 70, data_quality: 'high' as const }], START, 24, 'Europe/Kyiv');
    assert.deepEqual([waitsOnly.unit, waitsOnly.series[0]], ['minutes', 70]);
  });
});
