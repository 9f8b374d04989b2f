/**
 * # Road report CSV
 *
 * A plain CSV for road reports from drivers and from operators (closures, roadworks, potholes, weight limits...),
 * one report per row, UTF-8, comma-separated, with a header row naming the columns (any order; a column that is
 * not listed below is an error). Cells with commas, quotes or line breaks are quoted (`"..."`, a quote inside
 * doubled `""`). Reports are stored under the source the operator names (`--source NAME`), else `reports`; a row
 * whose `source_id` was imported before updates that report.
 *
 * | column | required | content |
 * |---|---|---|
 * | `source_id` | yes | the report's id in your system, unique within the source (at most 200 characters) |
 * | `condition_type` | yes | one of `pothole`, `speed_bump`, `roadwork`, `closure`, `hazard`, `ice`, `accident`, `congestion`, `weather`, `other` |
 * | `severity` | yes | one of `low`, `moderate`, `major`, `critical` |
 * | `description` | yes | what the report says, in the language of `lang` |
 * | `lang` | yes | ISO 639-1 code of the description (`en`, `lt`, `pl`) |
 * | `road_name` | no | road number and name as signposted (`A4`, `DK12 Łęknica–Trzebnica`) |
 * | `direction` | no | free text (`both`, `northbound`, `towards Kraków`) |
 * | `country` | yes | ISO 3166-1 alpha-2 code of the country (`PL`) |
 * | `lat`, `lon` | one of | a point, WGS84 decimal degrees (`54.6872`, `25.2797`) |
 * | `line` | one of | a polyline, `lon lat;lon lat;...` (longitude first, at least two positions) |
 * | `starts_at` | no | ISO-8601 time with its UTC offset (`2026-05-04T08:00:00+03:00`, `...Z`); empty: already in force |
 * | `expires_at` | no | ISO-8601 time with its UTC offset, after `starts_at`; empty: until further notice |
 * | `applies_to` | no | the vehicles it applies to (`all`, `trucks`, `over 3.5 t`) |
 * | `max_weight_t` | no | weight limit in tonnes (0 < value ≤ 100) |
 * | `max_axle_load_t` | no | axle-load limit in tonnes (0 < value ≤ 30) |
 * | `max_height_m` | no | height limit in metres (0 < value ≤ 10) |
 * | `max_width_m` | no | width limit in metres (0 < value ≤ 10) |
 * | `max_length_m` | no | length limit in metres (0 < value ≤ 100) |
 * | `speed_limit_kmh` | no | speed limit in km/h (0 < value ≤ 200) |
 *
 * Give a report's position either as `lat` and `lon` (a point) or as `line` (a polyline), not both. Numbers use a
 * decimal point. Empty cells are missing values, never zeros. A row with any bad cell is rejected whole, its line
 * and every bad cell named (`severity 'high' is not one of low, moderate, major, critical; lat '95' is not a
 * latitude`); the other rows are imported. A `source_id` repeated in the file is rejected on its second row.
 *
 * Example:
 *
 * ```csv
 * source_id,condition_type,severity,description,lang,road_name,direction,country,lat,lon,line,starts_at,expires_at,applies_to,max_weight_t,max_axle_load_t,max_height_m,max_width_m,max_length_m,speed_limit_kmh
 * drv-1041,pothole,moderate,Deep pothole in the right lane,en,A1,towards Kaunas,LT,54.8985,23.9036,,2026-05-04T07:40:00+03:00,,all,,,,,,
 * op-77,roadwork,major,"Bridge repair, one lane, alternating traffic",en,DK12,both,PL,,,"15.0319 51.6337;15.0412 51.6371",2026-05-04T06:00:00+02:00,2026-06-30T18:00:00+02:00,trucks,18,8,,3.0,,40
 * ```
 */
import { CONDITION_TYPES, SEVERITIES, type ConditionType, type RoadReportRecord, type Severity, type TruckLimits } from '../../../models/road-reports.js';
import { cleanText, csvTable, emptyReports, geometryOf, instantOf, keepCsvRows, lonLat, truckLimits, type ParsedRoadReports, type RoadFormatOptions } from './parsed.js';

export const REPORTS_SOURCE = 'reports';

export const REPORT_CSV_COLUMNS = [
  'source_id', 'condition_type', 'severity', 'description', 'lang', 'road_name', 'direction', 'country', 'lat', 'lon', 'line', 'starts_at', 'expires_at',
  'applies_to', 'max_weight_t', 'max_axle_load_t', 'max_height_m', 'max_width_m', 'max_length_m', 'speed_limit_kmh',
] as const;
type Column = (typeof REPORT_CSV_COLUMNS)[number];

const REQUIRED: readonly Column[] = ['source_id', 'condition_type', 'severity', 'description', 'lang', 'country'];

