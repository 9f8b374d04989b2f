import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PLACE_FORMATS } from '../../../../data/importers/places/formats.js';
import { OUTLIER_MIN_PRICES } from '../../../../data/importers/places/price-outliers.js';

const header = 'source_id,name,brand,address,city,country,lat,lon,services,grade,local_name,price,currency,reported_at,self_service';
/** One station row with its price (the generic fuel CSV: docs/import-formats.md). */
const row = (i: number, grade: string, price: number) =>
  `s${i},Station ${i},,,Roma,IT,41.9,12.5,,${grade},${grade},${price},EUR,2026-08-21T06:00:00Z,`;
const parse = (rows: string[]) => PLACE_FORMATS['fuel-csv']!.parse([header, ...rows].join('\n'), 'f.csv', { at: new Date('2026-08-21T08:00:00Z'), source: 'acme', positionsChecked: true })[0]!;

describe('station prices far from their file', () => {
  it("are rejected with the reason: a grade's price below 0.6 x or above 1.67 x the file's median of it", () => {
    // 30 HVO prices around 2.04, a placeholder of 1.000 and one of 8.888; diesel at 1.85 beside them, and 0.78.
    const hvo = Array.from({ length: 30 }, (_, i) => row(i, 'hvo', 2.02 + (i % 5) / 100));
    const diesel = Array.from({ length: 30 }, (_, i) => row(100 + i, 'diesel', 1.8 + (i % 10) / 100));
    const parsed = parse([...hvo, row(200, 'hvo', 1), row(201, 'hvo', 8.888), ...diesel, row(202, 'diesel', 0.78), row(203, 'diesel', 2.9)]);
    assert.deepEqual(parsed.rejected.map((r) => r.reason.replace(/ is .*/, '')), ['price 1 EUR of hvo', 'price 8.888 EUR of hvo', 'price 0.78 EUR of diesel']);
    assert.match(parsed.rejected[0]!.reason, /^price 1 EUR of hvo is 0\.49 x the file's median 2\.04 for it \(kept within 0\.6-1\.67 x\): a placeholder, not a pump price$/);
    assert.deepEqual(parsed.rejected.map((r) => r.line), [32, 33, 64]);
    assert.equal(parsed.prices.length, 61, 'the rest kept, 2.9 for diesel (1.57 x) among them');
  });

  it('leave a grade with too few prices for a median alone', () => {
    const few = Array.from({ length: OUTLIER_MIN_PRICES - 2 }, (_, i) => row(i, 'lpg', 0.7));
    const parsed = parse([...few, row(99, 'lpg', 0.1)]);
    assert.deepEqual([parsed.rejected.length, parsed.prices.length], [0, OUTLIER_MIN_PRICES - 1]);
  });
});
