/** `road-conditions` (contract: approved, unexpired road-condition reports). */
import { z } from 'zod';
import { isoCountry } from './country-param.js';
import { decimal, integer, lang, latitude, longitude, oneOf, onlyWith, reject, text } from './query.js';
import { CONDITION_TYPES, SEVERITIES } from './road-reports.js';

export const MAX_REPORTS_LIMIT = 500;
export const MAX_REPORTS_RADIUS_KM = 1000;

export const RoadConditionsInput = z.object({
  country: isoCountry().optional().describe('ISO-2 country code (or country number)'),
  condition_type: oneOf(CONDITION_TYPES).optional().describe(`one of ${CONDITION_TYPES.join(', ')}`),
  severity: oneOf(SEVERITIES).optional().describe(`one of ${SEVERITIES.join(', ')}`),
  lat: latitude().optional().describe('latitude: with lng, reports within `radius` of the point (distance to the whole line)'),
  lng: longitude().optional().describe('longitude (alias lon)'),
  lon: longitude().optional().describe('alias of lng'),
  radius: onlyWith(decimal(0.1, MAX_REPORTS_RADIUS_KM).default(50).describe(`with lat and lng: km, default 50, at most ${MAX_REPORTS_RADIUS_KM}`), 'lat'),
  limit: integer(1, MAX_REPORTS_LIMIT).default(100).describe(`default 100, at most ${MAX_REPORTS_LIMIT}`),
  lang: lang().describe('language of the answer (descriptions stay in their source language, named by `description_lang`)'),
});
export type RoadConditionsInput = z.infer<typeof RoadConditionsInput>;

const LonLat = z.tuple([z.number(), z.number()]);

export const TruckLimits = z.object({
  max_weight_t: z.number().nullable(),
  max_axle_load_t: z.number().nullable(),
  max_height_m: z.number().nullable(),
  max_width_m: z.number().nullable(),
  max_length_m: z.number().nullable(),
  speed_limit_kmh: z.number().nullable(),
});

export const RoadCondition = z.object({
  id: z.number().int(),
  condition_type: z.enum(CONDITION_TYPES),
  severity: z.enum(SEVERITIES),
  description: z.string(),
  description_lang: z.string(),
  road_name: z.string().nullable(),
  direction: z.string().nullable(),
  /** The point of the report nearest the asked point (else its first point). */
  lat: z.number(),
  lon: z.number(),
  geometry: z.union([z.object({ type: z.literal('Point'), coordinates: LonLat }), z.object({ type: z.literal('LineString'), coordinates: z.array(LonLat) })]),
  distance_km: z.number().nullable(),
  country_code: z.string(),
  source: z.string(),
  applies_to: z.string().nullable(),
  truck_limits: TruckLimits.nullable(),
  starts_at: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});

export const RoadConditionsOutput = z.object({
  conditions: z.array(RoadCondition),
  total: z.number().int(),
  limit: z.number().int(),
  note: z.string().optional(),
});
export type RoadConditionsOutput = z.infer<typeof RoadConditionsOutput>;

/** An ISO-8601 instant with its offset (`2026-11-23T08:00:00+02:00`), as ISO UTC. */
const instant = () =>
  z.string().transform((raw, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) || Number.isNaN(Date.parse(raw))) {
      return reject(ctx, 'must be an ISO-8601 instant with its offset, such as 2026-11-23T08:00:00+02:00', 'malformed_time');
    }
    return new Date(raw).toISOString();
  });

/**
 * A road-condition report submitted by an operator for a driver (`bdds reports add`, `POST
 * /api/v1/admin/road-reports`): it enters as `pending` and is served once approved. A point (`lat`,
 * `lon`) or a line (`line`: at least two [lon, lat] pairs).
 */
export const RoadReportSubmission = z.object({
  condition_type: oneOf(CONDITION_TYPES),
  severity: oneOf(SEVERITIES),
  description: text(2000),
  lang: z.string().regex(/^[a-z]{2}$/, 'an ISO 639-1 code such as en').default('en'),
  road_name: text(200).optional(),
  direction: text(100).optional(),
  country: isoCountry(),
  lat: latitude().optional(),
  lon: longitude().optional(),
  line: z.array(z.tuple([longitude(), latitude()])).min(2).max(5000).optional(),
  starts_at: instant().optional(),
  expires_at: instant().optional(),
  applies_to: text(100).optional(),
}).superRefine((r, ctx) => {
  const point = r.lat !== undefined || r.lon !== undefined;
  if (point === (r.line !== undefined) || (point && (r.lat === undefined || r.lon === undefined))) {
    ctx.addIssue({ code: 'custom', message: 'give either lat and lon (a point) or line (a polyline)', params: { reason: 'missing_parameter' }, path: ['lat'], input: undefined });
  }
  if (r.starts_at && r.expires_at && r.expires_at <= r.starts_at) {
    ctx.addIssue({ code: 'custom', message: 'expires_at must be after starts_at', params: { reason: 'out_of_range' }, path: ['expires_at'], input: undefined });
  }
});
export type RoadReportSubmission = z.infer<typeof RoadReportSubmission>;