/** Each limit column, its field and its plausible maximum (exclusive minimum 0). */
const LIMITS: readonly [Column, keyof TruckLimits, number][] = [
  ['max_weight_t', 'max_weight_t', 100], ['max_axle_load_t', 'max_axle_load_t', 30], ['max_height_m', 'max_height_m', 10],
  ['max_width_m', 'max_width_m', 10], ['max_length_m', 'max_length_m', 100], ['speed_limit_kmh', 'speed_limit_kmh', 200],
];

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The road report CSV above. Throws when the header lacks a required column or names one the format has not. */
export function parseReportCsv(text: string, file: string, options: RoadFormatOptions): ParsedRoadReports {
  const table = csvTable(text);
  const { header } = table;
  const missing = REQUIRED.filter((c) => !header.includes(c));
  const unknown = header.filter((c) => !(REPORT_CSV_COLUMNS as readonly string[]).includes(c));
  if (missing.length > 0 || unknown.length > 0) {
    const why = [missing.length > 0 && `lacks ${missing.join(', ')}`, unknown.length > 0 && `has unknown column(s) ${unknown.join(', ')}`].filter(Boolean).join(' and ');
    throw new Error(`${file}: not a road report CSV (header ${why})`);
  }
  return keepCsvRows(emptyReports(options.source ?? REPORTS_SOURCE, file), table, (cells) => reportOf((c) => cells[c] ?? ''));
}

/** One row as a report, or the reason naming every bad cell. */
function reportOf(cell: (c: Column) => string): RoadReportRecord | string {
  const bad: string[] = [];
  const raw = (c: Column) => cell(c).trim();
  const required = (c: Column) => {
    const value = cleanText(cell(c));
    if (value === null) bad.push(`${c} is empty`);
    return value;
  };

  const sourceId = required('source_id');
  if (sourceId !== null && (sourceId.length > 200 || /[\u0000-\u001f]/.test(cell('source_id')))) bad.push(`source_id '${sourceId.slice(0, 40)}' is longer than 200 characters or holds control characters`);
  const condition = raw('condition_type');
  if (!(CONDITION_TYPES as readonly string[]).includes(condition)) bad.push(`condition_type '${condition}' is not one of ${CONDITION_TYPES.join(', ')}`);
  const severity = raw('severity');
  if (!(SEVERITIES as readonly string[]).includes(severity)) bad.push(`severity '${severity}' is not one of ${SEVERITIES.join(', ')}`);
  const description = required('description');
  const lang = raw('lang');
  if (!/^[a-z]{2}$/.test(lang)) bad.push(`lang '${lang}' is not an ISO 639-1 code (two lower-case letters)`);
  const country = raw('country');
  if (!/^[A-Z]{2}$/.test(country)) bad.push(`country '${country}' is not an ISO 3166-1 alpha-2 code (two capital letters)`);

  let geometry: RoadReportRecord['geometry'] | null = null;
  const [lat, lon, line] = [raw('lat'), raw('lon'), raw('line')];
  if ((lat !== '' || lon !== '') && line !== '') bad.push('give either lat and lon or line, not both');
  else if (lat !== '' || lon !== '') {
    const point = DECIMAL.test(lat) && DECIMAL.test(lon) ? lonLat(Number(lat), Number(lon)) : null;
    if (point === null) bad.push(`lat '${lat}', lon '${lon}' is not a WGS84 position`);
    else geometry = { type: 'Point', coordinates: point };
  } else if (line !== '') {
    const points = line.split(';').map((pair) => pair.trim().split(/\s+/));
    const positions = points.map(([x, y, ...rest]) => (rest.length === 0 && x && y && DECIMAL.test(x) && DECIMAL.test(y) ? lonLat(Number(y), Number(x)) : null));
    const wrong = positions.findIndex((p) => p === null);
    if (wrong !== -1) bad.push(`line position '${points[wrong]!.join(' ')}' is not 'lon lat'`);
    else if (positions.length < 2) bad.push(`line '${line}' has fewer than two positions`);
    else geometry = geometryOf(positions as [number, number][]);
  } else bad.push('no position: give lat and lon, or line');

  const times: (string | null)[] = [];
  for (const c of ['starts_at', 'expires_at'] as const) {
    const value = raw(c);
    const at = value === '' ? null : instantOf(value);
    if (value !== '' && at === null) bad.push(`${c} '${value}' is not an ISO-8601 time with a UTC offset`);
    times.push(at);
  }
  if (times[0] !== null && times[1] !== null && times[1]! <= times[0]!) bad.push(`expires_at '${raw('expires_at')}' is not after starts_at '${raw('starts_at')}'`);

  const limits: Partial<TruckLimits> = {};
  for (const [c, field, max] of LIMITS) {
    const value = raw(c);
    if (value === '') continue;
    const n = DECIMAL.test(value) ? Number(value) : NaN;
    if (!(n > 0 && n <= max)) bad.push(`${c} '${value}' is not a number above 0 and at most ${max}`);
    else limits[field] = n;
  }

  if (bad.length > 0 || sourceId === null || description === null || geometry === null) return bad.join('; ');
  return {
    source_id: sourceId,
    condition_type: condition as ConditionType,
    severity: severity as Severity,
    description,
    lang,
    road_name: cleanText(cell('road_name')),
    direction: cleanText(cell('direction')),
    country_code: country,
    geometry,
    starts_at: times[0]!,
    expires_at: times[1]!,
    applies_to: cleanText(cell('applies_to')),
    truck_limits: truckLimits(limits),
  };
}
