import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amenitiesOf, parseOsmExtract, parseOsmGeoJson, parseOverpassJson } from '../../../../data/importers/places/osm.js';
import type { PlaceParser } from '../../../../data/importers/places/parsed.js';
import { fixture } from '../../../helpers/fixtures.js';

const at = { at: new Date('2026-07-01T00:00:00Z') };
const parsers: PlaceParser[] = [parseOverpassJson, parseOsmGeoJson, parseOsmExtract];
const none = { brand: null, address: null, city: null, country_code: null, truck_spaces: null } as const;

describe('OSM supermarket extract (ua-osm-supermarkets)', () => {
  it('reads every item as a Ukrainian supermarket with its OSM id', () => {
    const parsed = parseOsmExtract(fixture('places/osm/supermarkets_excerpt.json'), 'supermarkets.json', at);
    assert.equal(parsers.length, 3);
    assert.equal(parsed.source, 'osm');
    assert.equal(parsed.rowsRead, 10);
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.pois.map((p) => p.line), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.ok(parsed.pois.every((p) => p.record.type === 'supermarket' && p.record.country_code === 'UA' && p.record.city === null));
    assert.deepEqual(parsed.pois[0], { line: 1, record: {
      source_id: 'node/256193823', type: 'supermarket', name: 'Велика Кишеня', brand: 'Velyka Kyshenya', address: null, city: null,
      country_code: 'UA', lat: 50.4328244, lon: 30.5414253, amenities: [], truck_spaces: null,
    } });
    // The extractor writes "Supermarket" where it found no brand: no brand.
    assert.deepEqual(parsed.pois[2]!.record, {
      source_id: 'node/256488787', type: 'supermarket', name: 'ТHRASH!ТРАШ!', brand: null, address: 'Оболонський проспект', city: null,
      country_code: 'UA', lat: 50.5190737, lon: 30.5018321, amenities: [], truck_spaces: null,
    });
    // A way (its centre), open around the clock.
    assert.deepEqual(parsed.pois[3]!.record, {
      source_id: 'way/28931818', type: 'supermarket', name: 'АТБ-Маркет', brand: 'АТБ-маркет', address: 'проспект Павла Тичини', city: null,
      country_code: 'UA', lat: 50.4316654, lon: 30.6095732, amenities: ['open_24h'], truck_spaces: null,
    });
    assert.equal(parsed.pois[9]!.record.name, 'ЕКО маркет', 'name, not name_uk');
  });

  it('rejects items without a position or an OSM id', () => {
    const doc = JSON.parse(fixture('places/osm/supermarkets_excerpt.json')) as { supermarkets: Record<string, unknown>[] };
    delete doc.supermarkets[0]!.lat;
    doc.supermarkets[1]!.osm_type = 'area';
    doc.supermarkets[2]!.osm_id = 'x';
    doc.supermarkets[3]!.lng = 0;
    doc.supermarkets[3]!.lat = 0;
    const parsed = parseOsmExtract(JSON.stringify(doc), 's.json', at);
    assert.deepEqual(parsed.rejected, [
      { file: 's.json', line: 1, reason: "node/256193823: lat 'undefined', lng '30.5414253' not a WGS84 position" },
      { file: 's.json', line: 2, reason: "osm_type 'area' is not node, way or relation" },
      { file: 's.json', line: 3, reason: "osm_id 'x' is not an OSM id" },
      { file: 's.json', line: 4, reason: "way/28931818: lat '0', lng '0' not a WGS84 position" },
    ]);
    assert.equal(parsed.pois.length, 6);
  });
});

