import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { importPlaces } from '../../../data/importers/places/run.js';
import { appWithKey } from '../../helpers/deps.js';
import { clearPlaces, feed, poi, price, station } from '../../helpers/places.js';

const UDINE = { lat: 46.0693, lon: 13.23715 };

/** An app whose store holds only: PL and IT bulletin averages, Italian stations around Udine, Belgian places. */
async function placesApp(t: TestContext) {
  const made = await appWithKey(t);
  clearPlaces(made.db);
  importPlaces(made.db, [
    feed('eu-bulletin', { countryPrices: [
      { country_code: 'PL', grade: 'diesel', local_name: 'Diesel', price: 1.48, currency: 'EUR', price_eur: 1.48, date: '2025-03-10', with_taxes: true },
      { country_code: 'PL', grade: 'diesel', local_name: 'Diesel', price: 1.52, currency: 'EUR', price_eur: 1.52, date: '2025-03-03', with_taxes: true },
      { country_code: 'PL', grade: 'e5', local_name: 'Euro 95', price: 1.45, currency: 'EUR', price_eur: 1.45, date: '2025-03-10', with_taxes: true },
      { country_code: 'IT', grade: 'diesel', local_name: 'Diesel', price: 1.72, currency: 'EUR', price_eur: 1.72, date: '2025-03-10', with_taxes: true },
    ] }),
    feed('mimit', {
      stations: [station('near', UDINE.lat + 0.01, UDINE.lon), station('cheap', UDINE.lat + 0.05, UDINE.lon), station('far', UDINE.lat + 0.5, UDINE.lon),
        station('petrol-only', UDINE.lat, UDINE.lon + 0.02)],
      prices: [price('near', 'diesel', 1.80), price('near', 'diesel', 1.95, undefined, false), price('cheap', 'diesel', 1.65), price('far', 'diesel', 1.5),
        price('petrol-only', 'e5', 1.85)],
    }),
    feed('osm', { pois: [poi('n1', 'restaurant', 51.06, 3.73), poi('n2', 'parking', 51.07, 3.74, { truck_spaces: 40, amenities: ['restaurant', 'shower'] }),
      poi('n3', 'supermarket', 51.2, 3.9)] }),
  ], { now: new Date('2026-11-22T10:00:00Z') });
  made.deps.versions.refresh();
  return made;
}

