import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveCity } from '../../../services/places/city-lookup.js';

const where = (name: string, country?: string) => {
  const place = resolveCity(name, country);
  return place && `${place.name} ${place.country_code}`;
};

describe('resolveCity', () => {
  it('reaches exonyms and names in other scripts through GeoNames\' alternate names', () => {
    for (const name of ['Lemberg', 'Lwów', 'Leopoli', 'Львів', 'Львов']) {
      assert.equal(where(name, 'UA'), 'Lviv UA', name);
      assert.equal(where(name), 'Lviv UA', `${name} without a country`);
    }
    for (const name of ['Kiew', 'Kijów', 'Київ', 'Киев']) assert.equal(where(name), 'Kyiv UA', name);
    assert.equal(where('Mailand', 'IT'), 'Milan IT');
    assert.equal(where('Lemberg', 'DE'), 'Lemberg DE', 'a country asked narrows to its own place of that name');
  });

  it('still romanises Cyrillic and meets spelling skeletons, and knows no invented name', () => {
    assert.equal(where('Lwow', 'UA'), 'Lviv UA');
    assert.equal(where('Brest', 'FR'), 'Brest FR');
    assert.equal(where('Qwxzville'), null);
  });
});
