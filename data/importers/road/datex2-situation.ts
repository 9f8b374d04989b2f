/**
 * Road situations published in DATEX II (`SituationPublication`), the format of the EU national access points:
 * v2.x (`d2LogicalModel` with a `payloadPublication xsi:type="SituationPublication"`) and v3 (a `payload` root, or
 * one inside an Exchange 2020 `messageContainer`, with `xsi:type="sit:SituationPublication"`). Namespace prefixes
 * are ignored. Each `situationRecord` becomes one report, its line the line of the record's opening tag.
 *
 * - Source `datex2-<country>` from the supplier (`exchange/supplierIdentification/country`, else the publication's
 *   `publicationCreator/country`), else `options.source`, else `datex2`. The records' country is that supplier
 *   country: a publication that names none has its records rejected (no country is guessed).
 * - `source_id` is the record's `id`. The same id again is the same record: within a file the newer version (the
 *   higher `version`, else the later `situationRecordVersionTime`) is kept and the older rejected, naming both;
 *   across imports the runner updates the stored record.
 * - Type (`xsi:type`, DATEX2_TYPES): Accident -> accident; MaintenanceWorks, ConstructionWorks -> roadwork;
 *   RoadOrCarriagewayOrLaneManagement -> closure when its `roadOrCarriagewayOrLaneManagementType` closes the road
 *   (roadClosed, carriagewayClosures, intermittentShortTermClosures), else other; AbnormalTraffic -> congestion;
 *   PoorEnvironmentConditions -> weather; WeatherRelatedRoadConditions -> ice when its condition is ice, frost, snow
 *   or slush on the road, else weather; obstructions (General, Vehicle, Animal, Environmental, InfrastructureDamage),
 *   NonWeatherRelatedRoadConditions and EquipmentOrSystemFault -> hazard; any other type -> other.
 * - Severity: the record's `severity`, else the situation's `overallSeverity`: lowest and low -> low, medium ->
 *   moderate, high -> major, highest -> critical. A record stating none (or `unknown`/`none`) takes its type's
 *   (closure critical, accident major, other low, the rest moderate).
 * - Validity: `overallStartTime` / `overallEndTime` (UTC; absent = null). A time without a UTC offset is rejected:
 *   DATEX II does not say which zone it would be in.
 * - Geometry, [lon, lat]: from the record's location (v2 `groupOfLocations`, v3 `locationReference`; in a group, the
 *   first location that has coordinates), first found of: a `gmlLineString/posList` (lat lon pairs, WGS84/ETRS89), the
 *   OpenLR reference points, the start and end of a linear-by-coordinates extension, the `from`/`to` points of a TPEG
 *   linear location (LineStrings); `pointByCoordinates` or another `pointCoordinates`; `locationForDisplay` (v2) or
 *   `coordinatesForDisplay` (v3) (Points). A record located only by Alert-C or TPEG codes (location-table numbers)
 *   or by reference to a predefined location has no coordinates of its own: it is rejected, saying so.
 * - Text: the `generalPublicComment` values in their language (several values one per line), else the record's
 *   coded values in English (`Accident: collision, collisionWithAnimal`). `nonGeneralPublicComment` is not public:
 *   left out. Road from the location's `roadNumber`/`roadName`; direction from its `directionBound*` (compass) value.
 * - Vehicles: `forVehiclesWithCharacteristicsOf` is `applies_to` as published (`lorry; grossVehicleWeight greaterThan
 *   7.5`); on a closure, a characteristic `greaterThan` a value is the limit (closed to vehicles over 7.5 t: max
 *   7.5 t). `temporarySpeedLimit` (SpeedManagement) is the speed limit.
 */
import { XMLParser } from 'fast-xml-parser';
import type { ConditionType, RoadGeometry, RoadReportRecord, Severity, TruckLimits } from '../../../models/road-reports.js';
import {
  asList, asObject, cleanText, emptyReports, geometryOf, instantOf, lineIndex, lonLat, numberOf, truckLimits, xmlText,
  type ParsedRoadReports, type RoadFormatOptions,
} from './parsed.js';

/** Record type (lower case, no prefix) -> condition type; a type not here is `other`. */
export const DATEX2_TYPES: Readonly<Record<string, ConditionType>> = {
  accident: 'accident',
  maintenanceworks: 'roadwork',
  constructionworks: 'roadwork',
  roadworks: 'roadwork',
  abnormaltraffic: 'congestion',
  poorenvironmentconditions: 'weather',
  weatherrelatedroadconditions: 'weather',
  generalobstruction: 'hazard',
  vehicleobstruction: 'hazard',
  animalpresenceobstruction: 'hazard',
  environmentalobstruction: 'hazard',
  infrastructuredamageobstruction: 'hazard',
  nonweatherrelatedroadconditions: 'hazard',
  equipmentorsystemfault: 'hazard',
};