describe('fuel', () => {
  it('answers a country with the latest bulletin average, its date and source, and says what is not held', async (t) => {
    const { get } = await placesApp(t);
    const pl = (await get('fuel?mode=country&country=PL')).body;
    assert.deepEqual([pl.data.prices.diesel, pl.data.prices.e5, pl.data.updated, pl.data.currency, pl.data.source], [1.48, 1.45, '2025-03-10', 'EUR', 'eu-bulletin']);
    assert.match(pl.attribution, /Weekly Oil Bulletin \(CC BY 4\.0\)/);
    const it = (await get('fuel?country=IT')).body.data;
    assert.deepEqual(it.sources, ['eu-bulletin', 'mimit stations'], 'the bulletin and the mean of held stations');
    assert.ok(it.details.some((d: { source: string; grade: string; price: number }) => d.source === 'mimit stations' && d.grade === 'diesel' && d.price === 1.65),
      'station mean of self-service diesel: (1.80 + 1.65 + 1.5) / 3');
    const fr = (await get('fuel?country=FR')).body.data;
    assert.deepEqual([fr.prices, fr.currency, fr.source], [{}, null, null]);
    assert.match(fr.note, /No fuel prices are held for France \(FR\)\. Held: IT, PL/);
    const all = (await get('fuel')).body.data;
    assert.deepEqual(all.countries.map((c: { country: string }) => c.country), ['IT', 'PL']);
  });

  it('finds stations nearest first within the radius and limit, or cheapest first for a grade', async (t) => {
    const { get } = await placesApp(t);
    const near = (await get(`fuel?mode=nearest&lat=${UDINE.lat}&lon=${UDINE.lon}&radius_km=10&limit=2`)).body.data;
    assert.deepEqual(near.stations.map((s: { id: string }) => s.id), ['near', 'petrol-only']);
    assert.equal(near.total_found, 3, 'the far station (55 km) is outside the radius');
    assert.deepEqual(near.stations[0].prices.diesel, { price: 1.8, currency: 'EUR', updated_at: '2026-08-21T06:00:00.000Z', local_name: 'Gasolio', self_service: true },
      'self-service price where the station has both');
    const diesel = (await get(`fuel?mode=nearest&lat=${UDINE.lat}&lng=${UDINE.lon}&radius_km=10&fuel_type=diesel`)).body.data;
    assert.deepEqual(diesel.stations.map((s: { id: string }) => s.id), ['cheap', 'near'], 'only stations selling diesel, cheapest first');
    const lpg = (await get(`fuel?mode=nearest&lat=${UDINE.lat}&lon=${UDINE.lon}&fuel_type=lpg`)).body.data;
    assert.deepEqual(lpg.stations, []);
    assert.match(lpg.note, /^No station within 30 km reports a price for lpg \(stations that sell it without a price are not listed\)\.$/);
    const nowhere = (await get('fuel?mode=nearest&lat=50.0&lon=24.0')).body.data;
    assert.match(nowhere.note, /No station is held within 30 km\. Stations are held in: IT \(Italy\)/);
    assert.deepEqual([nowhere.updated, nowhere.age_days, nowhere.current], [null, null, null], 'no price listed: no age');
  });

  it('says how old the newest price listed is, of the grade asked, and that 93 days is not current', async (t) => {
    const { get, db, deps } = await placesApp(t);
    importPlaces(db, [feed('mimit', { stations: [station('newer', UDINE.lat + 0.02, UDINE.lon)],
      prices: [price('newer', 'e5', 1.9, '2026-11-20T08:00:00.000Z')] })], { now: new Date('2026-11-22T10:00:00Z') });
    deps.versions.refresh();
    // The app's clock: 2026-11-22. Diesel reports of 2026-08-21; one e5 report of 2026-11-20.
    const near = `fuel?mode=nearest&lat=${UDINE.lat}&lon=${UDINE.lon}&radius_km=10`;
    const diesel = (await get(`${near}&fuel_type=diesel`)).body.data;
    assert.deepEqual([diesel.updated, diesel.age_days, diesel.current, diesel.max_age_days], ['2026-08-21', 93, false, 45]);
    assert.match(diesel.note, /newest station report listed is of 2026-08-21, 93 days old/);
    const any = (await get(near)).body.data;
    assert.deepEqual([any.updated, any.age_days, any.current, any.note], ['2026-11-20', 2, true, undefined], 'any grade: the e5 report of two days ago');
  });

  it('anchors border mode on a checkpoint, and refuses a mode without its parameters', async (t) => {
    const { get } = await placesApp(t);
    const border = (await get('fuel?mode=border&ppid=id_114')).body;
    assert.equal(border.data.anchor.ppid, 'id_114');
    assert.equal(typeof border.data.anchor.lat, 'number');
    assert.match(border.attribution, /State Border Guard Service of Ukraine/);
    assert.deepEqual([(await get('fuel?mode=border')).status, (await get('fuel?mode=nearest&lat=46')).body.error.reason], [400, 'missing_parameter']);
    assert.equal((await get('fuel?mode=border&ppid=id_999999')).status, 404);
    assert.equal((await get('fuel?mode=nearest&lat=46&lon=13&radius_km=500')).body.error.reason, 'out_of_range');
    assert.equal((await get('fuel?mode=nearest&lat=46&lon=13&limit=0')).status, 400);
  });
});

describe('fuel parameters of another mode', () => {
  it('echoes a parameter of another mode in meta.ignored_params with a note, never silently, and answers as without it', async (t) => {
    const { app, key } = await placesApp(t);
    const call = (qs: string) => app.inject({ url: `/api/v1/data/fuel?${qs}`, headers: { authorization: `Bearer ${key}` } });
    const plain = await call('mode=country&country=PL');
    const graded = await call('mode=country&country=PL&fuel_type=diesel');
    assert.equal(graded.statusCode, 200);
    assert.deepEqual(graded.json().data, plain.json().data, 'mode=country answers every grade: fuel_type is not one of its parameters');
    assert.deepEqual(graded.json().meta.ignored_params, ['fuel_type']);
    assert.deepEqual(graded.json().meta.ignored_notes, ["'fuel_type' applies only with mode=nearest or mode=border (this call: mode=country); it was ignored."]);
    assert.equal(graded.headers['x-devapi-warning'], 'ignored_params=fuel_type');
    assert.equal(plain.json().meta.ignored_params, undefined);

    const near = `mode=nearest&lat=${UDINE.lat}&lon=${UDINE.lon}&radius_km=10`;
    const withOthers = await call(`${near}&ppid=id_214&country=PL`);
    assert.equal(withOthers.statusCode, 200);
    assert.deepEqual(withOthers.json().meta.ignored_params, ['ppid', 'country']);
    assert.equal(withOthers.json().meta.ignored_notes.length, 2);
    assert.match(withOthers.json().meta.ignored_notes[0], /^'ppid' applies only with mode=border \(this call: mode=nearest\)/);
    assert.deepEqual(withOthers.json().data, (await call(near)).json().data);
    assert.equal(withOthers.json().data.anchor.ppid, undefined, 'anchored on lat/lon, not on the ignored ppid');

    const border = await call('mode=border&ppid=id_114&lat=46&lon=13&country=PL&limit=3');
    assert.deepEqual(border.json().meta.ignored_params, ['lat', 'lon', 'country']);
    assert.equal(border.json().data.anchor.ppid, 'id_114');
    // Without mode, mode=country: station parameters are named too (after the unknown ones).
    assert.deepEqual((await call('country=PL&colour=red&limit=2&radius_km=5')).json().meta.ignored_params, ['colour', 'limit', 'radius_km']);
  });
});

