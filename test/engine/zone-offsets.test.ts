import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { localParts } from '../../engine/local-time.js';
import { createLocalClock, offsetAt, wallToInstants, zoneSegments } from '../../engine/zone-offsets.js';

const ZONES = ['Europe/Kyiv', 'Europe/Warsaw', 'Europe/Chisinau', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/St_Johns'];
const T0 = Date.parse('2024-01-01T00:00:00Z') / 1000;
const SPAN_S = 3 * 365 * 86_400;

describe('local time from offset transitions', () => {
  it('finds each DST transition to the second', () => {
    // Warsaw 2026: clocks go forward at 01:00 UTC on 29 March and back at 01:00 UTC on 25 October.
    const start = Date.parse('2026-01-01T00:00:00Z') / 1000;
    const segments = zoneSegments('Europe/Warsaw', start, start + 365 * 86_400);
    assert.deepEqual(segments.map((s) => [new Date(s.fromS * 1000).toISOString(), s.offsetS]), [
      ['2026-01-01T00:00:00.000Z', 3600], ['2026-03-29T01:00:00.000Z', 7200], ['2026-10-25T01:00:00.000Z', 3600],
    ]);
    assert.equal(offsetAt(Date.parse('2026-07-01T00:00:00Z') / 1000, 'Asia/Kolkata'), 19_800);
  });

  it('agrees with Intl for every hour of a span, in every zone, including half-hour offsets (property)', () => {
    fc.assert(fc.property(fc.constantFrom(...ZONES), fc.integer({ min: 0, max: SPAN_S - 30 * 86_400 }), fc.integer({ min: 0, max: 59 }), (zone, offset, minute) => {
      const start = T0 + offset + minute * 60;
      const hours = 30 * 24;
      const clock = createLocalClock(zoneSegments(zone, start, start + hours * 3600));
      for (let h = 0; h < hours; h += 7) {
        const ts = start + h * 3600;
        const mine = clock(ts);
        const intl = localParts(ts, zone);
        assert.deepEqual([mine.hour, mine.weekday], [intl.hour, intl.weekday], `${zone} at ${new Date(ts * 1000).toISOString()}`);
        assert.equal(new Date(mine.day * 86_400_000).toISOString().slice(0, 10), intl.date);
      }
    }), { numRuns: 60 });
  });
});

describe('local wall time back to instants', () => {
  const wall = (iso: string) => Date.parse(`${iso}Z`) / 1000;
  const segments = zoneSegments('America/Vancouver', wall('2016-01-01T00:00'), wall('2017-01-01T00:00'));
  it('finds no instant for an hour skipped in spring and two for an hour repeated in autumn', () => {
    assert.deepEqual(wallToInstants(segments, wall('2016-03-13T02:00')), []);
    assert.deepEqual(wallToInstants(segments, wall('2016-03-13T03:00')), [Date.parse('2016-03-13T10:00:00Z') / 1000]);
    assert.deepEqual(wallToInstants(segments, wall('2016-11-06T01:00')), [Date.parse('2016-11-06T08:00:00Z') / 1000, Date.parse('2016-11-06T09:00:00Z') / 1000]);
    assert.deepEqual(wallToInstants(segments, wall('2016-07-14T00:00')), [Date.parse('2016-07-14T07:00:00Z') / 1000]);
  });
  it('maps every instant\'s own wall time back to it (property)', () => {
    fc.assert(fc.property(fc.constantFrom(...ZONES), fc.integer({ min: 86_400, max: SPAN_S - 86_400 }), (zone, offset) => {
      const ts = T0 + offset;
      const segs = zoneSegments(zone, T0, T0 + SPAN_S);
      assert.ok(wallToInstants(segs, ts + offsetAt(ts, zone)).includes(ts));
    }), { numRuns: 200 });
  });
});
