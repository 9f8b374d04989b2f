import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDatex2Json, parseDatex2Parking } from '../../../../data/importers/places/datex2.js';
import type { PlaceParser } from '../../../../data/importers/places/parsed.js';
import { fixture } from '../../../helpers/fixtures.js';

const XML = 'places/datex2/datex2truckparkings_20220519_excerpt.xml';
const JSON_FILE = 'places/datex2/truckparking20240722_excerpt.json';
const at = { at: new Date('2026-07-01T00:00:00Z') };

// Both are place parsers as the import runner calls them.
const parsers: PlaceParser[] = [parseDatex2Parking, parseDatex2Json];

const heverlee = {
  source_id: 'c00134eb-dbd1-4b04-9b5d-a0834cc9193e', type: 'services', name: 'E40 Heverlee Luik - Brussel', brand: null, address: null,
  city: null, country_code: 'BE', amenities: ['fuel', 'hotel', 'parking', 'restaurant', 'shop', 'truck_access'], truck_spaces: 34,
} as const;

describe('DATEX II parking table (Flemish GenericPublication)', () => {
  it('reads one place per parking record, at the line of its parkingRecord tag', () => {
    const text = fixture(XML);
    const parsed = parseDatex2Parking(text, 'parkings.xml', at);
    assert.equal(parsers.length, 2);
    assert.equal(parsed.source, 'datex2-be', 'the supplier is <country>be</country>');
    assert.equal(parsed.rowsRead, 5);
    assert.deepEqual(parsed.pois.map((p) => p.line), [21, 141, 230, 297]);
    const lines = text.split('\n');
    for (const { line } of [...parsed.pois, ...parsed.rejected]) assert.match(lines[line - 1]!, /^\s*<parkingRecord /);
    assert.deepEqual(parsed.stations, []);
    assert.deepEqual(parsed.prices, []);
  });

  it('maps a site with restaurant and petrol station to services, lorry spaces to truck_spaces, facilities to amenities', () => {
    const parsed = parseDatex2Parking(fixture(XML), 'parkings.xml', at);
    // Record 1: shop, hotel, restaurant, petrolStation; groups car 230, lorry 34, bus 6.
    assert.deepEqual(parsed.pois[0], { line: 21, record: { ...heverlee, lat: 50.854084, lon: 4.65828371 } });
    // Record 2: no facility; car 39, lorry 19.
    assert.deepEqual(parsed.pois[1]!.record, {
      source_id: '4ad4033f-f054-4728-b239-dd3d872e59cd', type: 'parking', name: 'E40 Everberg Luik - Brussel', brand: null, address: null,
      city: null, country_code: 'BE', lat: 50.86987, lon: 4.54539776, amenities: ['truck_access'], truck_spaces: 19,
    });
  });

  it('keeps truck_spaces unknown where no group counts lorries, and a cafe alone does not make services', () => {
    const parsed = parseDatex2Parking(fixture(XML), 'parkings.xml', at);
    const gentbrugge = parsed.pois.find((p) => p.record.name === 'E17 Gentbrugge Frankrijk - Antwerpen')!.record;
    assert.equal(gentbrugge.truck_spaces, null, 'its only group is for cars');
    assert.deepEqual(gentbrugge.amenities, []);
    const waasmunster = parsed.pois.find((p) => p.record.name === 'E17 Waasmunster Frankrijk - Antwerpen')!.record;
    assert.equal(waasmunster.type, 'parking');
    assert.deepEqual(waasmunster.amenities, ['cafe', 'truck_access']);
    assert.equal(waasmunster.truck_spaces, 20);
  });

  it('rejects the record whose id is the nil UUID (the 2022 file gives it to two sites)', () => {
    const parsed = parseDatex2Parking(fixture(XML), 'parkings.xml', at);
    assert.deepEqual(parsed.rejected, [{
      file: 'parkings.xml', line: 391,
      reason: "parking record '00000000-0000-0000-0000-000000000000' has a placeholder id, not an id of its own (name 'Tongeren')",
    }]);
  });

  it('rejects a record without a latitude instead of placing it at 0, and a lorry count that is not a number', () => {
    const text = fixture(XML)
      .replace('<latitude>50.854084</latitude>', '')
      .replace('<parkingNumberOfSpaces>19</parkingNumberOfSpaces>', '<parkingNumberOfSpaces>many</parkingNumberOfSpaces>');
    const parsed = parseDatex2Parking(text, 'parkings.xml', at);
    assert.deepEqual(parsed.rejected.slice(0, 2), [
      { file: 'parkings.xml', line: 21, reason: "parking record 'c00134eb-dbd1-4b04-9b5d-a0834cc9193e': latitude '', longitude '4.65828371' not a WGS84 position" },
      { file: 'parkings.xml', line: 141, reason: "parking record '4ad4033f-f054-4728-b239-dd3d872e59cd': lorry parkingNumberOfSpaces 'many' not a count" },
    ]);
    assert.equal(parsed.pois.length, 2);
  });

  it('reads a plain ParkingTablePublication with prefixed namespaces: rest area, equipment, security, site address and country', () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<d2:d2LogicalModel xmlns:d2="http://datex2.eu/schema/2/2_0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" modelBaseVersion="2">
  <d2:exchange><d2:supplierIdentification><d2:country>nl</d2:country><d2:nationalIdentifier>NDW</d2:nationalIdentifier></d2:supplierIdentification></d2:exchange>
  <d2:payloadPublication xsi:type="d2:ParkingTablePublication" lang="nl">
    <d2:publicationTime>2026-07-01T00:00:00Z</d2:publicationTime>
    <d2:parkingTable id="t1" version="1">
      <d2:parkingRecord xsi:type="d2:InterUrbanParkingSite" id="NL-1" version="1">
        <d2:parkingName><d2:values><d2:value lang="nl">Verzorgingsplaats De Horst</d2:value></d2:values></d2:parkingName>
        <d2:parkingRecordVersionTime>2026-07-01T00:00:00Z</d2:parkingRecordVersionTime>
        <d2:parkingNumberOfSpaces>25</d2:parkingNumberOfSpaces>
        <d2:parkingLocation xsi:type="d2:Point"><d2:pointByCoordinates><d2:pointCoordinates><d2:latitude>51.7</d2:latitude><d2:longitude>5.8</d2:longitude></d2:pointCoordinates></d2:pointByCoordinates></d2:parkingLocation>
        <d2:onlyAssignedParking><d2:vehicleCharacteristics><d2:vehicleType>lorry</d2:vehicleType></d2:vehicleCharacteristics></d2:onlyAssignedParking>
        <d2:parkingUsageScenario>restArea</d2:parkingUsageScenario>
        <d2:parkingEquipmentOrServiceFacility equipmentOrServiceFacilityIndex="0"><d2:parkingEquipmentOrServiceFacility xsi:type="d2:Equipment"><d2:equipmentType>toilet</d2:equipmentType></d2:parkingEquipmentOrServiceFacility></d2:parkingEquipmentOrServiceFacility>
        <d2:parkingEquipmentOrServiceFacility equipmentOrServiceFacilityIndex="1"><d2:parkingEquipmentOrServiceFacility xsi:type="d2:Equipment"><d2:equipmentType>shower</d2:equipmentType></d2:parkingEquipmentOrServiceFacility></d2:parkingEquipmentOrServiceFacility>
        <d2:parkingEquipmentOrServiceFacility equipmentOrServiceFacilityIndex="2"><d2:parkingEquipmentOrServiceFacility xsi:type="d2:Equipment"><d2:equipmentType>internetWireless</d2:equipmentType></d2:parkingEquipmentOrServiceFacility></d2:parkingEquipmentOrServiceFacility>
        <d2:parkingSiteAddress xsi:type="d2:ContactDetails" id="a1" version="1">
          <d2:contactDetailsStreet>Rijksweg</d2:contactDetailsStreet><d2:contactDetailsHouseNumber>73</d2:contactDetailsHouseNumber>
          <d2:contactDetailsPostcode>5856 AA</d2:contactDetailsPostcode>
          <d2:contactDetailsCity><d2:values><d2:value lang="nl">Wanssum</d2:value></d2:values></d2:contactDetailsCity>
          <d2:country>de</d2:country>
        </d2:parkingSiteAddress>
        <d2:parkingStandardsAndSecurity><d2:parkingSecurity>cctv</d2:parkingSecurity><d2:parkingSecurity>lighting</d2:parkingSecurity></d2:parkingStandardsAndSecurity>
      </d2:parkingRecord>
      <d2:parkingRecord xsi:type="d2:GroupOfParkingSites" id="NL-G" version="1"/>
    </d2:parkingTable>
  </d2:payloadPublication>
</d2:d2LogicalModel>`;
    const parsed = parseDatex2Parking(text, 'ndw.xml', at);
    assert.equal(parsed.source, 'datex2-nl');
    assert.deepEqual(parsed.pois, [{ line: 7, record: {
      source_id: 'NL-1', type: 'rest_area', name: 'Verzorgingsplaats De Horst', brand: null, address: 'Rijksweg 73, 5856 AA Wanssum', city: 'Wanssum',
      country_code: 'DE', lat: 51.7, lon: 5.8, amenities: ['lighting', 'parking', 'security', 'shower', 'toilets', 'truck_access', 'wifi'], truck_spaces: 25,
    } }]);
    assert.deepEqual(parsed.rejected, [{ file: 'ndw.xml', line: 25, reason: "parking record 'NL-G' is a group of parking sites, not a site" }]);
  });

  it('throws on a file that is not a DATEX II parking table', () => {
    assert.throws(() => parseDatex2Parking('<html><body/></html>', 'page.html', at), /page\.html: not a DATEX II v2 document/);
    assert.throws(
      () => parseDatex2Parking('<d2LogicalModel><payloadPublication type="SituationPublication"/></d2LogicalModel>', 's.xml', at),
      /s\.xml: no ParkingTablePublication parking table \(payload: SituationPublication\)/,
    );
  });
});

describe('DATEX II JSON conversion (truckparking20240722.json)', () => {
  it('reads the same sites under the same source and ids, with its human-readable enum values', () => {
    const parsed = parseDatex2Json(fixture(JSON_FILE), 'parkings.json', at);
    assert.equal(parsed.source, 'datex2-be');
    assert.equal(parsed.rowsRead, 4);
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.pois[0], { line: 1, record: { ...heverlee, lat: 50.854082325888626, lon: 4.658283837917553 } });
    // "Truckparking" is not a DATEX II rest area: a parking; "sanitary" is its toilets.
    assert.deepEqual(parsed.pois[3], { line: 4, record: {
      source_id: 'c01dba15-fd31-4619-952d-fb6ec710e7c7', type: 'parking', name: 'Tongeren', brand: null, address: null, city: null, country_code: 'BE',
      lat: 50.7906308524829, lon: 5.531124413600902, amenities: ['toilets', 'truck_access'], truck_spaces: 44,
    } });
    const xml = parseDatex2Parking(fixture(XML), 'parkings.xml', at);
    const strip = ({ lat: _lat, lon: _lon, ...rest }: { lat: number; lon: number }) => rest;
    const waasmunster = '706038cb-ee22-48fb-9285-fdabc1ef7d40';
    assert.deepEqual(strip(parsed.pois.find((p) => p.record.source_id === waasmunster)!.record), strip(xml.pois.find((p) => p.record.source_id === waasmunster)!.record));
  });

  it('rejects an item that is not an object or has no position, with its 1-based index', () => {
    const doc = JSON.parse(fixture(JSON_FILE)) as { parkings: unknown[] };
    (doc.parkings[1] as { parkingLocation: unknown }).parkingLocation = null;
    doc.parkings.push(null);
    const parsed = parseDatex2Json(JSON.stringify(doc), 'parkings.json', at);
    assert.deepEqual(parsed.rejected, [
      { file: 'parkings.json', line: 2, reason: "parking record '4ad4033f-f054-4728-b239-dd3d872e59cd' has no point coordinates (parkingLocation/pointByCoordinates)" },
      { file: 'parkings.json', line: 5, reason: 'parking 5 is not an object' },
    ]);
    assert.equal(parsed.rowsRead, 5);
    assert.throws(() => parseDatex2Json('{"features": []}', 'x.json', at), /no "parkings" array/);
  });
});
