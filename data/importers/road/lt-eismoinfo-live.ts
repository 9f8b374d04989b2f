/**
 * Lithuanian road restrictions, the live answer of the road administration's (Via Lietuva, formerly LAKD)
 * open restrictions feed `http://restrictions.eismoinfo.lt/`: one GET, no parameters, no header required; a JSON
 * list with one object per restriction on the state roads, in force or announced. Source `lt-eismoinfo` (the
 * source of the weekly CSV snapshots made from this feed, lt-closures.ts), country LT, text in Lithuanian (`lt`).
 *
 * No recorded answer of the feed was found anywhere public: the shape below is what the public code reading it
 * reads, and every name is one of them.
 * - github.com/gabija-dimsaite/road_closures `script.py` (the maker of the CSV snapshots, run weekly to 2026-05):
 *   `for item in data: for r in item["restrictions"]`, `item.startTime`, `item.endTime`, `item.description`,
 *   `item.location.{polyline, direction, street, location_description}`, `r.restrictionType`, `r.transportType`;
 * - github.com/francescobuzle-a11y/navmaster `NationalFeeds.kt` (`lithuania`): a JSON array; `_id`, `startTime`,
 *   `endTime`, `type` (`CONSTRUCTION`), `subtype`, `shortDescription`, `description`, `location.{polyline, street,
 *   direction}`, `restrictions[].{restrictionType, value}` (`speedLimit` km/h, `widthLimit` and `heightLimit` m,
 *   `weightLimit` and `axleLoadLimit` t, `roadClosed`); the polyline split on spaces and commas, latitude first;
 * - github.com/atviriduomenys/manifest `datasets/gov/lakd/eismo_apribojimai_live.csv` (the open-data catalogue's
 *   description of this resource): `_id`; `type` HAZARD, CONSTRUCTION, ACCIDENT; `creationtime`, `updatetime`,
 *   `starttime`, `endtime` (lower case there); `description`, `short_description`, `schedule`, `location.polyline`
 *   (a WGS84 line), `location.direction` BOTH_DIRECTIONS / ONE_DIRECTION, `location.street`,
 *   `location.location_description`, `source.*`, `parent_event`, `subtype` (weakBridge, flooding, roadworks,
 *   repairWork, damagedRoadSurface, motorSportRaceMeeting, sportsMeeting); `restrictions[]` with `restrictionType`
 *   (heightLimit, widthLimit, weightLimit, speedLimit, LD, roadClosed), `value`, `transportType`;
 * - github.com/akasparas/lakd_r2osm README: `_id` identifies a restriction until it ends; `transportType` All or
 *   lorry; start "usually midnight local time".
 * Both spellings of the times (`startTime` / `starttime`, `endTime` / `endtime`) and of the short description
 * (`shortDescription` / `short_description`) are read.
 *
 * A restriction is one report, identified by `_id` (what the feed keeps while a restriction lasts; its end, text
 * and limits change). The CSV snapshots have no id and identify a closure otherwise: importing this feed ends the
 * reports a CSV snapshot left in force (the snapshot rule of run.ts, same source) and holds them under their
 * `_id`, and importing a CSV snapshot again does the reverse; either way one report per restriction is in force.
 * The line of a restriction is its 1-based index in the list.
 *
 * - Condition: `roadClosed` among its restrictions -> closure; else `type` CONSTRUCTION -> roadwork, ACCIDENT ->
 *   accident, HAZARD -> hazard; else other. Severity, the highest that applies: closed to all traffic -> critical,
 *   closed to one class of vehicles -> major (lt-closures.ts), an accident -> major, a weight, axle, width or height
 *   limit -> moderate, else (a speed limit only, or nothing stated) -> low.
 * - Limits with a value go to truck_limits in the units navmaster reads them in (the feed states none); the
 *   strictest when one kind repeats. A restriction type this importer does not know (`LD`) is kept raw in the
 *   description, never guessed.
 * - `transportType` -> applies_to: All -> all, lorry -> trucks, another value as published; of the closing
 *   restrictions for a closure, else of all of them; `all` when any is All.
 * - Times as the feed states them, in UTC ISO-8601: one with an offset or `Z` as it is, one without an offset as
 *   Europe/Vilnius wall-clock time; empty or null -> null (already in force / until further notice).
 * - Geometry: `location.polyline` "lat lon lat lon ..." as a LineString in [lon, lat] order, a Point for a single
 *   position. Road name: `location.street` without its kilometres (ltRoadName). Description: the text (`description`,
 *   else the short one), `location_description`, the street as published (with its kilometres), and the restrictions
 *   the condition does not already say (a limit, a class of vehicles, an unknown type), joined with ' — '.
 *
 * A restriction that cannot be used is rejected, every problem named: no `_id`, no usable polyline, a time that is
 * not a date-time or an end before the start, a restriction that is not an object or has no type, a value that is not
 * a positive number, no text at all; a repeated `_id`. A body that is not JSON, not a list, or a list none of whose
 * items has a `location` or `restrictions` throws. An empty list is an answer with nothing in force: imported as a
 * snapshot it ends every report of the source (as an empty CSV snapshot or utrdane.xml does).
 */
