/**
 * A stream event says what its reading is as the live state does (checkpoint-live.ts): live, imported or the
 * replayed sample, and real time only while live and no older than 3 hours.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ObservationRow, SeriesView } from '../../../data/observations-repo.js';
import { streamReading } from '../../../services/products/queue-stream.js';

const NOW_S = Date.parse('2026-11-25T20:00:00Z') / 1000;
const view = (kind: Partial<SeriesView>): SeriesView => ({ ppid: 'id_219', source: 'echerha', sample: false, shiftS: 0, untilS: null, label: 'eCherha', category: 'queue', realtime: true, ...kind });
const row = (ageS: number): ObservationRow => ({ ts: NOW_S - ageS, queue: 40, wait_min: 120, rate_per_h: null, counted: 1, data_quality: 'high' });

describe('queue-stream events', () => {
  it('are real time while live and at most 3 hours old', () => {
    const at = (ageS: number) => streamReading(view({}), row(ageS), NOW_S);
    assert.deepEqual([at(0).type_of_data, at(0).is_realtime], ['live', true]);
    assert.equal(at(3 * 3600).is_realtime, true, 'recent: 3 hours is still real time');
    assert.equal(at(3 * 3600 + 60).is_realtime, false, 'stale');
    assert.equal(at(-60).is_realtime, true, 'a reading stamped a minute ahead is fresh');
  });
  it('are never real time when imported or replayed, however new', () => {
    const kind = (v: SeriesView) => {
      const r = streamReading(v, row(0), NOW_S);
      return [r.type_of_data, r.is_realtime];
    };
    assert.deepEqual(kind(view({ realtime: false })), ['imported', false]);
    assert.deepEqual(kind(view({ sample: true, source: 'sample.echerha' })), ['replay', false]);
  });
});
