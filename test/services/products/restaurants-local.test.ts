/** v2 `restaurants` where the service's drivers are: city names as they write them, the interface's field names, honest coverage. */
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { importPlaces } from '../../../data/importers/places/run.js';
import { appWithKey } from '../../helpers/deps.js';
import { clearPlaces, feed, poi } from '../../helpers/places.js';

const LVIV = { lat: 49.83826, lon: 24.02324 };

async function lvivApp(t: TestContext) {
  const made = await appWithKey(t);
  clearPlaces(made.db);
  importPlaces(made.db, [feed('osm', { pois: [
    poi('node/1', 'restaurant', LVIV.lat + 0.002, LVIV.lon, { country_code: 'UA', cuisine: 'ukrainian;regional', opening_hours: 'Mo-Su 08:00-22:00' }),
    poi('node/2', 'restaurant', LVIV.lat + 0.01, LVIV.lon, { country_code: 'UA' }),
  ] })], { now: new Date('2026-11-22T10:00:00Z') });
  made.deps.versions.refresh();
  const v2 = async (q: string) => (await made.app.inject({ url: `/api/v2/data/restaurants?${q}`, headers: { authorization: `Bearer ${made.key}` } })).json();
  return v2;
}

describe('restaurants by local names', () => {
  it('resolves Lviv from its names in any language: Ukrainian, Polish, English, German, Italian, Russian', async (t) => {
    const v2 = await lvivApp(t);
    for (const name of ['Львів', 'Lwów', 'Lviv', 'LWOW', 'Lemberg', 'Leopoli', 'Львов']) {
      const body = await v2(`city=${encodeURIComponent(name)}&country=UA&radius=5`);
      assert.deepEqual([body.resolved_location?.label, body.data?.total_found], ['Lviv, Ukraine', 2], name);
    }
    for (const name of ['Львів', 'Lemberg', 'Lwów']) {
      assert.equal((await v2(`city=${encodeURIComponent(name)}`)).resolved_location.country_code, 'UA', `${name} without a country too`);
    }
    assert.equal((await v2('city=Lemberg&country=DE')).resolved_location.country_code, 'DE', 'the German village of that name, when Germany is asked');
    assert.equal((await v2('city=Qwxzville&country=UA')).error.reason, 'unknown_city', 'a name no place has: not guessed');
  });

  it('labels the resolved city and its country in lang, the city as GeoNames\' names give it', async (t) => {
    const v2 = await lvivApp(t);
    const label = async (q: string) => (await v2(`${q}&country=UA&radius=5`)).resolved_location?.label;
    assert.equal(await label('city=Lviv&lang=uk'), 'Львів, Україна', 'was "Lviv, Україна"');
    assert.equal(await label(`city=${encodeURIComponent('Львів')}&lang=en`), 'Lviv, Ukraine');
    assert.equal(await label('city=Lwow&lang=ru'), 'Львов, Украина');
    assert.equal(await label('city=Lviv&lang=pl'), 'Lviv, Ukraina', 'a Latin-script language keeps GeoNames\' own name');
  });

  it('names fields as the interface does, with cuisine and the opening state where mapped', async (t) => {
    const v2 = await lvivApp(t);
    const [first, second] = (await v2(`lat=${LVIV.lat}&lon=${LVIV.lon}&radius=5`)).data.pois;
    assert.deepEqual([first.lng, first.lon, first.country, first.country_code, first.cuisine], [LVIV.lon, LVIV.lon, 'UA', 'UA', 'ukrainian;regional']);
    // 2026-11-22T10:00Z is 12:00 in Kyiv: open until 22:00 local, 20:00Z.
    assert.deepEqual([first.opening_hours, first.open_now, first.next_change], ['Mo-Su 08:00-22:00', true, '2026-11-22T20:00:00.000Z']);
    assert.ok(!('cuisine' in second) && !('opening_hours' in second), 'absent when not mapped, never a placeholder');
  });

  it('states its coverage, and says how to load a region when asked outside it', async (t) => {
    const v2 = await lvivApp(t);
    const inside = await v2(`lat=${LVIV.lat}&lon=${LVIV.lon}&radius=5`);
    assert.deepEqual([inside.data.coverage, inside.data.note], [['UA'], undefined]);
    const warsaw = await v2('city=Warsaw&country=PL&radius=10');
    assert.deepEqual([warsaw.data.total_found, warsaw.data.coverage], [0, ['UA']]);
    assert.match(warsaw.data.note, /No restaurants are held for PL; restaurants are held for: UA; .*bdds import osm-overpass/);
  });
});