/** `roadOrCarriagewayOrLaneManagementType` values that close the road (or a carriageway) to traffic. */
const CLOSING = new Set(['roadclosed', 'carriagewayclosures', 'intermittentshorttermclosures']);

/** `weatherRelatedRoadConditionType` (and v3 road surface condition) values that make the road icy or snowy. */
const ICY = /ice|icy|frost|freez|snow|slush/i;

const SEVERITY: Readonly<Record<string, Severity>> = { lowest: 'low', low: 'low', medium: 'moderate', high: 'major', highest: 'critical' };

const DEFAULT_SEVERITY: Readonly<Record<ConditionType, Severity>> = {
  closure: 'critical', accident: 'major', other: 'low',
  pothole: 'moderate', speed_bump: 'moderate', roadwork: 'moderate', hazard: 'moderate', ice: 'moderate', congestion: 'moderate', weather: 'moderate',
};

/** Coded values worth naming when a record has no public comment (DATEX II element names). */
const CODED = [
  'accidentType', 'collisionType', 'abnormalTrafficType', 'roadMaintenanceType', 'constructionWorkType', 'roadOrCarriagewayOrLaneManagementType',
  'obstructionType', 'animalPresenceType', 'vehicleObstructionType', 'environmentalObstructionType', 'infrastructureDamageType',
  'poorEnvironmentType', 'weatherRelatedRoadConditionType', 'nonWeatherRelatedRoadConditionType', 'equipmentOrSystemFaultType',
  'publicEventType', 'disturbanceActivityType', 'authorityOperationType', 'transitServiceInformation', 'transitServiceType',
  'winterEquipmentManagementType', 'speedManagementType', 'reroutingManagementType', 'temporarySpeedLimit',
];

const XML_ARRAYS = new Set([
  'payloadPublication', 'payload', 'situation', 'situationRecord', 'value', 'generalPublicComment', 'locationContainedInGroup',
  'openlrLocationReferencePoint', 'vehicleType', 'forVehiclesWithCharacteristicsOf', 'validPeriod', ...CODED,
]);
const xml = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false,
  captureMetaData: true, isArray: (name) => XML_ARRAYS.has(name),
});
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

const norm = (value: string) => value.replace(/^.*:/, '').toLowerCase();

