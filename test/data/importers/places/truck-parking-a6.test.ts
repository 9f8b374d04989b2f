import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlaceParser } from '../../../../data/importers/places/parsed.js';
import { parseA6Csv, parseA6GeoJson } from '../../../../data/importers/places/truck-parking-a6.js';
import { fixture } from '../../../helpers/fixtures.js';

const CSV = 'places/a6/rastplaetze_excerpt.csv';
const GEOJSON = 'places/a6/rast_excerpt.json';
const at = { at: new Date('2026-07-01T00:00:00Z') };
const parsers: PlaceParser[] = [parseA6Csv, parseA6GeoJson];

const kraichgauNord = {
  source_id: 'A6/Rasthof/Kraichgau Nord/49.24298,8.87623', type: 'services', name: 'Kraichgau Nord', brand: null, address: 'A6', city: null,
  country_code: 'DE', lat: 49.2429788, lon: 8.8762299, amenities: ['fuel', 'parking', 'restaurant', 'truck_access'], truck_spaces: 24,
} as const;
const kolb = {
  source_id: 'A6/Autohof/Kolb/49.24200,8.89327', type: 'services', name: 'Kolb', brand: null, address: 'A6', city: null,
  country_code: 'DE', lat: 49.242002, lon: 8.893271, amenities: ['fuel', 'parking', 'restaurant', 'truck_access'], truck_spaces: 110,
} as const;
const bauernwaldSued = {
  source_id: 'A6/Rastplatz/Bauernwald Süd/49.22165,8.97148', type: 'rest_area', name: 'Bauernwald Süd', brand: null, address: 'A6', city: null,
  country_code: 'DE', lat: 49.221648, lon: 8.971478, amenities: ['parking', 'truck_access'], truck_spaces: 12,
} as const;
const volkshausen = {
  source_id: 'A81/Rastplatz/Volkshausen/49.35768,9.41825', type: 'rest_area', name: 'Volkshausen', brand: null, address: 'A81', city: null,
  country_code: 'DE', lat: 49.357677, lon: 9.41825, amenities: ['parking'], truck_spaces: 0,
} as const;

describe('A6/A81 truck parking list', () => {
  it('reads the CSV: Rasthof and Autohof are services, Rastplatz a rest area, plaetze the truck spaces', () => {
    const parsed = parseA6Csv(fixture(CSV), 'rastplaetze.csv', at);
    assert.equal(parsers.length, 2);
    assert.equal(parsed.source, 'a6-list');
    assert.equal(parsed.rowsRead, 10);
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.pois.map((p) => p.line), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    assert.deepEqual(parsed.pois[0], { line: 2, record: kraichgauNord });
    assert.deepEqual(parsed.pois[2], { line: 4, record: kolb });
    assert.deepEqual(parsed.pois[3], { line: 5, record: bauernwaldSued });
    assert.deepEqual(parsed.pois[7], { line: 9, record: volkshausen }, 'a counted 0 is 0 spaces, and no truck_access');
  });

  it('keeps both places of a name on the two sides of the motorway apart', () => {
    const parsed = parseA6Csv(fixture(CSV), 'rastplaetze.csv', at);
    const ids = parsed.pois.map((p) => p.record.source_id);
    assert.equal(new Set(ids).size, 10);
    assert.deepEqual(parsed.pois.filter((p) => p.record.name === 'Bad Rappenau').map((p) => [p.record.source_id, p.record.truck_spaces]), [
      ['A6/Autohof/Bad Rappenau/49.21213,9.07761', 25],
      ['A6/Autohof/Bad Rappenau/49.21082,9.06992', 110],
    ]);
    assert.deepEqual(parsed.pois.filter((p) => p.record.name === 'Jagsttal').map((p) => p.record.truck_spaces), [25, 26]);
  });

  it('reads the GeoJSON to the same records as the CSV, with the feature index as line', () => {
    const parsed = parseA6GeoJson(fixture(GEOJSON), 'rast.json', at);
    assert.equal(parsed.source, 'a6-list');
    assert.equal(parsed.rowsRead, 5);
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.pois, [
      { line: 1, record: kraichgauNord },
      { line: 2, record: kolb },
      { line: 3, record: bauernwaldSued },
      { line: 4, record: parseA6Csv(fixture(CSV), 'rastplaetze.csv', at).pois[5]!.record },
      { line: 5, record: volkshausen },
    ]);
  });

  it('rejects rows it cannot use, naming the bad value, and never places a missing coordinate at 0', () => {
    const header = fixture(CSV).split('\n')[0]!.trim();
    const text = [
      header,
      'Feature,A6,Parkplatz,Somewhere,5,Point,9.1,49.2',
      'Feature,A6,Rastplatz,Wart,viele,Point,9.10642,49.193717',
      'Feature,A6,Rastplatz,Wart,5,Point,9.10642,',
      'Feature,A6,Rastplatz,Wart,5,Point,east,49.193717',
      'Feature,A6,Rastplatz,Wart,5,LineString,9.10642,49.193717',
      'Feature,B27,Rastplatz,Wart,5,Point,9.10642,49.193717',
      'Feature,A6,Rastplatz,,5,Point,9.10642,49.193717',
      'Feature,A6,Rastplatz,Wart,5,Point,9.10642,49.193717',
      'Feature,A6,Rastplatz,Wart,5,Point,9.10642,49.193717',
      'Feature,A6,Rastplatz,Wart,5,Point',
    ].join('\r\n');
    const parsed = parseA6Csv(text, 'r.csv', at);
    assert.equal(parsed.rowsRead, 10);
    assert.deepEqual(parsed.pois.map((p) => p.line), [9]);
    assert.deepEqual(parsed.rejected, [
      { file: 'r.csv', line: 2, reason: "Art 'Parkplatz' is not Rasthof, Autohof or Rastplatz" },
      { file: 'r.csv', line: 3, reason: "plaetze 'viele' is not a number of spaces" },
      { file: 'r.csv', line: 4, reason: "lat '', lon '9.10642' not a WGS84 position" },
      { file: 'r.csv', line: 5, reason: "lat '49.193717', lon 'east' not a WGS84 position" },
      { file: 'r.csv', line: 6, reason: "geotype 'LineString' is not Point" },
      { file: 'r.csv', line: 7, reason: "autobahn 'B27' is not a motorway number (A<digits>)" },
      { file: 'r.csv', line: 8, reason: 'Name is empty' },
      { file: 'r.csv', line: 10, reason: "'A6/Rastplatz/Wart/49.19372,9.10642' repeats line 9" },
      { file: 'r.csv', line: 11, reason: '6 fields where the header has 8' },
    ]);
  });

  it('rejects a feature without a geometry, and throws on what is not a FeatureCollection', () => {
    const doc = JSON.parse(fixture(GEOJSON)) as { features: { geometry: unknown }[] };
    doc.features[1]!.geometry = null;
    const parsed = parseA6GeoJson(JSON.stringify(doc), 'rast.json', at);
    assert.deepEqual(parsed.rejected, [{ file: 'rast.json', line: 2, reason: 'feature 2 has no geometry' }]);
    assert.equal(parsed.pois.length, 4);
    assert.throws(() => parseA6GeoJson('{"type": "Feature"}', 'f.json', at), /f\.json: not a GeoJSON FeatureCollection/);
  });
});