describe('fuel-cities', () => {
  it('gives each major city with stations its cheapest and the mean of up to five cheapest', async (t) => {
    const { get } = await placesApp(t);
    const body = (await get('fuel-cities?country=IT&fuel_type=diesel')).body;
    const udine = body.data.cities.find((c: { city_name: string }) => c.city_name === 'Udine');
    assert.ok(udine, 'Udine (98,000 inhabitants) has stations within 10 km');
    assert.deepEqual([udine.cheapest.price, udine.cheapest.station.id, udine.avg_price], [1.65, 'cheap', 1.725]);
    assert.deepEqual(body.data.available_fuel_types, ['diesel', 'e5']);
    assert.match(body.attribution, /GeoNames.*prezzi carburanti|prezzi carburanti.*GeoNames/);
    const pl = (await get('fuel-cities?country=PL')).body.data;
    assert.deepEqual(pl.cities, []);
    assert.match(pl.note, /No stations are held for Poland/);
    assert.equal((await get('fuel-cities')).body.error.reason, 'missing_parameter');
  });

  it('says how old the newest price listed is, and that prices older than 45 days are not current', async (t) => {
    const { get, setNow } = await placesApp(t);
    // The station reports are of 2026-08-21.
    setNow('2026-09-01T08:00:00Z');
    const recent = (await get('fuel-cities?country=IT&fuel_type=diesel')).body.data;
    assert.deepEqual([recent.updated, recent.age_days, recent.current, recent.max_age_days, recent.note], ['2026-08-21', 11, true, 45, undefined]);
    setNow('2026-11-22T10:00:00Z');
    const old = (await get('fuel-cities?country=IT&fuel_type=diesel')).body.data;
    assert.deepEqual([old.updated, old.age_days, old.current], ['2026-08-21', 93, false]);
    assert.match(old.note, /newest station report listed is of 2026-08-21, 93 days old \(older than 45 days: not current prices\)/);
    const none = (await get('fuel-cities?country=PL')).body.data;
    assert.deepEqual([none.updated, none.age_days, none.current], [null, null, null], 'nothing listed: no age');
  });

  it('says when a country\'s stations are held without prices, and where prices are', async (t) => {
    const made = await placesApp(t);
    importPlaces(made.db, [feed('osm', { stations: [station('pl-1', 50.06, 19.94, 'PL'), station('pl-2', 52.23, 21.01, 'PL')] })], { now: new Date('2026-11-22T10:00:00Z') });
    made.deps.versions.refresh();
    const pl = (await made.get('fuel-cities?country=PL&fuel_type=diesel')).body.data;
    assert.deepEqual([pl.available_fuel_types, pl.cities, pl.count], [[], [], 0]);
    assert.equal(pl.note, '2 stations of Poland are held, but none reports a price (their source lists stations, not prices); ' +
      'diesel prices from stations are held in: IT; the national figure: fuel?mode=country&country=PL.');
    assert.doesNotMatch(pl.note, /held grades: \./, 'never an empty list');
  });
});

