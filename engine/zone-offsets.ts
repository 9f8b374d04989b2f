/**
 * Local time over a span of instants from the zone's UTC offset transitions, found with a handful of
 * Intl calls instead of one per instant: the offset is read at the start and once a week after; where
 * two readings differ, the transition between them is bisected to the second. Within a segment, local
 * wall time is plain arithmetic (instant + offset), so an hourly series of 60 days costs ~20 Intl calls,
 * not 1,440. Assumes at most one transition per week (true of every zone's DST rules).
 */

import { zoneFields } from './local-time.js';

/** The zone's offset from UTC at `tsS`, in seconds (one Intl call, through local-time.ts's formatter). */
export function offsetAt(tsS: number, timeZone: string): number {
  const p = zoneFields(tsS, timeZone);
  const wallS = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) / 1000;
  return wallS - Math.floor(tsS);
}

export interface OffsetSegment {
  /** The first instant (s) this offset applies to. */
  fromS: number;
  offsetS: number;
}

const WEEK_S = 7 * 86_400;

/** The offsets in force over [startS, endS], as segments in time order (the first starts at startS). */
export function zoneSegments(timeZone: string, startS: number, endS: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [{ fromS: startS, offsetS: offsetAt(startS, timeZone) }];
  let probeS = startS;
  let probeOffset = segments[0]!.offsetS;
  while (probeS < endS) {
    const nextS = Math.min(probeS + WEEK_S, endS);
    const nextOffset = offsetAt(nextS, timeZone);
    if (nextOffset !== probeOffset) {
      // The transition lies in (probeS, nextS]: bisect to the first second with the new offset.
      let lo = probeS;
      let hi = nextS;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(mid, timeZone) === probeOffset) lo = mid;
        else hi = mid;
      }
      segments.push({ fromS: hi, offsetS: nextOffset });
    }
    probeS = nextS;
    probeOffset = nextOffset;
  }
  return segments;
}

/**
 * Local calendar parts of instants taken in increasing order, from precomputed segments: the local day
 * number (days since 1970-01-01 in the zone), hour and weekday (Monday = 0).
 */
export function createLocalClock(segments: readonly OffsetSegment[]) {
  let i = 0;
  return (tsS: number) => {
    while (i + 1 < segments.length && tsS >= segments[i + 1]!.fromS) i++;
    while (i > 0 && tsS < segments[i]!.fromS) i--;
    const localS = tsS + segments[i]!.offsetS;
    const day = Math.floor(localS / 86_400);
    const hour = Math.floor((localS - day * 86_400) / 3600);
    // 1970-01-01 was a Thursday (weekday 3 with Monday = 0).
    return { day, hour, weekday: (((day + 3) % 7) + 7) % 7 };
  };
}

/**
 * The instants whose local wall time in the segments' zone is `wallS` (a local date-time read as if it
 * were UTC), earliest first: one on an ordinary hour, none in a gap skipped by a spring change, two in
 * an hour repeated by an autumn change. The segments must cover the instants searched.
 */
export function wallToInstants(segments: readonly OffsetSegment[], wallS: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const t = wallS - segments[i]!.offsetS;
    const next = segments[i + 1]?.fromS ?? Infinity;
    if (t >= segments[i]!.fromS && t < next) out.push(t);
  }
  return out.sort((a, b) => a - b);
}
