/**
 * Per carrier: how many crossings and how long they waited (crossing done minus arrival at the queue),
 * as average, median, minimum and maximum minutes; carriers with fewer than `minCrossings` left out;
 * most crossings first (then by name), at most `limit`.
 */
import { quantileSorted } from 'simple-statistics';
import { roundTo } from '../models/round.js';

export interface CarrierCrossing {
  carrier: string;
  /** Epoch ms. */
  arrivedMs: number;
  crossedMs: number;
}

export interface CarrierStat {
  name: string;
  crossings: number;
  avg_wait_min: number;
  median_wait_min: number;
  min_wait_min: number;
  max_wait_min: number;
}

export function carrierStats(crossings: readonly CarrierCrossing[], minCrossings: number, limit: number): CarrierStat[] {
  const waits = new Map<string, number[]>();
  for (const c of crossings) {
    const list = waits.get(c.carrier) ?? [];
    list.push((c.crossedMs - c.arrivedMs) / 60_000);
    waits.set(c.carrier, list);
  }
  return [...waits]
    .filter(([, w]) => w.length >= minCrossings)
    .map(([name, w]) => {
      const sorted = [...w].sort((a, b) => a - b);
      return {
        name, crossings: w.length, avg_wait_min: roundTo(w.reduce((s, v) => s + v, 0) / w.length, 1),
        median_wait_min: roundTo(quantileSorted(sorted, 0.5), 1), min_wait_min: roundTo(sorted[0]!, 1), max_wait_min: roundTo(sorted.at(-1)!, 1),
      };
    })
    .sort((a, b) => b.crossings - a.crossings || a.name.localeCompare(b.name))
    .slice(0, limit);
}