describe('fuel-cities in the reader\'s language', () => {
  const ROME = { lat: 41.89193, lon: 12.51133 };
  const MILAN = { lat: 45.46427, lon: 9.18951 };

  it('names each city in lang where GeoNames\' names tell it (Cyrillic, Greek), and by its GeoNames name otherwise', async (t) => {
    const made = await appWithKey(t);
    clearPlaces(made.db);
    importPlaces(made.db, [feed('mimit', {
      stations: [station('rome', ROME.lat + 0.01, ROME.lon), station('milan', MILAN.lat + 0.01, MILAN.lon), station('udine', UDINE.lat + 0.01, UDINE.lon)],
      prices: [price('rome', 'diesel', 1.7), price('milan', 'diesel', 1.75), price('udine', 'diesel', 1.8)],
    })], { now: new Date('2026-11-22T10:00:00Z') });
    made.deps.versions.refresh();
    const names = async (lang: string) => ((await made.get(`fuel-cities?country=IT&fuel_type=diesel&lang=${lang}`)).body.data.cities as { city_name: string; lat: number }[])
      .map((c) => c.city_name).slice(0, 3); // then Milan's suburbs, whose station is Milan's
    assert.deepEqual(await names('en'), ['Rome', 'Milan', 'Udine'], 'English: GeoNames\' names, as before');
    assert.deepEqual(await names('uk'), ['Рим', 'Мілан', 'Удине'], 'Ukrainian: Мілан with the Ukrainian і, not Russian Милан');
    assert.deepEqual(await names('ru'), ['Рим', 'Милан', 'Удине']);
    assert.deepEqual(await names('el'), ['Ρώμη', 'Milan', 'Udine'], 'no Greek name listed: GeoNames\' own');
    assert.deepEqual(await names('de'), ['Rome', 'Milan', 'Udine'], 'Latin-script languages keep GeoNames\' name (untagged alternates cannot tell German from Polish)');
    const [en, uk] = [(await made.get('fuel-cities?country=IT')).body.data, (await made.get('fuel-cities?country=IT&lang=uk')).body.data];
    assert.equal(uk.country_name, 'Італія');
    assert.deepEqual(uk.cities.map((c: { city_name: string }) => ({ ...c, city_name: null })), en.cities.map((c: { city_name: string }) => ({ ...c, city_name: null })),
      'only the names change');
  });
});