describe('Overpass API JSON', () => {
  const parsed = parseOverpassJson(fixture('places/osm/overpass_sample.json'), 'overpass.json', at);

  it('maps each tag to its place type', () => {
    assert.equal(parsed.source, 'osm');
    assert.equal(parsed.rowsRead, 21);
    // A fuel station is a station (what `fuel` shows), not a place.
    assert.deepEqual(parsed.stations.map((s) => [s.line, s.record.source_id]), [[1, 'node/1001']]);
    assert.deepEqual(parsed.pois.map((p) => [p.line, p.record.source_id, p.record.type]), [
      [2, 'way/2001', 'parking'], // hgv=designated
      [3, 'node/1002', 'parking'], // capacity:hgv=12 alone
      [5, 'node/1004', 'shower'],
      [6, 'way/2002', 'supermarket'],
      [7, 'node/1005', 'restaurant'],
      [8, 'node/1006', 'restaurant'], // fast_food
      [9, 'way/2003', 'services'], // highway=services before its amenity=fuel
      [10, 'node/1007', 'rest_area'],
      [11, 'node/1008', 'toilets'],
      [12, 'relation/3001', 'industrial'],
      [17, 'way/2005', 'parking'], // hgv=yes, position from its geometry
    ]);
  });

  it('reads amenities, brand, address and country from the tags', () => {
    assert.deepEqual(parsed.stations[0], { line: 1, record: {
      source_id: 'node/1001', name: 'OKKO', brand: 'OKKO', address: 'Городоцька вулиця 355', city: 'Львів', country_code: 'UA',
      lat: 49.8561, lon: 23.9712, opening_hours: '24/7',
      services: ['adblue', 'atm', 'car_wash', 'diesel', 'hgv_diesel', 'lpg', 'open_24h', 'shop', 'toilets', 'truck_access', 'wifi'],
    } });
    // A way with `center`: capacity:hgv, shower, toilets, supervised.
    assert.deepEqual(parsed.pois[0]!.record, {
      ...none, source_id: 'way/2001', type: 'parking', name: 'Truck parking Krakovets', lat: 49.9432, lon: 23.1514,
      amenities: ['security', 'shower', 'toilets', 'truck_access'], truck_spaces: 40,
    });
    assert.deepEqual(parsed.pois[1]!.record, { ...none, source_id: 'node/1002', type: 'parking', name: 'Parking Korczowa', lat: 50.0101, lon: 22.9902, amenities: [], truck_spaces: 12 });
    assert.deepEqual(parsed.pois[3]!.record, {
      ...none, source_id: 'way/2002', type: 'supermarket', name: 'Сільпо', brand: 'Сільпо', address: 'вулиця Шевченка 10', lat: 49.8419, lon: 24.0315, amenities: ['open_24h'],
      opening_hours: '24/7',
    });
    // A restaurant keeps its hours as tagged.
    assert.equal(parsed.pois[5]!.record.opening_hours, 'Mo-Su 06:00-23:00');
    assert.deepEqual(parsed.pois[4]!.record.amenities, ['wifi'], 'wifi=yes');
    assert.deepEqual(parsed.pois[6]!.record, {
      ...none, source_id: 'way/2003', type: 'services', name: 'Minderhout', lat: 51.2001, lon: 4.5002, amenities: ['fuel', 'parking', 'restaurant', 'toilets'], truck_spaces: 82,
    });
    assert.deepEqual(parsed.pois[7]!.record.amenities, ['parking', 'truck_access'], 'toilets=no is no toilets');
    assert.deepEqual(parsed.pois[10]!.record, { ...none, source_id: 'way/2005', type: 'parking', name: null, lat: 50.625, lon: 24.5, amenities: ['truck_access'] });
  });

  it('rejects elements without a position or a type, naming the value', () => {
    assert.deepEqual(parsed.rejected, [
      { file: 'overpass.json', line: 4, reason: 'node/1003: amenity=parking with no hgv tag and no capacity:hgv above 0: not a truck parking' },
      { file: 'overpass.json', line: 13, reason: 'way/2004 has no coordinates (no lat/lon, center, geometry or bounds: query with "out center")' },
      { file: 'overpass.json', line: 14, reason: "node/1009: lat '0', lon '0' not a WGS84 position" },
      { file: 'overpass.json', line: 15, reason: 'node/1010 has no tags' },
      { file: 'overpass.json', line: 16, reason: 'node/1011: no place type for amenity=bench' },
      { file: 'overpass.json', line: 18, reason: 'node/1001 repeats item 1' },
      { file: 'overpass.json', line: 19, reason: "element type 'area' is not node, way or relation" },
      { file: 'overpass.json', line: 20, reason: "node/1012: lat 'north', lon '22.99' not a WGS84 position" },
      { file: 'overpass.json', line: 21, reason: 'node/1017: access=private, not open to drivers' },
    ]);
    assert.throws(() => parseOverpassJson('{"features": []}', 'x.json', at), /no "elements" array/);
    assert.throws(() => parseOverpassJson('not json', 'x.json', at), SyntaxError);
  });
});

