/**
 * Irregular readings to an hourly series: hour i covers [startS + i h, startS + (i + 1) h) and holds
 * the mean of the readings in it, or NaN when it holds none (missing, never zero). Hours are real
 * hours; every zone served has whole-hour offsets, so each is also one local clock hour, and a local
 * day has 23, 24 or 25 of them.
 */
export function resampleHourly(ts: ArrayLike<number>, values: ArrayLike<number>, startS: number, hours: number): Float64Array {
  const sums = new Float64Array(hours);
  const counts = new Uint16Array(hours);
  for (let i = 0; i < ts.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const h = Math.floor((ts[i]! - startS) / 3600);
    if (h < 0 || h >= hours) continue;
    sums[h]! += v;
    counts[h]!++;
  }
  const out = new Float64Array(hours);
  for (let h = 0; h < hours; h++) out[h] = counts[h] === 0 ? NaN : sums[h]! / counts[h]!;
  return out;
}
