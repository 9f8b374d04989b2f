import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COUNTRY_CODES, COUNTRY_ISO2, CROSSING_TYPES, countryCodeOf, countryName, isCrossingType } from '../../models/codes.js';
import { LANGUAGES, resolveLang } from '../../models/languages.js';

describe('codes', () => {
  it('numbers 23 countries as the specification does', () => {
    assert.equal(COUNTRY_CODES.length, 23);
    assert.equal(COUNTRY_ISO2[1], 'UA');
    assert.equal(COUNTRY_ISO2[18], 'DE');
    assert.equal(countryCodeOf('md'), 6);
    assert.equal(countryCodeOf('FR'), null);
  });
  it('names countries through Intl in the requested language', () => {
    assert.equal(countryName('PL', 'en'), 'Poland');
    assert.equal(countryName('PL', 'pl'), 'Polska');
    assert.equal(countryName('UA', 'uk'), 'Україна');
  });
  it('has crossing types 4-9 with 8 = truck under 7.5 t', () => {
    assert.deepEqual(Object.keys(CROSSING_TYPES), ['4', '5', '6', '7', '8', '9']);
    assert.equal(CROSSING_TYPES[8], 'truck under 7.5 t');
    assert.equal(isCrossingType(3), false);
  });
  it('supports 24 languages', () => {
    assert.equal(LANGUAGES.length, 24);
    assert.equal(new Set(LANGUAGES).size, 24);
    assert.equal(resolveLang('DE-at').lang, 'de');
  });
});