describe('pois and restaurants', () => {
  it('finds places of a type nearest first, with truck spaces and amenities', async (t) => {
    const { get } = await placesApp(t);
    const all = (await get('pois?lat=51.06&lon=3.73&radius=50')).body.data;
    assert.deepEqual(all.pois.map((p: { id: string }) => p.id), ['n1', 'n2', 'n3']);
    const parking = (await get('pois?type=parking&lat=51.06&lon=3.73')).body.data;
    assert.deepEqual([parking.total_found, parking.pois[0].truck_spaces, parking.pois[0].country_name], [1, 40, 'Belgium']);
    const fuelNearUdine = (await get(`pois?type=fuel&lat=${UDINE.lat}&lon=${UDINE.lon}&radius=5&limit=1`)).body.data;
    assert.deepEqual([fuelNearUdine.pois[0].id, fuelNearUdine.total_found], ['near', 2], 'held stations are fuel places (1.1 and 1.6 km; the cheap one is 5.6 km)');
    assert.equal((await get('pois?lat=51&lon=3&radius=151')).body.error.reason, 'out_of_range');
    assert.equal((await get('pois?lat=51&lon=3&limit=501')).body.error.reason, 'out_of_range');
  });

  it("names restaurants' country without a city, and road-conditions' radius without a point, as ignored", async (t) => {
    const { app, key, get } = await placesApp(t);
    const v2 = async (q: string) => (await app.inject({ url: `/api/v2/data/restaurants?${q}`, headers: { authorization: `Bearer ${key}` } })).json();
    const plain = await v2('lat=51.06&lon=3.73&radius=20');
    const withCountry = await v2('lat=51.06&lon=3.73&radius=20&country=FR');
    assert.deepEqual(withCountry.data, plain.data, 'a point needs no country');
    assert.deepEqual([withCountry.meta.ignored_params, withCountry.meta.ignored_notes],
      [['country'], ["'country' applies only with 'city', which this call does not give; it was ignored."]]);
    assert.equal((await v2('city=Gent&country=BE&radius=20')).meta?.ignored_params, undefined, 'with a city it applies');
    const roads = (await get('road-conditions?country=LT&radius=5')).body;
    assert.deepEqual(roads.meta.ignored_params, ['radius']);
    assert.equal((await get('road-conditions?lat=54.687&lng=25.28&radius=5')).body.meta?.ignored_params, undefined);
  });

  it("takes lng for lon in every product with a point, and refuses the two given apart rather than drop one", async (t) => {
    const { app, key, get } = await placesApp(t);
    const v2 = async (q: string) => (await app.inject({ url: `/api/v2/data/restaurants?${q}`, headers: { authorization: `Bearer ${key}` } })).json();
    const byLon = (await get('pois?lat=51.06&lon=3.73&radius=50')).body.data.pois;
    assert.deepEqual((await get('pois?lat=51.06&lng=3.73&radius=50')).body.data.pois, byLon, 'lng alone is lon');
    assert.deepEqual((await get('pois?lat=51.06&lon=3.73&lng=3.73&radius=50')).body.data.pois, byLon, 'the same value twice is one');
    const asked = ['pois?lat=51.06&lon=3.73&lng=13.2', 'fuel?mode=nearest&lat=51.06&lon=3.73&lng=13.2', 'road-conditions?lat=51.06&lon=3.73&lng=13.2'];
    for (const path of asked) {
      const { status, body } = await get(path);
      assert.deepEqual([status, body.error.reason], [400, 'conflicting_parameters'], path);
      assert.match(body.error.message, /^'lon' \(3\.73\) and 'lng' \(13\.2\) name the same longitude/, path);
    }
    assert.equal((await v2('lat=51.06&lon=3.73&lng=13.2')).error.reason, 'conflicting_parameters', 'restaurants');
  });

  it('refuses half a point with one message in every product that takes one, naming the parameter missing beside the one given, as given', async (t) => {
    const { app, key, get } = await placesApp(t);
    const v2 = async (q: string) => (await app.inject({ url: `/api/v2/data/restaurants?${q}`, headers: { authorization: `Bearer ${key}` } })).json();
    const cases: [Promise<{ error: { reason: string; message: string } }>, string][] = [
      [get('fuel?mode=nearest&lat=51.06').then((r) => r.body), "Parameter 'lon' is required with 'lat'."],
      [get('fuel?mode=nearest&lng=3.73').then((r) => r.body), "Parameter 'lat' is required with 'lng'."],
      [get('fuel?mode=nearest&lon=3.73').then((r) => r.body), "Parameter 'lat' is required with 'lon'."],
      [get('pois?lat=51.06').then((r) => r.body), "Parameter 'lon' is required with 'lat'."],
      [v2('lat=51.06'), "Parameter 'lon' is required with 'lat'."],
      [v2('lon=3.73'), "Parameter 'lat' is required with 'lon'."],
      [get('road-conditions?lat=51.06').then((r) => r.body), "Parameter 'lng' is required with 'lat'."],
      [get('road-conditions?lon=3.73').then((r) => r.body), "Parameter 'lat' is required with 'lon'."],
      [get('road-conditions?lng=3.73').then((r) => r.body), "Parameter 'lat' is required with 'lng'."],
    ];
    for (const [answer, message] of cases) assert.deepEqual([(await answer).error.reason, (await answer).error.message], ['missing_parameter', message]);
    // Neither half: what the product needs instead.
    assert.equal((await get('fuel?mode=nearest')).body.error.message, "Parameters 'lat' and 'lon' are required for mode=nearest.");
    assert.equal((await v2('radius=5')).error.message, "Give 'lat' and 'lon', or 'city'.");
  });

  it('finds restaurants and places that have one, by point or by a city resolved in its country', async (t) => {
    const { app, key } = await placesApp(t);
    const v2 = async (q: string) => (await app.inject({ url: `/api/v2/data/restaurants?${q}`, headers: { authorization: `Bearer ${key}` } }));
    const near = (await v2('lat=51.06&lon=3.73&radius=20')).json();
    assert.deepEqual(near.data.pois.map((p: { id: string }) => p.id), ['n1', 'n2'], 'the parking has a restaurant; the supermarket is not one');
    assert.deepEqual(near.data.pois[1].facilities, ['shower']);
    assert.equal(near.usage.class, 'cheap');
    const ghent = (await v2('city=Gent&country=BE&radius=20')).json();
    assert.equal(ghent.resolved_location.country_code, 'BE');
    assert.equal(ghent.data.total_found, 2);
    const brestBy = (await v2('city=Brest&country=BY')).json().resolved_location;
    const brestFr = (await v2('city=Brest&country=FR')).json().resolved_location;
    assert.deepEqual([brestBy.country_code, brestFr.country_code], ['BY', 'FR'], 'two cities of one name, told apart by country');
    assert.equal((await v2('city=Brest')).json().resolved_location.country_code, 'BY', 'without a country, the most populous');
    const unknown = await v2('city=Qwxzville');
    assert.deepEqual([unknown.statusCode, unknown.json().error.reason], [404, 'unknown_city']);
    assert.equal((await v2('city=Gent&lat=51&lon=3')).json().error.reason, 'conflicting_parameters');
    assert.equal((await app.inject({ url: '/api/v1/data/restaurants?lat=51&lon=3', headers: { authorization: `Bearer ${key}` } })).json().error.code, 'unknown_product');
  });
});
