import { quantileSorted } from 'simple-statistics';

/** Median and quartiles of every cell of a grid (e.g. the 7 x 24 typical week); null where a cell is empty. */
export interface CellQuantiles {
  median: (number | null)[];
  p25: (number | null)[];
  p75: (number | null)[];
  counts: number[];
}

/**
 * Groups `values[i]` into cell `cells[i]` (0 <= cell < cellCount) and returns each cell's median,
 * 25th and 75th percentile (simple-statistics `quantileSorted`, linear interpolation between ranks)
 * and count. NaN values are missing readings and are skipped, never counted as zero.
 */
export function computeCellQuantiles(cells: Int32Array, values: Float64Array, cellCount: number): CellQuantiles {
  if (cells.length !== values.length) {
    throw new RangeError(`cells (${cells.length}) and values (${values.length}) differ in length`);
  }
  const buckets: number[][] = Array.from({ length: cellCount }, () => []);
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    const value = values[i]!;
    if (cell < 0 || cell >= cellCount) throw new RangeError(`cell ${cell} outside 0..${cellCount - 1}`);
    if (!Number.isNaN(value)) buckets[cell]!.push(value);
  }
  const result: CellQuantiles = { median: [], p25: [], p75: [], counts: [] };
  for (const bucket of buckets) {
    bucket.sort((a, b) => a - b);
    const empty = bucket.length === 0;
    result.median.push(empty ? null : quantileSorted(bucket, 0.5));
    result.p25.push(empty ? null : quantileSorted(bucket, 0.25));
    result.p75.push(empty ? null : quantileSorted(bucket, 0.75));
    result.counts.push(bucket.length);
  }
  return result;
}
