import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEcbRates } from '../../../../data/importers/places/ecb-rates.js';
import { fixture } from '../../../helpers/fixtures.js';

const DAILY = fixture('places/ecb-rates/eurofxref-daily_2019-07-31.xml');

describe('ECB euro reference rates', () => {
  it('reads a recorded daily answer: every currency of the day, units per EUR', () => {
    const parsed = parseEcbRates(DAILY, 'eurofxref-daily.xml');
    assert.deepEqual([parsed.source, parsed.rowsRead, parsed.rejected, parsed.countryPrices], ['ecb', 32, [], []]);
    assert.equal(parsed.rates!.length, 32);
    assert.deepEqual(parsed.rates!.find((r) => r.record.currency === 'PLN'), { line: 8, record: { currency: 'PLN', date: '2019-07-31', units_per_eur: 4.2912 } });
    assert.deepEqual(parsed.rates![0]!.record, { currency: 'USD', date: '2019-07-31', units_per_eur: 1.1151 });
  });

  it('reads the history files (a day a Cube, newest first) the same way', () => {
    const parsed = parseEcbRates(fixture('places/ecb-rates/eurofxref-hist_excerpt.xml'), 'eurofxref-hist-90d.xml');
    const pln = parsed.rates!.filter((r) => r.record.currency === 'PLN').map((r) => [r.record.date, r.record.units_per_eur]);
    assert.deepEqual(pln, [['2022-04-29', 4.678], ['2019-07-31', 4.2912]]);
    assert.equal(parsed.rowsRead, 63);
  });

  it('rejects a rate that is not a positive number, a currency that is no code and a day that is none', () => {
    const bad = DAILY.replace("rate='4.2912'", "rate='abc'").replace("currency='JPY' rate='121.04'", "currency='JPY' rate='0'")
      .replace("currency='USD'", "currency='us dollar'");
    const parsed = parseEcbRates(bad, 'd.xml');
    assert.deepEqual(parsed.rejected.map((r) => [r.line, r.reason]), [
      [1, "currency 'us dollar' is not an ISO 4217 code (2019-07-31)"],
      [2, "rate '0' of JPY is not a positive number (2019-07-31)"],
      [8, "rate 'abc' of PLN is not a positive number (2019-07-31)"],
    ]);
    assert.equal(parsed.rates!.length, 29);
    const undated = parseEcbRates(DAILY.replace("time='2019-07-31'", "time='31.07.2019'"), 'd.xml');
    assert.equal(undated.rejected.length, 32);
    assert.match(undated.rejected[0]!.reason, /time '31.07.2019' is not a day/);
  });

  it('refuses an answer that is not the reference rates: empty, another document, a renamed element', () => {
    assert.throws(() => parseEcbRates('', 'd.xml'), /d\.xml: not XML/);
    assert.throws(() => parseEcbRates('{"rates": {}}', 'd.xml'), /d\.xml: not XML/);
    assert.throws(() => parseEcbRates('<html><body>Maintenance</body></html>', 'd.xml'), /d\.xml: not the ECB's reference rates/);
    assert.throws(() => parseEcbRates(DAILY.replaceAll('Cube', 'Rates'), 'd.xml'), /no <gesmes:Envelope><Cube>/);
  });
});