function countryOf(node: unknown): string | null {
  const code = xmlText(asObject(node).country).toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

interface Publication {
  node: Record<string, unknown>;
  country: string | null;
}

/** The SituationPublications of a v2 or v3 document; throws when it holds none. */
function publicationsOf(doc: Record<string, unknown>, file: string): Publication[] {
  const isSituation = (p: Record<string, unknown>) => norm(String(p['@_type'] ?? '')) === 'situationpublication';
  if ('d2LogicalModel' in doc) {
    const model = asObject(doc.d2LogicalModel);
    const supplier = countryOf(asObject(model.exchange).supplierIdentification);
    const all = asList(model.payloadPublication).map(asObject);
    const found = all.filter(isSituation);
    if (found.length === 0) throw new Error(`${file}: no SituationPublication (payload: ${all.map((p) => String(p['@_type'] ?? '?')).join(', ') || 'none'})`);
    return found.map((node) => ({ node, country: supplier ?? countryOf(node.publicationCreator) }));
  }
  const roots = [...asList(doc.payload), ...asList(asObject(doc.messageContainer).payload)].map(asObject);
  if (roots.length === 0) throw new Error(`${file}: not a DATEX II document (no d2LogicalModel, payload or messageContainer root)`);
  const found = roots.filter(isSituation);
  if (found.length === 0) throw new Error(`${file}: no SituationPublication (payload: ${roots.map((p) => String(p['@_type'] ?? '?')).join(', ')})`);
  const exchange = countryOf(asObject(asObject(asObject(doc.messageContainer).exchangeInformation).exchangeContext).supplierOrCisRequester);
  return found.map((node) => ({ node, country: exchange ?? countryOf(node.publicationCreator) }));
}

/** A DATEX II v2.x or v3 SituationPublication (XML). Throws when the file is not XML or holds no situations. */
export function parseDatex2Situations(text: string, file: string, options: RoadFormatOptions): ParsedRoadReports {
  const doc = asObject(xml.parse(text));
  const publications = publicationsOf(doc, file);
  const country = publications.find((p) => p.country !== null)?.country ?? null;
  const parsed = emptyReports(country ? `datex2-${country.toLowerCase()}` : (options.source ?? 'datex2'), file);
  const lineOf = lineIndex(text);
  /** Per id: the kept report's index in `parsed.reports` and its version, to keep the newest of a repeated id. */
  const kept = new Map<string, { index: number; line: number; rank: [number, number] }>();
  let index = 0;
  for (const publication of publications) {
    const lang = cleanText(publication.node['@_lang'])?.toLowerCase() ?? null;
    for (const situation of asList(publication.node.situation).map(asObject)) {
      for (const item of asList(situation.situationRecord)) {
        index++;
        parsed.rowsRead++;
        const record = asObject(item);
        const start = (item as Record<symbol, { startIndex?: number } | undefined>)[META]?.startIndex;
        const line = typeof start === 'number' ? lineOf(start) : index;
        const report = reportOf(record, situation, publication.country, lang);
        if (typeof report === 'string') {
          parsed.rejected.push({ file, line, reason: report });
          continue;
        }
        const rank = rankOf(record);
        const earlier = kept.get(report.source_id);
        if (earlier === undefined) {
          kept.set(report.source_id, { index: parsed.reports.length, line, rank });
          parsed.reports.push({ line, record: report });
        } else if (newer(rank, earlier.rank)) {
          parsed.rejected.push({ file, line: earlier.line, reason: `situation record '${report.source_id}' is superseded by its newer version at line ${line}` });
          parsed.reports[earlier.index] = { line, record: report };
          kept.set(report.source_id, { index: earlier.index, line, rank });
        } else {
          parsed.rejected.push({ file, line, reason: `situation record '${report.source_id}' is an older version of the one at line ${earlier.line}` });
        }
      }
    }
  }
  return parsed;
}

/** [version, version time ms] of a record (missing parts are -1), to tell which of two is newer. */
function rankOf(record: Record<string, unknown>): [number, number] {
  const version = Number(String(record['@_version'] ?? '').trim() || NaN);
  const time = instantOf(xmlText(record.situationRecordVersionTime));
  return [Number.isFinite(version) ? version : -1, time ? Date.parse(time) : -1];
}
const newer = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);

/** One situation record as a report, or why it cannot be used. */
function reportOf(record: Record<string, unknown>, situation: Record<string, unknown>, country: string | null, lang: string | null): RoadReportRecord | string {
  const id = cleanText(record['@_id']);
  const type = String(record['@_type'] ?? '').replace(/^.*:/, '');
  const label = `situation record '${id ?? ''}' (${type || 'no type'})`;
  if (id === null) return `situation record without an id (${type || 'no type'})`;
  const problems: string[] = [];

  const location = record.groupOfLocations ?? record.locationReference;
  const geometry = geometryFrom(location);
  if (typeof geometry === 'string') problems.push(geometry);
  if (country === null) problems.push('the publication names no supplier country');

  const spec = asObject(asObject(record.validity).validityTimeSpecification);
  const times: (string | null)[] = [];
  for (const name of ['overallStartTime', 'overallEndTime']) {
    const raw = xmlText(spec[name]);
    const at = raw === '' ? null : instantOf(raw);
    if (raw !== '' && at === null) problems.push(`${name} '${raw}' is not a date-time with a UTC offset`);
    times.push(at);
  }

  const condition = conditionOf(type, record);
  const comment = commentOf(record, lang);
  if (comment === null && lang === null && codedSummary(type, record) === null) problems.push('no text and no language');
  if (problems.length > 0 || typeof geometry === 'string' || country === null) return `${label}: ${problems.join('; ')}`;

  const stated = SEVERITY[xmlText(record.severity).toLowerCase()] ?? SEVERITY[xmlText(situation.overallSeverity).toLowerCase()];
  const vehicles = vehiclesOf(record, condition === 'closure');
  const speed = asList(record.temporarySpeedLimit).map((v) => numberOf(xmlText(v))).find((v): v is number => typeof v === 'number' && v > 0);
  const road = roadOf(location);
  return {
    source_id: id,
    condition_type: condition,
    severity: stated ?? DEFAULT_SEVERITY[condition],
    description: comment?.text ?? codedSummary(type, record) ?? type,
    lang: comment?.lang ?? 'en',
    road_name: road,
    direction: directionOf(location),
    country_code: country,
    geometry,
    starts_at: times[0]!,
    expires_at: times[1]!,
    applies_to: vehicles.appliesTo,
    truck_limits: truckLimits({ ...vehicles.limits, speed_limit_kmh: speed }),
  };
}

