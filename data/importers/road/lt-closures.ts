/**
 * Lithuanian road closures: weekly CSV snapshots of the road administration's (Via Lietuva) open restrictions
 * feed (restrictions.eismoinfo.lt), flattened by github.com/gabija-dimsaite/road_closures. Source `lt-eismoinfo`,
 * country LT, descriptions in Lithuanian (`lt`).
 *
 * Columns: `start_time,end_time,description,location,direction,street,location_description,restrictionType,
 * transportType`. The flattening keeps one row per restriction of type `roadClosed` and cuts the feed's times to
 * their day (`2023-09-18`): a closure starts at 00:00 Europe/Vilnius of its first day and ends at the end of its
 * last day (00:00 of the next day), both stored in UTC. An empty day is null (already in force / until further
 * notice).
 *
 * - `location` is the polyline "lat lon lat lon ..." (latitude first); the geometry is a LineString in [lon, lat]
 *   order (a Point when it has a single distinct position). A row without a usable polyline is rejected.
 * - `street` is the road as published: `A4 Vilnius–Varėna–Gardinas* 133.862-133.962km.`; `road_name` is the road
 *   without its kilometre range and marker (`A4 Vilnius–Varėna–Gardinas`). The description is the row's text, its
 *   `location_description`, and the street as published (the kilometres); a row with no text keeps the street.
 * - The snapshot has no id column. A closure is identified by its street (with the kilometres), its first day and
 *   the first position of its polyline: what the road administration changes week to week is the end day (a
 *   closure extended) and the text, so those stay out of the id and a re-import updates the closure. On the six
 *   snapshots of 2026-04-04 to 2026-05-04 these ids are unique within each snapshot and stable across them.
 * - The border checkpoints with Belarus and Russia closed by government decision ("PKP uždarymas", "Pasienio
 *   punkto uždarymas Vyriausybės nutarimu") are `roadClosed` rows like any other and are kept as closures.
 * - Some rows describe less than a closure of all traffic yet are published as `roadClosed` for `All` (road 3207:
 *   "ribojama sunkiasvorio transporto masė", the weight of heavy vehicles restricted; thaw-weakened surfaces): they
 *   are kept as the road administration classifies them, the text saying what.
 */
import type { ConditionType, RoadReportRecord, Severity } from '../../../models/road-reports.js';
import { zonedToUtc } from '../../../models/zoned-time.js';
import { cleanText, csvTable, emptyReports, geometryOf, keepCsvRows, lonLat, type ParsedRoadReports, type RoadFormatOptions } from './parsed.js';

export const LT_EISMOINFO_SOURCE = 'lt-eismoinfo';
const ZONE = 'Europe/Vilnius';

const COLUMNS = ['start_time', 'end_time', 'description', 'location', 'direction', 'street', 'location_description', 'restrictionType', 'transportType'] as const;

/**
 * `restrictionType` -> condition type. The six snapshots hold one value only, `roadClosed` (223 rows): the
 * flattening script keeps nothing else (`if r.get("restrictionType") == "roadClosed"`). The feed's other
 * restriction types, as public code reading the feed names them (github.com/akasparas/lakd_r2osm README: speedLimit,
 * weightLimit, roadClosed; github.com/francescobuzle-a11y/navmaster `NationalFeeds.kt`: also widthLimit, heightLimit,
 * axleLoadLimit), are limits whose value the flattening drops: they are kept as `other` reports (the text says
 * what), never given a limit value the file does not hold. A value not in this table is rejected, naming it.
 */
export const LT_RESTRICTION_TYPES: Readonly<Record<string, { condition: ConditionType; severity: Severity }>> = {
  // The road is closed to the vehicles of `transportType` (severity: see severityOf).
  roadClosed: { condition: 'closure', severity: 'critical' },
  // A lowered speed limit: traffic passes.
  speedLimit: { condition: 'other', severity: 'low' },
  // Weight, axle, width and height limits: heavy vehicles may not pass.
  weightLimit: { condition: 'other', severity: 'moderate' },
  axleLoadLimit: { condition: 'other', severity: 'moderate' },
  widthLimit: { condition: 'other', severity: 'moderate' },
  heightLimit: { condition: 'other', severity: 'moderate' },
};

/**
 * `transportType` -> applies_to. The snapshots hold `All` only; the feed's `lorry` (named by lakd_r2osm) is
 * trucks. Another value is kept as published.
 */
const TRANSPORT: Readonly<Record<string, string>> = { all: 'all', lorry: 'trucks' };

