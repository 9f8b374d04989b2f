/** `travel-matrix` (contract section 3). */
import { z } from 'zod';
import { countryId, isoCountry } from './country-param.js';
import { allOrOne, integer, lang, latitude, longitude } from './query.js';
import { ReadingKind } from './queue.js';

export const TravelMatrixInput = z.object({
  origin_lat: latitude().describe('origin latitude (required)'),
  origin_lon: longitude().describe('origin longitude (required)'),
  type: integer(4, 9).default(4).describe('4 car (default), 5 car EU to UA, 6 bus, 7 pedestrian, 8 truck under 7.5 t, 9 truck'),
  // `all` in any case, or one country: a code naming no country is `unknown_country`, as in every country parameter.
  dest: allOrOne(countryId([1, 2, 3, 4, 5, 6], 'Ukraine and the neighbours whose crossings the matrix ranks')).default('all')
    .describe('country the crossings lead into: 1 UA, 2 PL, 3 SK, 4 HU, 5 RO, 6 MD (number or ISO-2), or all'),
  origin_country: isoCountry().optional().describe('country of the origin, ISO-2 (or number) (default: the country the point is in, by Ukraine\'s border as OpenStreetMap draws it and, outside it, the map outline; refused when it puts the point on the other side of Ukraine\'s border, more than 0.5 km from it)'),
  lang: lang('uk').describe('language of checkpoint names (default uk, as the interface says)'),
  limit: integer(1, 100).optional().describe('only the N fastest crossings (default: every one); the others are not routed at all'),
});
export type TravelMatrixInput = z.infer<typeof TravelMatrixInput>;

export const MatrixLeg = z.object({
  from_country: z.string().nullable(),
  to_country: z.string().nullable(),
  crossing: z.string().nullable(),
  crossing_name: z.string().nullable(),
  distance_km: z.number(),
  drive_minutes: z.number().int(),
  queue_minutes_at_arrival: z.number().nullable(),
  /** The places the leg passes, in order: road-graph cities by name, a monitored crossing by its ppid. */
  path: z.array(z.string()),
  /** The routing graph the leg was routed on: the bundled city graph's version, or an imported OSM network's. */
  graph: z.string(),
  /** The speed the leg's drive time assumes, and what it is (the vehicle type's average over the network). */
  speed_kmh: z.number(),
  speed_basis: z.enum(['vehicle_average', 'road_speeds']),
});

export const MatrixResult = z.object({
  ppid: z.string(),
  checkpoint_name: z.string(),
  country: z.string(),
  country_id: z.number().int(),
  lat: z.number(),
  lon: z.number(),
  distance_km: z.number().nullable(),
  drive_minutes: z.number().int().nullable(),
  queue_minutes: z.number().nullable(),
  queue_minutes_at_arrival: z.number().nullable(),
  queue_basis: z.enum(['forecast', 'current']).nullable(),
  queue_cars: z.number().nullable(),
  ...ReadingKind,
  total_minutes: z.number().nullable(),
  /** Typical wait at the crossing itself: the mean of its typical week (day-stats) where that is in minutes; else null. */
  avg_crossing_minutes: z.number().nullable().optional(),
  /** `drive_minutes` + `avg_crossing_minutes`, null when either is. */
  total_with_avg_crossing: z.number().nullable().optional(),
  status: z.enum(['open', 'closed', 'inactive', 'unreachable']),
  route: z.object({ legs: z.array(MatrixLeg) }),
});

export const TravelMatrixOutput = z.object({
  origin: z.object({ lat: z.number(), lon: z.number(), country: z.string().nullable() }),
  type: z.number().int(),
  count: z.number().int(),
  updated_at: z.string(),
  legs_used: z.number().int(),
  results: z.array(MatrixResult),
  /**
   * What the ranking cannot say: open crossings without a known total reached sooner than the best known total
   * (they rank after it, and `limit` may cut them), or that no total is known at all; checked borders on the way
   * that no source covers (their queue left out of the totals); or that no checkpoint of the type is held.
   */
  note: z.string().optional(),
});
export type TravelMatrixOutput = z.infer<typeof TravelMatrixOutput>;

/**
 * What the ranking cannot order: the best known total (the first open crossing with one, as the results are
 * ranked) and the open crossings without a known total reached sooner than it, nearest first (every open one
 * reached when no total is known). The matrix's note and the assistant's answer from a town name them.
 */
export function soonerWithoutTotal<R extends { status: string; drive_minutes: number | null; total_minutes: number | null }>(results: readonly R[]):
  { best: R | undefined; sooner: R[] } {
  const open = results.filter((r) => r.status === 'open' && r.drive_minutes !== null);
  const best = open.find((r) => r.total_minutes !== null);
  const sooner = open.filter((r) => r.total_minutes === null && (!best || r.drive_minutes! < best.total_minutes!))
    .sort((a, b) => a.drive_minutes! - b.drive_minutes!);
  return { best, sooner };
}

/**
 * Which way a matrix's crossings lead: into Ukraine from anywhere else, and always for type 5 (a tax-free car,
 * EU to UA: the matrix refuses it from inside Ukraine); out of Ukraine otherwise.
 */
export function leadsIntoUkraine(type: number, originCountry: string | null): boolean {
  return type === 5 || originCountry !== 'UA';
}