function conditionOf(type: string, record: Record<string, unknown>): ConditionType {
  const key = type.toLowerCase();
  if (key === 'roadorcarriagewayorlanemanagement') {
    return asList(record.roadOrCarriagewayOrLaneManagementType).some((v) => CLOSING.has(xmlText(v).toLowerCase())) ? 'closure' : 'other';
  }
  if (key === 'weatherrelatedroadconditions') {
    return JSON.stringify(record.weatherRelatedRoadConditionType ?? record.roadSurfaceConditionMeasurements ?? '').match(ICY) ? 'ice' : 'weather';
  }
  return DATEX2_TYPES[key] ?? 'other';
}

/** The public comment's values in the publication's language (else in the first language given), one per line. */
function commentOf(record: Record<string, unknown>, lang: string | null): { text: string; lang: string } | null {
  const values = asList(record.generalPublicComment)
    .flatMap((c) => asList(asObject(asObject(asObject(c).comment).values).value))
    .map((v) => ({ text: cleanText(xmlText(v)), lang: cleanText(asObject(v)['@_lang'])?.toLowerCase() ?? lang }))
    .filter((v): v is { text: string; lang: string } => v.text !== null && v.lang !== null);
  if (values.length === 0) return null;
  const chosen = values.some((v) => v.lang === lang) ? lang! : values[0]!.lang;
  return { text: values.filter((v) => v.lang === chosen).map((v) => v.text).join('\n'), lang: chosen.slice(0, 2) };
}

/** `Accident: collision, collisionWithAnimal` from the record's coded values; null when it has none. */
function codedSummary(type: string, record: Record<string, unknown>): string | null {
  const values = CODED.flatMap((name) => asList(record[name]).map((v) => (name === 'temporarySpeedLimit' ? `${xmlText(v)} km/h` : xmlText(v)))).filter(Boolean);
  return values.length === 0 ? null : `${type}: ${values.join(', ')}`;
}

/** Every node named `name` under `node`, in document order. */
function findAll(node: unknown, name: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) {
    for (const n of node) findAll(n, name, out);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === name) out.push(...asList(value));
      else if (!key.startsWith('@_')) findAll(value, name, out);
    }
  }
  return out;
}

function coordinate(node: unknown): [number, number] | null | undefined {
  const o = asObject(node);
  if (!('latitude' in o) && !('longitude' in o)) return undefined;
  const lat = numberOf(xmlText(o.latitude));
  const lon = numberOf(xmlText(o.longitude));
  return typeof lat === 'number' && typeof lon === 'number' ? lonLat(lat, lon) : null;
}

/**
 * The positions of a v3 `gmlLineString` (`posList`: latitude longitude [height] tuples; with no `srsName` the
 * schema says ETRS89-LatLonh, which WGS84 matches to well under a metre), or why they cannot be used; null when
 * it has no `posList` (a v2 extension's `coordinates` string states no axis order: not read).
 */
function gmlLine(node: unknown): [number, number][] | string | null {
  const o = asObject(node);
  const list = xmlText(o.posList);
  if (list === '') return null;
  const srs = `${String(o['@_srsName'] ?? '')} ${xmlText(o.srsName)}`.trim();
  if (srs !== '' && !/4326|4258|wgs\s*-?\s*84|etrs\s*-?\s*89/i.test(srs)) return `gmlLineString in '${srs}', not WGS84 latitude/longitude`;
  const dimension = Number(String(o['@_srsDimension'] ?? '').trim() || xmlText(o.srsDimension) || 2);
  const numbers = list.split(/\s+/);
  if (!(dimension === 2 || dimension === 3) || numbers.length % dimension !== 0 || numbers.length < 2 * dimension) return `gmlLineString posList '${list.slice(0, 60)}' is not a list of positions`;
  const points: [number, number][] = [];
  for (let i = 0; i < numbers.length; i += dimension) {
    const p = /^-?\d+(\.\d+)?$/.test(numbers[i]!) && /^-?\d+(\.\d+)?$/.test(numbers[i + 1]!) ? lonLat(Number(numbers[i]), Number(numbers[i + 1])) : null;
    if (!p) return `gmlLineString position '${numbers[i]} ${numbers[i + 1]}' is not a latitude/longitude`;
    points.push(p);
  }
  return points;
}

