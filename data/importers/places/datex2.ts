/**
 * Truck parkings published in DATEX II v2.x (`ParkingTablePublication`, the format EU national access points
 * publish truck-parking data in), and the JSON form of the Flemish truck-parking data.
 *
 * XML: a `d2LogicalModel` whose `payloadPublication` is a `ParkingTablePublication`, or (as the Flemish
 * Agentschap Wegen en Verkeer publishes it) a `GenericPublication` named `ParkingTablePublication` that wraps a
 * `parkingTablePublication` in its `genericPublicationExtension`. Namespace prefixes are ignored. Each parking
 * site (`parkingRecord`) becomes one place:
 * - type `services` when it has a restaurant or a petrol station, else `rest_area` where its
 *   `parkingUsageScenario` says `restArea` (`services` for `serviceArea`), else `parking`;
 * - `truck_spaces`: the spaces of its groups for lorries (`lorry`, `articulatedVehicle`, `tanker`), or all its
 *   spaces when the site is only for lorries; null when the record does not count them;
 * - amenities from its service facilities and equipment (restaurant, cafe, fuel, shop, hotel, toilets, shower,
 *   wifi, ...), `security` from its security measures or LABEL security level, `truck_access` when it counts
 *   lorry spaces, `parking` on a `services`/`rest_area` place;
 * - country from the record's site address, else from the supplier (`exchange/supplierIdentification`).
 * The source is `datex2-<supplier country>` (`datex2-be`); the line is the line of the `parkingRecord` tag.
 */