describe('OSM GeoJSON (overpass-turbo, osmtogeojson)', () => {
  const parsed = parseOsmGeoJson(fixture('places/osm/geojson_sample.json'), 'export.geojson', at);

  it('reads points, and the vertex mean of lines and (multi)polygons', () => {
    assert.equal(parsed.source, 'osm');
    assert.equal(parsed.rowsRead, 10);
    assert.deepEqual(parsed.stations[0], { line: 1, record: {
      source_id: 'node/1001', name: 'OKKO', brand: 'OKKO', address: null, city: 'Львів', country_code: 'UA', lat: 49.8561, lon: 23.9712,
      opening_hours: '24/7', services: ['diesel', 'open_24h', 'truck_access'],
    } });
    // A closed ring counts its repeated first vertex once: the square's centre.
    assert.deepEqual(parsed.pois[0]!.record, {
      ...none, source_id: 'way/2001', type: 'parking', name: 'Truck parking Krakovets', lat: 50, lon: 23.5, amenities: ['shower', 'truck_access'], truck_spaces: 40,
    });
    const [line, multi] = [parsed.pois[1]!.record, parsed.pois[2]!.record];
    assert.deepEqual([line.source_id, line.type, line.amenities, line.lon], ['way/2006', 'rest_area', ['parking', 'toilets'], 9]);
    assert.ok(Math.abs(line.lat - 147.5 / 3) < 1e-9, `${line.lat}`);
    assert.deepEqual([multi.source_id, multi.type], ['relation/3001', 'industrial']);
    assert.ok(Math.abs(multi.lon - 149 / 6) < 1e-9 && Math.abs(multi.lat - 298 / 6) < 1e-9, `${multi.lat},${multi.lon}`);
  });

  it('reads the osmtogeojson shape with tags under properties.tags', () => {
    assert.deepEqual(parsed.pois[3], { line: 5, record: {
      ...none, source_id: 'node/1013', type: 'supermarket', name: 'АТБ', brand: 'АТБ', lat: 49.8419, lon: 24.0315, amenities: ['open_24h'],
      opening_hours: '24/7',
    } });
  });

  it('rejects features without an id, a usable geometry or a type', () => {
    assert.deepEqual(parsed.rejected, [
      { file: 'export.geojson', line: 6, reason: "feature 6 has no OSM id (node|way|relation/<id>) in id or @id: 'undefined'" },
      { file: 'export.geojson', line: 7, reason: 'node/1014 has no geometry' },
      { file: 'export.geojson', line: 8, reason: 'node/1015: amenity=parking with hgv=no and no capacity:hgv above 0: not a truck parking' },
      { file: 'export.geojson', line: 9, reason: "way/2007 geometry type 'GeometryCollection' is not a Point, LineString or Polygon" },
      { file: 'export.geojson', line: 10, reason: 'node/1016 Point coordinates [200,49.8] not a WGS84 position' },
    ]);
    assert.throws(() => parseOsmGeoJson('{"elements": []}', 'x.json', at), /not a GeoJSON FeatureCollection/);
  });
});

describe('OSM tags -> amenities', () => {
  it('maps each amenity tag, and does not repeat the place type', () => {
    assert.deepEqual(amenitiesOf({ hgv: 'only', shower: 'hot', toilets: 'yes', internet_access: 'wlan', opening_hours: '24/7' }, 'parking'),
      ['open_24h', 'shower', 'toilets', 'truck_access', 'wifi']);
    assert.deepEqual(amenitiesOf({ amenity: 'fuel', 'fuel:diesel': 'yes', 'fuel:cng': 'yes', 'fuel:lng': 'yes', 'fuel:lpg': 'no', surveillance: 'outdoor' }, 'fuel'),
      ['cng', 'diesel', 'lng', 'security']);
    assert.deepEqual(amenitiesOf({ hgv: 'no', shower: 'no', toilets: 'no', internet_access: 'no', opening_hours: 'Mo-Fr 08:00-18:00' }, 'parking'), []);
    assert.deepEqual(amenitiesOf({ amenity: 'toilets' }, 'toilets'), []);
    assert.deepEqual(amenitiesOf({ shop: 'supermarket' }, 'supermarket'), []);
  });
});