import type { ConditionType, RoadReportRecord, Severity, TruckLimits } from '../../../models/road-reports.js';
import { LT_EISMOINFO_SOURCE, LT_RESTRICTION_TYPES, ltRoadName } from './lt-closures.js';
import {
  cleanText, emptyReports, geometryOf, instantOf, keepReport, lonLat, numberOf, truckLimits,
  type ParsedRoadReports, type RoadFormatOptions,
} from './parsed.js';

const ZONE = 'Europe/Vilnius';

type Item = Record<string, unknown>;
const isObject = (v: unknown): v is Item => v !== null && typeof v === 'object' && !Array.isArray(v);
const show = (v: unknown) => (typeof v === 'string' ? `'${v.slice(0, 40)}'` : String(JSON.stringify(v) ?? v).slice(0, 40));

/** `type` -> condition, where the type says it (a closure restriction says more: it wins). */
export const LT_EVENT_TYPES: Readonly<Record<string, ConditionType>> = { CONSTRUCTION: 'roadwork', ACCIDENT: 'accident', HAZARD: 'hazard' };

/**
 * The limits a restriction's `value` states: its field in truck_limits, the unit navmaster reads it in, and the
 * Lithuanian name the open-data catalogue gives the type (axleLoadLimit is not in the catalogue: its name stays).
 */
const LIMITS: Readonly<Record<string, { field: keyof TruckLimits; unit: string; label: string }>> = {
  speedLimit: { field: 'speed_limit_kmh', unit: 'km/h', label: 'Greičio apribojimas' },
  weightLimit: { field: 'max_weight_t', unit: 't', label: 'Svorio apribojimas' },
  axleLoadLimit: { field: 'max_axle_load_t', unit: 't', label: 'axleLoadLimit' },
  widthLimit: { field: 'max_width_m', unit: 'm', label: 'Pločio apribojimas' },
  heightLimit: { field: 'max_height_m', unit: 'm', label: 'Aukščio apribojimas' },
};
const CLOSED_LABEL = 'Uždarytas kelias';

/** `transportType` -> applies_to (as lt-closures.ts). */
const TRANSPORT: Readonly<Record<string, string>> = { all: 'all', lorry: 'trucks' };
/** `location.direction` -> as stored (as lt-closures.ts). */
const DIRECTION: Readonly<Record<string, string>> = { BOTH_DIRECTIONS: 'both', ONE_DIRECTION: 'one direction' };

const RANK: Record<Severity, number> = { low: 0, moderate: 1, major: 2, critical: 3 };
const highest = (levels: Severity[]): Severity => levels.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'low');

/**
 * The live answer of restrictions.eismoinfo.lt, as a RoadReportParser (its result is the RoadFeed run.ts imports).
 * Throws when the body is not that feed's JSON list at all.
 */
export function parseLtEismoinfoLive(text: string, file: string, _options: RoadFormatOptions): ParsedRoadReports {
  let body: unknown;
  try {
    body = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new Error(`${file}: not the eismoinfo restrictions feed (not JSON: ${(e as Error).message})`);
  }
  if (!Array.isArray(body)) throw new Error(`${file}: not the eismoinfo restrictions feed (expected a JSON list, got ${show(body)})`);
  if (body.length > 0 && !body.some((item) => isObject(item) && ('location' in item || 'restrictions' in item))) {
    throw new Error(`${file}: not the eismoinfo restrictions feed (no item has a location or restrictions)`);
  }
  const parsed = emptyReports(LT_EISMOINFO_SOURCE, file);
  const seen = new Map<string, number>();
  body.forEach((item, i) => {
    parsed.rowsRead++;
    keepReport(parsed, seen, i + 1, isObject(item) ? restrictionOf(item) : `item ${show(item)} is not an object`);
  });
  return parsed;
}

/** The polyline "lat lon lat lon ..." as [lon, lat] positions, or why it is not one. */
function polyline(value: unknown): [number, number][] | string {
  if (value === undefined || value === null || value === '') return 'location.polyline is missing';
  if (typeof value !== 'string') return `location.polyline ${show(value)} is not a text`;
  const parts = value.trim().split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return 'location.polyline is empty';
  if (parts.length % 2 !== 0) return `location.polyline has ${parts.length} numbers, not lat/lon pairs`;
  const points: [number, number][] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const number = /^-?\d+(\.\d+)?$/;
    const p = number.test(parts[i]!) && number.test(parts[i + 1]!) ? lonLat(Number(parts[i]), Number(parts[i + 1])) : null;
    if (!p) return `location.polyline pair '${parts[i]} ${parts[i + 1]}' is not a latitude/longitude`;
    points.push(p);
  }
  return points;
}

/** A time of the item (either spelling): the UTC instant, null when not stated, undefined when not a date-time. */
function timeOf(item: Item, names: readonly [string, string], problems: string[]): string | null {
  const name = names.find((n) => item[n] !== undefined) ?? names[0];
  const value = item[name];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const instant = typeof value === 'string' ? instantOf(value, ZONE) : null;
  if (instant === null) problems.push(`${name} ${show(value)} is not a date-time`);
  return instant;
}