import { XMLParser } from 'fast-xml-parser';
import type { PoiRecord, PoiType } from '../../../models/places.js';
import { lineIndex } from '../source-lines.js';
import { emptyPlaces, position, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';

/** What a DATEX II parking record says, whichever serialisation it came from. */
interface Site {
  id: string;
  /** `InterUrbanParkingSite`, `UrbanParkingSite`, `SpecialLocationParkingSite`, `GroupOfParkingSites`, ... */
  kind: string;
  name: string | null;
  /** Null when the record has no point coordinates. */
  point: { lat: unknown; lon: unknown } | null;
  spaces: unknown;
  /** Vehicle types the whole site is reserved for (`onlyAssignedParking`). */
  onlyFor: string[];
  groups: { vehicleTypes: string[]; spaces: unknown }[];
  facilities: string[];
  security: string[];
  labelSecurityLevel: string | null;
  certifiedSecure: boolean;
  usage: string[];
  address: { full: string | null; street: string | null; houseNumber: string | null; postcode: string | null; city: string | null; country: string | null };
}

const LORRY = new Set(['lorry', 'articulatedvehicle', 'tanker']);

/** DATEX II service facility and equipment types (normalised: lower case, letters only) -> amenity. */
const AMENITY: Record<string, string> = {
  restaurant: 'restaurant', restaurantselfservice: 'restaurant', motorwayrestaurant: 'restaurant', motorwayrestaurantsmall: 'restaurant',
  cafe: 'cafe', petrolstation: 'fuel', shop: 'shop', kiosk: 'shop', foodshopping: 'shop',
  hotel: 'hotel', motel: 'hotel', overnightaccommodation: 'hotel',
  vehiclemaintenance: 'repair', tyrerepair: 'repair', truckrepair: 'repair', truckwash: 'truck_wash', carwash: 'car_wash',
  laundry: 'laundry', pharmacy: 'pharmacy', medicalfacility: 'medical',
  toilet: 'toilets', toilets: 'toilets', sanitary: 'toilets', shower: 'shower', internetwireless: 'wifi', wifi: 'wifi',
  cashmachine: 'atm', electricchargingstation: 'ev_charging', dumpingstation: 'dump_station', freshwatersupply: 'water',
  picnicfacilities: 'picnic', vendingmachine: 'vending_machine',
};
/** Security measures that make a parking secured (lighting alone does not). */
const SECURED = new Set(['securitystaff', 'externalsecurity', 'cctv', 'dog', 'guard24hours', 'fences', 'areaseperatedfromsurroundings', 'areaseparatedfromsurroundings']);

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const norm = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
const list = <T>(value: T | T[] | null | undefined): T[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);
const obj = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The text of an XML element as fast-xml-parser returns it (a string, or an object with `#text`). */
function textOf(node: unknown): string {
  if (typeof node === 'string') return node.trim();
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  const inner = obj(node)['#text'];
  return inner === undefined ? '' : String(inner).trim();
}
const textOrNull = (node: unknown) => textOf(node) || null;
/** The first non-empty value of a DATEX II MultilingualString (`<values><value lang="..">`). */
const multilingual = (node: unknown): string | null => list(obj(obj(node).values).value).map(textOf).find((v) => v !== '') ?? null;

/** A count of spaces: null when absent, undefined when not a non-negative integer. */
function spaceCount(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(String(value)) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

function countryCode(value: string | null | undefined): string | null {
  const code = (value ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

/** The place of one parking record, or why it cannot be used. */
function placeOf(site: Site, defaultCountry: string | null): PoiRecord | string {
  const label = `parking record '${site.id}'`;
  if (!site.id) return 'parking record without an id';
  // The Flemish 2022 file gives two different sites the nil UUID: a placeholder, not an id of the site.
  if (/^[0-]+$/.test(site.id)) return `${label} has a placeholder id, not an id of its own (name '${site.name ?? ''}')`;
  if (norm(site.kind) === 'groupofparkingsites') return `${label} is a group of parking sites, not a site`;
  if (!site.point) return `${label} has no point coordinates (parkingLocation/pointByCoordinates)`;
  // `position` reads a blank string as 0: a missing latitude or longitude must not become one.
  const at = blank(site.point.lat) || blank(site.point.lon) ? null : position(site.point.lat, site.point.lon);
  if (!at) return `${label}: latitude '${String(site.point.lat)}', longitude '${String(site.point.lon)}' not a WGS84 position`;

  let truckSpaces: number | null = null;
  for (const group of site.groups) {
    if (!group.vehicleTypes.some((t) => LORRY.has(norm(t)))) continue;
    const n = spaceCount(group.spaces);
    if (n === undefined) return `${label}: lorry parkingNumberOfSpaces '${String(group.spaces)}' not a count`;
    if (n !== null) truckSpaces = (truckSpaces ?? 0) + n;
  }
  if (truckSpaces === null && site.onlyFor.length > 0 && site.onlyFor.every((t) => LORRY.has(norm(t)))) {
    const n = spaceCount(site.spaces);
    if (n === undefined) return `${label}: parkingNumberOfSpaces '${String(site.spaces)}' not a count`;
    truckSpaces = n;
  }

  const amenities = new Set<string>();
  for (const facility of site.facilities) {
    const amenity = AMENITY[norm(facility)];
    if (amenity) amenities.add(amenity);
  }
  const level = norm(site.labelSecurityLevel ?? '');
  if (site.certifiedSecure || /^securitylevel[1-5]$/.test(level) || site.security.some((s) => SECURED.has(norm(s)))) amenities.add('security');
  if (site.security.some((s) => ['lighting', 'floodlight'].includes(norm(s)))) amenities.add('lighting');
  if (truckSpaces !== null && truckSpaces > 0) amenities.add('truck_access');

  const usage = site.usage.map(norm);
  const type: PoiType = amenities.has('restaurant') || amenities.has('fuel') || usage.includes('servicearea') ? 'services'
    : usage.includes('restarea') ? 'rest_area' : 'parking';
  if (type !== 'parking') amenities.add('parking');

  const a = site.address;
  const street = [a.street, a.houseNumber].filter(Boolean).join(' ');
  const address = a.full ?? ([street, [a.postcode, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null);
  return {
    source_id: site.id, type, name: site.name, brand: null, address, city: a.city,
    country_code: countryCode(a.country) ?? defaultCountry, lat: at.lat, lon: at.lon,
    amenities: [...amenities].sort(), truck_spaces: truckSpaces,
  };
}

/** Adds a place, or rejects it (or a second record with an id already read, naming the first one's line). */
function keep(parsed: ParsedPlaces, seen: Map<string, number>, file: string, line: number, place: PoiRecord | string): void {
  if (typeof place === 'string') return void parsed.rejected.push({ file, line, reason: place });
  const first = seen.get(place.source_id);
  if (first !== undefined) return void parsed.rejected.push({ file, line, reason: `parking record '${place.source_id}' repeats the id of line ${first}` });
  seen.set(place.source_id, line);
  parsed.pois.push({ line, record: place });
}

// ---------------------------------------------------------------------------------------------------------
// XML

const XML_ARRAYS = new Set([
  'payloadPublication', 'parkingTable', 'parkingRecord', 'value', 'groupOfParkingSpaces', 'parkingEquipmentOrServiceFacility',
  'vehicleCharacteristics', 'vehicleType', 'parkingSecurity', 'parkingUsageScenario', 'contactDetailsHouseNumber',
]);
const xml = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false,
  captureMetaData: true, isArray: (name) => XML_ARRAYS.has(name),
});
// Typed `Symbol` (the wrapper object) by fast-xml-parser; it is a symbol.
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

const vehicleTypesOf = (assignment: unknown) => list(obj(assignment).vehicleCharacteristics as unknown[]).flatMap((c) => list(obj(c).vehicleType as unknown[]).map(textOf));

function xmlSite(record: Record<string, unknown>): Site {
  const coordinates = obj(obj(obj(record.parkingLocation).pointByCoordinates).pointCoordinates);
  const standards = obj(record.parkingStandardsAndSecurity);
  const address = obj(record.parkingSiteAddress);
  // Facilities are `<parkingEquipmentOrServiceFacility index="n"><parkingEquipmentOrServiceFacility xsi:type="...">`.
  const facilities = list(record.parkingEquipmentOrServiceFacility as unknown[])
    .flatMap((outer) => list(obj(outer).parkingEquipmentOrServiceFacility as unknown[]).concat(outer))
    .flatMap((f) => [textOf(obj(f).serviceFacilityType), textOf(obj(f).equipmentType)].filter(Boolean));
  return {
    id: String(record['@_id'] ?? ''),
    kind: String(record['@_type'] ?? '').replace(/^.*:/, ''), // xsi:type="d2:InterUrbanParkingSite" keeps its prefix
    name: multilingual(record.parkingName),
    point: 'latitude' in coordinates || 'longitude' in coordinates ? { lat: textOf(coordinates.latitude), lon: textOf(coordinates.longitude) } : null,
    spaces: textOf(record.parkingNumberOfSpaces),
    onlyFor: vehicleTypesOf(record.onlyAssignedParking),
    groups: list(record.groupOfParkingSpaces as unknown[]).map((g) => {
      const basics = obj(obj(g).parkingSpaceBasics);
      return { vehicleTypes: [...vehicleTypesOf(basics.onlyAssignedParking), ...vehicleTypesOf(basics.assignedParkingAmongOthers)], spaces: textOf(basics.parkingNumberOfSpaces) };
    }),
    facilities,
    security: list(standards.parkingSecurity as unknown[]).map(textOf),
    labelSecurityLevel: textOrNull(standards.labelSecurityLevel),
    certifiedSecure: false,
    usage: list(record.parkingUsageScenario as unknown[]).map(textOf),
    address: {
      full: multilingual(address.contactDetailsAddress), street: textOrNull(address.contactDetailsStreet) ?? multilingual(address.contactDetailsStreet),
      houseNumber: list(address.contactDetailsHouseNumber as unknown[]).map(textOf).filter(Boolean).join('-') || null,
      postcode: textOrNull(address.contactDetailsPostcode), city: multilingual(address.contactDetailsCity), country: textOrNull(address.country),
    },
  };
}

/** A DATEX II v2.x parking table (XML). Throws when the file is not XML or holds no parking table. */
export function parseDatex2Parking(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const doc = obj(xml.parse(text));
  const model = obj(doc.d2LogicalModel);
  if (!('d2LogicalModel' in doc)) throw new Error(`${file}: not a DATEX II v2 document (no d2LogicalModel root)`);
  const supplier = obj(obj(model.exchange).supplierIdentification);
  const publications = list(model.payloadPublication as unknown[]).map(obj);
  const creator = obj(publications[0]?.publicationCreator);
  const country = countryCode(textOf(supplier.country)) ?? countryCode(textOf(creator.country));
  const tables = publications.flatMap((p) => [
    ...list(p.parkingTable as unknown[]),
    ...list(obj(obj(p.genericPublicationExtension).parkingTablePublication).parkingTable as unknown[]),
  ]).map(obj);
  if (tables.length === 0) {
    const kinds = publications.map((p) => String(p['@_type'] ?? '?')).join(', ') || 'none';
    throw new Error(`${file}: no ParkingTablePublication parking table (payload: ${kinds})`);
  }
  const parsed = emptyPlaces(country ? `datex2-${country.toLowerCase()}` : 'datex2', file);
  const lineOf = lineIndex(text);
  const seen = new Map<string, number>();
  let index = 0;
  for (const table of tables) {
    for (const item of list(table.parkingRecord as unknown[])) {
      index++;
      parsed.rowsRead++;
      const record = obj(item);
      const start = (record as Record<symbol, { startIndex?: number } | undefined>)[META]?.startIndex;
      const line = typeof start === 'number' ? lineOf(start) : index;
      keep(parsed, seen, file, line, placeOf(xmlSite(record), country));
    }
  }
  return parsed;
}

// ---------------------------------------------------------------------------------------------------------
// JSON

function jsonSite(item: Record<string, unknown>): Site {
  const location = obj(item.parkingLocation);
  const coordinates = obj(obj(location.pointByCoordinates).pointCoordinates);
  const standards = obj(item.parkingStandardsAndSecurity);
  const address = obj(item.parkingSiteAddress);
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null);
  const types = (assignment: unknown) => list(obj(assignment).vehicleCharacteristics as unknown[]).flatMap((c) => list(obj(c).vehicleType as unknown[])).map((v) => str(v) ?? '');
  return {
    id: str(item.id) ?? '',
    kind: str(item.type) ?? '',
    name: str(item.parkingName),
    point: 'latitude' in coordinates || 'longitude' in coordinates ? { lat: coordinates.latitude, lon: coordinates.longitude } : null,
    spaces: item.parkingNumberOfSpaces,
    onlyFor: types(item.onlyAssignedParking),
    groups: list(item.groupOfParkingSpaces as unknown[]).map((g) => {
      const basics = obj(obj(g).parkingSpaceBasics);
      return { vehicleTypes: [...types(basics.onlyAssignedParking), ...types(basics.assignedParkingAmongOthers)], spaces: basics.parkingNumberOfSpaces };
    }),
    facilities: list(item.parkingEquipmentOrServiceFacility as unknown[]).flatMap((f) => [str(obj(f).serviceFacilityType), str(obj(f).equipmentType)].filter((v): v is string => v !== null)),
    security: list(standards.parkingSecurity as unknown[]).map((v) => str(v) ?? ''),
    labelSecurityLevel: str(standards.labelSecurityLevel),
    certifiedSecure: standards.certifiedSecureParking === true,
    // `{"parkingUsageScenario": {"parkingUsageScenario": "Truckparking", ...}}` in the Flemish conversion.
    usage: list((typeof item.parkingUsageScenario === 'object' && !Array.isArray(item.parkingUsageScenario) ? obj(item.parkingUsageScenario).parkingUsageScenario : item.parkingUsageScenario) as unknown)
      .map((v) => str(v) ?? ''),
    address: {
      full: null, street: str(address.contactDetailsStreet), houseNumber: str(address.contactDetailsHouseNumber),
      postcode: str(address.contactDetailsPostcode), city: str(address.contactDetailsCity), country: str(address.country),
    },
  };
}

/**
 * The JSON form of the Flemish truck-parking data (`truckparking20240722.json`, the shape
 * github.com/davidvlaminck/truckparkings converts to DATEX II: `{"parkings": [...]}`, one object per parking
 * record with the DATEX II element names and human-readable enum values such as `"Petrol station"`, `"Lorry"`,
 * `"sanitary"`). It names no supplier: it is Flemish (BE) data, so places are in BE unless a record's site
 * address says otherwise, under the same source as the XML (`datex2-be`) with the same record ids (mostly: one
 * site, E403 Oekene Kortrijk - Brugge, has another id in 2024 than in 2022).
 */
export function parseDatex2Json(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const doc = obj(JSON.parse(text));
  if (!Array.isArray(doc.parkings)) throw new Error(`${file}: not a truck-parking JSON conversion (no "parkings" array)`);
  const parsed = emptyPlaces('datex2-be', file);
  const seen = new Map<string, number>();
  doc.parkings.forEach((item: unknown, i: number) => {
    parsed.rowsRead++;
    const line = i + 1;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return void parsed.rejected.push({ file, line, reason: `parking ${line} is not an object` });
    keep(parsed, seen, file, line, placeOf(jsonSite(item as Record<string, unknown>), 'BE'));
  });
  return parsed;
}