/** `direction` as the feed writes it (Waze CIFS style) -> as stored. The snapshots hold BOTH_DIRECTIONS only. */
const DIRECTION: Readonly<Record<string, string>> = { BOTH_DIRECTIONS: 'both', ONE_DIRECTION: 'one direction' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` that is a calendar day, else null. */
function dayOf(cell: string): string | null {
  const m = DAY.exec(cell);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === cell ? cell : null;
}

/** The polyline "lat lon lat lon ..." as [lon, lat] positions, or why it is not one. */
function polyline(cell: string): [number, number][] | string {
  const parts = cell.trim().split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return 'location is empty (no polyline)';
  if (parts.length % 2 !== 0) return `location has ${parts.length} numbers, not lat/lon pairs`;
  const points: [number, number][] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const p = /^-?\d+(\.\d+)?$/.test(parts[i]!) && /^-?\d+(\.\d+)?$/.test(parts[i + 1]!) ? lonLat(Number(parts[i]), Number(parts[i + 1])) : null;
    if (!p) return `location pair '${parts[i]} ${parts[i + 1]}' is not a latitude/longitude`;
    points.push(p);
  }
  return points;
}

/** The road without its kilometre range and the marker before it: `A4 Vilnius–Varėna–Gardinas`. */
export function ltRoadName(street: string): string | null {
  return cleanText(street.replace(/\s*\d+(\.\d+)?\s*-\s*\d+(\.\d+)?\s*km\.?\s*$/i, '').replace(/\*\s*$/, ''));
}

/** Closure of all traffic is critical; closed to one class of vehicles (trucks) is major; limits as the table. */
function severityOf(type: string, appliesTo: string): Severity {
  const base = LT_RESTRICTION_TYPES[type]!.severity;
  return base === 'critical' && appliesTo !== 'all' ? 'major' : base;
}

/** A weekly snapshot `road_closed_*.csv`. Throws when the header lacks a column of the format. */
export function parseLtClosures(text: string, file: string, _options?: RoadFormatOptions): ParsedRoadReports {
  const table = csvTable(text);
  const missing = COLUMNS.filter((c) => !table.header.includes(c));
  if (missing.length > 0) throw new Error(`${file}: not a Lithuanian road-closure snapshot (header lacks ${missing.join(', ')})`);
  return keepCsvRows(emptyReports(LT_EISMOINFO_SOURCE, file), table, closureOf);
}

/** One row as a closure report, or the reason naming every bad cell. */
function closureOf(cells: Record<string, string>): RoadReportRecord | string {
  const problems: string[] = [];
  const startCell = cells.start_time!.trim();
  const endCell = cells.end_time!.trim();
  const start = startCell === '' ? null : dayOf(startCell);
  const end = endCell === '' ? null : dayOf(endCell);
  if (startCell !== '' && start === null) problems.push(`start_time '${startCell}' is not a YYYY-MM-DD day`);
  if (endCell !== '' && end === null) problems.push(`end_time '${endCell}' is not a YYYY-MM-DD day`);
  if (start !== null && end !== null && end < start) problems.push(`end_time '${endCell}' is before start_time '${startCell}'`);
  const type = cells.restrictionType!.trim();
  if (!(type in LT_RESTRICTION_TYPES)) problems.push(`restrictionType '${type}' is not one this importer maps`);
  const points = polyline(cells.location!);
  if (typeof points === 'string') problems.push(points);
  const street = cleanText(cells.street);
  if (street === null) problems.push('street is empty');
  if (problems.length > 0 || typeof points === 'string' || street === null) return problems.join('; ');

  const transport = cleanText(cells.transportType);
  const appliesTo = transport === null ? null : (TRANSPORT[transport.toLowerCase()] ?? transport);
  const direction = cleanText(cells.direction);
  const text = [cleanText(cells.description), cleanText(cells.location_description), street].filter((t): t is string => t !== null);
  const first = cells.location!.trim().split(/[\s,]+/);
  return {
    source_id: `${street}|${startCell}|${first[0]} ${first[1]}`,
    condition_type: LT_RESTRICTION_TYPES[type]!.condition,
    severity: severityOf(type, appliesTo ?? 'all'),
    description: text.join(' — '),
    lang: 'lt',
    road_name: ltRoadName(street),
    direction: direction === null ? null : (DIRECTION[direction] ?? direction),
    country_code: 'LT',
    geometry: geometryOf(points)!,
    starts_at: start === null ? null : zonedToUtc(start, '00:00', ZONE).toISOString(),
    expires_at: end === null ? null : zonedToUtc(end, '24:00', ZONE).toISOString(),
    applies_to: appliesTo,
    truck_limits: null,
  };
}