interface Restriction { type: string; transport: string | null; value: number | null }

/** The item's restrictions, every bad one named in `problems`. */
function restrictionsOf(value: unknown, problems: string[]): Restriction[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push(`restrictions ${show(value)} is not a list`);
    return [];
  }
  const out: Restriction[] = [];
  value.forEach((r, i) => {
    if (!isObject(r)) return void problems.push(`restrictions[${i}] ${show(r)} is not an object`);
    const type = cleanText(r.restrictionType);
    if (type === null) return void problems.push(`restrictions[${i}] has no restrictionType`);
    const number = numberOf(r.value);
    if (number === undefined || (typeof number === 'number' && number <= 0)) {
      return void problems.push(`restrictions[${i}] ${type} value ${show(r.value)} is not a positive number`);
    }
    out.push({ type, transport: cleanText(r.transportType), value: number });
  });
  return out;
}

const appliesToOf = (transport: string | null) => (transport === null ? null : (TRANSPORT[transport.toLowerCase()] ?? transport));

/** Whom a set of restrictions applies to: `all` when any applies to all, else each class once; null when none says. */
function appliesTo(restrictions: readonly Restriction[]): string | null {
  const classes = [...new Set(restrictions.map((r) => appliesToOf(r.transport)).filter((c): c is string => c !== null))];
  if (classes.length === 0) return null;
  return classes.includes('all') ? 'all' : classes.join(', ');
}

/** One item of the list as a report, or the reason naming every problem. */
function restrictionOf(item: Item): RoadReportRecord | string {
  const problems: string[] = [];
  const id = typeof item._id === 'string' || typeof item._id === 'number' ? cleanText(item._id) : null;
  if (id === null) problems.push(item._id === undefined ? '_id is missing' : `_id ${show(item._id)} is not an id`);

  const location = item.location;
  if (location !== undefined && location !== null && !isObject(location)) problems.push(`location ${show(location)} is not an object`);
  const loc = isObject(location) ? location : {};
  const points = polyline(loc.polyline);
  if (typeof points === 'string') problems.push(points);

  const startsAt = timeOf(item, ['startTime', 'starttime'], problems);
  const expiresAt = timeOf(item, ['endTime', 'endtime'], problems);
  if (startsAt !== null && expiresAt !== null && expiresAt < startsAt) problems.push(`the end ${expiresAt} is before the start ${startsAt}`);

  const restrictions = restrictionsOf(item.restrictions, problems);
  const street = cleanText(loc.street);
  const text = cleanText(item.description) ?? cleanText(item.shortDescription) ?? cleanText(item.short_description);
  const where = cleanText(loc.location_description);
  if (text === null && where === null && street === null) problems.push('no description, location_description or street');
  if (problems.length > 0 || id === null || typeof points === 'string') return problems.join('; ');

  const closing = restrictions.filter((r) => r.type === 'roadClosed');
  const type = cleanText(item.type);
  const condition: ConditionType = closing.length > 0 ? 'closure' : (type !== null && LT_EVENT_TYPES[type]) || 'other';
  const closedToAll = appliesTo(closing) ?? 'all';
  const severity = highest([
    closing.length > 0 ? (closedToAll === 'all' ? 'critical' : 'major') : 'low',
    type === 'ACCIDENT' ? 'major' : 'low',
    ...restrictions.filter((r) => r.type !== 'roadClosed' && r.type in LT_RESTRICTION_TYPES).map((r) => LT_RESTRICTION_TYPES[r.type]!.severity),
  ]);

  const limits: Partial<TruckLimits> = {};
  for (const r of restrictions) {
    const limit = LIMITS[r.type];
    if (!limit || r.value === null) continue;
    const held = limits[limit.field];
    limits[limit.field] = held === undefined || held === null ? r.value : Math.min(held, r.value);
  }
  const said = restrictions.filter((r) => r.type !== 'roadClosed' || (r.transport !== null && appliesToOf(r.transport) !== 'all')).map((r) => {
    const limit = LIMITS[r.type];
    const name = r.type === 'roadClosed' ? CLOSED_LABEL : (limit?.label ?? r.type);
    const value = r.value === null ? '' : ` ${r.value}${limit ? ` ${limit.unit}` : ''}`;
    const who = r.transport !== null && r.transport.toLowerCase() !== 'all' ? ` (${r.transport})` : '';
    return `${name}${value}${who}`;
  });

  const direction = cleanText(loc.direction);
  return {
    source_id: id,
    condition_type: condition,
    severity,
    description: [text, where, street, ...said].filter((t): t is string => t !== null).join(' — '),
    lang: 'lt',
    road_name: street === null ? null : ltRoadName(street),
    direction: direction === null ? null : (DIRECTION[direction] ?? direction),
    country_code: 'LT',
    geometry: geometryOf(points)!,
    starts_at: startsAt,
    expires_at: expiresAt,
    applies_to: appliesTo(closing.length > 0 ? closing : restrictions),
    truck_limits: truckLimits(limits),
  };
}
