/**
 * Road-condition reports as every importer hands them over (normalised), whatever the source's shape:
 * official feeds (closures, roadworks, truck limits) and driver reports. Types and severities are the
 * contract's closed lists; a report carries its geometry (a point or a polyline) and its own validity.
 */

export const CONDITION_TYPES = ['pothole', 'speed_bump', 'roadwork', 'closure', 'hazard', 'ice', 'accident', 'congestion', 'weather', 'other'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const SEVERITIES = ['low', 'moderate', 'major', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Only approved reports are served; driver reports start pending. */
export const MODERATION = ['pending', 'approved', 'rejected'] as const;
export type Moderation = (typeof MODERATION)[number];

/** A point or a polyline, as [lon, lat] pairs (GeoJSON order), WGS84. */
export type RoadGeometry = { type: 'Point'; coordinates: [number, number] } | { type: 'LineString'; coordinates: [number, number][] };

/** Restrictions for heavy vehicles a report states (null where it does not). */
export interface TruckLimits {
  max_weight_t: number | null;
  max_axle_load_t: number | null;
  max_height_m: number | null;
  max_width_m: number | null;
  max_length_m: number | null;
  speed_limit_kmh: number | null;
}

export interface RoadReportRecord {
  /** The report's id in its source (unique within the source; a re-import of the same id updates it). */
  source_id: string;
  condition_type: ConditionType;
  severity: Severity;
  /** The source's text, in its language (`lang`). */
  description: string;
  /** ISO 639-1 of `description` (`lt`, `pl`, `en`). */
  lang: string;
  /** Road number and name as published (`A4 Vilnius–Varėna–Gardinas`, `DK12`), else null. */
  road_name: string | null;
  /** As published (`both`, `northbound`, `towards Kraków`), else null. */
  direction: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country_code: string;
  geometry: RoadGeometry;
  /** ISO-8601 UTC: when it starts (null = already in force) and ends (null = until further notice). */
  starts_at: string | null;
  expires_at: string | null;
  /** Vehicles it applies to as published (`all`, `trucks`, `over 3.5 t`), else null. */
  applies_to: string | null;
  truck_limits: TruckLimits | null;
}