/** The geometry of one location (a group's member, or the whole location), or why it has none. */
function oneGeometry(location: unknown): RoadGeometry | string | null {
  for (const line of findAll(location, 'gmlLineString')) {
    const points = gmlLine(line);
    if (points !== null) return typeof points === 'string' ? points : geometryOf(points);
  }
  const sequences: unknown[][] = [
    findAll(location, 'openlrCoordinate'),
    [...findAll(location, 'linearCoordinatesStartPoint'), ...findAll(location, 'linearCoordinatesEndPoint')].flatMap((p) => findAll(p, 'pointCoordinates')),
    findAll(location, 'tpegLinearLocation').flatMap((t) => [...asList(asObject(t).from), ...asList(asObject(t).to)]).flatMap((p) => findAll(p, 'pointCoordinates')),
    findAll(location, 'pointCoordinates'),
    [...findAll(location, 'locationForDisplay'), ...findAll(location, 'coordinatesForDisplay')],
  ];
  for (const [i, nodes] of sequences.entries()) {
    if (nodes.length === 0) continue;
    const points = nodes.map(coordinate);
    const bad = points.findIndex((p) => p === null);
    if (bad !== -1) {
      const o = asObject(nodes[bad]);
      return `latitude '${xmlText(o.latitude)}', longitude '${xmlText(o.longitude)}' is not a position`;
    }
    const valid = points.filter((p): p is [number, number] => p !== undefined && p !== null);
    // Lines take every point in order; point locations and display points take the first.
    if (valid.length > 0) return geometryOf(i < 3 ? valid : valid.slice(0, 1));
  }
  return null;
}

/** The record's geometry: of its location, or of the first member of its group that has coordinates. */
function geometryFrom(location: unknown): RoadGeometry | string {
  if (location === undefined) return 'no location';
  const members = findAll(location, 'locationContainedInGroup');
  for (const candidate of members.length > 0 ? members : [location]) {
    const geometry = oneGeometry(candidate);
    if (geometry !== null) return geometry;
  }
  const coded = ['alertCPoint', 'alertCLinear', 'alertCArea', 'tpegPointLocation', 'tpegpointLocation', 'predefinedLocationReference']
    .filter((name) => findAll(location, name).length > 0);
  return `no coordinates${coded.length > 0 ? ` (located only by ${coded.join(', ')}, which needs a location table)` : ''}`;
}

/** `roadNumber` and `roadName` of the location (text or multilingual), as published. */
function roadOf(location: unknown): string | null {
  const textOf = (node: unknown) => cleanText(xmlText(node)) ?? cleanText(findAll(node, 'value').map(xmlText)[0]);
  const parts = [findAll(location, 'roadNumber')[0], findAll(location, 'roadName')[0]].map((n) => (n === undefined ? null : textOf(n)));
  return cleanText([...new Set(parts.filter(Boolean))].join(' '));
}

function directionOf(location: unknown): string | null {
  for (const name of ['directionBoundOnLinearSection', 'directionBoundAtPoint', 'directionBound']) {
    const value = findAll(location, name).map((n) => cleanText(xmlText(n))).find(Boolean);
    if (value) return value;
  }
  return null;
}

/** Vehicle characteristics a characteristic name carries, and the truck limit it gives on a closure. */
const CHARACTERISTICS: readonly [string, string, keyof TruckLimits][] = [
  ['grossWeightCharacteristic', 'grossVehicleWeight', 'max_weight_t'],
  ['heaviestAxleWeightCharacteristic', 'heaviestAxleWeight', 'max_axle_load_t'],
  ['heightCharacteristic', 'vehicleHeight', 'max_height_m'],
  ['widthCharacteristic', 'vehicleWidth', 'max_width_m'],
  ['lengthCharacteristic', 'vehicleLength', 'max_length_m'],
];

function vehiclesOf(record: Record<string, unknown>, closure: boolean): { appliesTo: string | null; limits: Partial<TruckLimits> } {
  const parts: string[] = [];
  const limits: Partial<TruckLimits> = {};
  for (const vehicles of asList(record.forVehiclesWithCharacteristicsOf).map(asObject)) {
    const types = asList(vehicles.vehicleType).map(xmlText).filter(Boolean);
    if (types.length > 0) parts.push(types.join(', '));
    for (const [holder, field, limit] of CHARACTERISTICS) {
      for (const c of asList(vehicles[holder]).map(asObject)) {
        const operator = xmlText(c.comparisonOperator);
        const value = numberOf(xmlText(c[field]));
        parts.push(`${field} ${operator} ${xmlText(c[field])}`.replace(/\s+/g, ' ').trim());
        if (closure && typeof value === 'number' && value > 0 && /^greaterThan/.test(operator)) limits[limit] = value;
      }
    }
  }
  return { appliesTo: parts.length > 0 ? parts.join('; ') : null, limits };
}
