import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countryId, isoCountry } from '../../models/country-param.js';

describe('country parameters', () => {
  it('take the interface number or the ISO-2 code of a numbered country', () => {
    assert.equal(countryId().parse('2'), 2);
    assert.equal(countryId().parse('pl'), 2);
    assert.equal(countryId().parse(23), 23);
    assert.equal(countryId().parse('XK'), 23);
    assert.equal(countryId([1, 2, 3]).safeParse('4').success, false, 'narrowed to the numbers allowed');
    assert.equal(countryId().safeParse('FR').success, false, 'France is not numbered by the interface');
    assert.equal(countryId().safeParse('24').success, false);
    assert.equal(countryId().safeParse('Poland').success, false);
  });

  it('take ISO-2 or a number where ISO is asked, and refuse codes that name no country', () => {
    assert.equal(isoCountry().parse('de'), 'DE');
    assert.equal(isoCountry().parse('2'), 'PL');
    assert.equal(isoCountry().parse('FR'), 'FR', 'any real country, numbered or not');
    for (const bad of ['XX', 'QQ', 'ZZ', '99', 'D', 'DEU']) {
      const result = isoCountry().safeParse(bad);
      assert.equal(result.success, false, bad);
    }
    const issue = isoCountry().safeParse('XX').error!.issues[0] as { params?: { reason?: string } };
    assert.equal(issue.params?.reason, 'unknown_country');
  });
});
