import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePlMaxPrices } from '../../../../data/importers/places/pl-max-prices.js';
import { fixture } from '../../../helpers/fixtures.js';

describe("Poland's maximum retail prices (ceny-paliw prices.json)", () => {
  it('reads each notice as three legal maxima in PLN on the day it is in force', () => {
    const parsed = parsePlMaxPrices(fixture('places/pl-max/prices_excerpt.json'), 'prices.json');
    assert.deepEqual([parsed.source, parsed.rowsRead, parsed.rejected], ['pl-max-prices', 3, []]);
    assert.deepEqual(parsed.countryPrices.filter((p) => p.line === 1), [
      { line: 1, record: { country_code: 'PL', grade: 'e5', local_name: 'Pb95', price: 6, currency: 'PLN', price_eur: null, date: '2026-07-01', with_taxes: true, price_kind: 'legal_maximum' } },
      { line: 1, record: { country_code: 'PL', grade: 'e5_premium', local_name: 'Pb98', price: 6.68, currency: 'PLN', price_eur: null, date: '2026-07-01', with_taxes: true, price_kind: 'legal_maximum' } },
      { line: 1, record: { country_code: 'PL', grade: 'diesel', local_name: 'ON', price: 6.19, currency: 'PLN', price_eur: null, date: '2026-07-01', with_taxes: true, price_kind: 'legal_maximum' } },
    ]);
  });

  it('rejects a day that is not one, a second notice for a day and an implausible price', () => {
    const text = JSON.stringify([
      { effectiveDate: '2026-02-30', pb95: 6 },
      { effectiveDate: '2026-07-01', pb95: 6, on: 61.9, source: 'https://example.test/notice' },
      { effectiveDate: '2026-07-01', pb95: 6 },
    ]);
    const parsed = parsePlMaxPrices(text, 'p.json');
    assert.deepEqual(parsed.rejected, [
      { file: 'p.json', line: 1, reason: "effectiveDate '2026-02-30' is not a day" },
      { file: 'p.json', line: 2, reason: "on '61.9' is not a plausible price (2-20 PLN per litre); notice https://example.test/notice" },
      { file: 'p.json', line: 3, reason: 'a second notice in force on 2026-07-01 (item 2 is the first)' },
    ]);
    assert.deepEqual(parsed.countryPrices.map((p) => [p.line, p.record.grade, p.record.price]), [[2, 'e5', 6]]);
    assert.throws(() => parsePlMaxPrices('{}', 'x.json'), /not a list/);
  });
});
