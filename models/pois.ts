/** `pois` and v2 `restaurants` (contract section 3). */
import { z } from 'zod';
import { isoCountry } from './country-param.js';
import { POI_TYPES } from './places.js';
import { decimal, integer, lang, latitude, longitude, oneOf, onlyWith, text } from './query.js';

export const MAX_RADIUS_KM = 150;
export const MAX_LIMIT = 500;

export const PoisInput = z.object({
  type: oneOf(POI_TYPES).optional().describe(`kind of place: ${POI_TYPES.join(', ')} (default every kind)`),
  lat: latitude().describe('latitude (required)'),
  lon: longitude().optional().describe('longitude (required; alias lng)'),
  lng: longitude().optional().describe('alias of lon'),
  radius: decimal(0.1, MAX_RADIUS_KM).default(25).describe(`radius in km (default 25, at most ${MAX_RADIUS_KM})`),
  limit: integer(1, MAX_LIMIT).default(50).describe(`at most this many places (default 50, at most ${MAX_LIMIT})`),
  lang: lang().describe('language of country names (default en)'),
});
export type PoisInput = z.infer<typeof PoisInput>;

export const Poi = z.object({
  id: z.string(),
  source: z.string(),
  type: z.enum(POI_TYPES),
  name: z.string().nullable(),
  brand: z.string().nullable(),
  address: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
  distance_km: z.number(),
  country_code: z.string().nullable(),
  country_name: z.string().nullable(),
  amenities: z.array(z.string()),
  truck_spaces: z.number().int().nullable(),
  /** Opening hours as the source writes them (OSM syntax), where stated. */
  opening_hours: z.string().optional(),
  /** Open at the time of the answer by `opening_hours`, in the place's local time (null: the hours do not tell). */
  open_now: z.boolean().nullable().optional(),
  /** When `open_now` next changes (ISO-8601 UTC). */
  next_change: z.string().nullable().optional(),
});

export const SearchLocation = z.object({ lat: z.number(), lon: z.number(), radius_km: z.number() });

/** The countries for which places of the asked kind are held (ISO-2): outside them an empty list means "not held", not "none there". */
const Coverage = z.array(z.string());

export const PoisOutput = z.object({
  pois: z.array(Poi),
  total_found: z.number().int(),
  limit: z.number().int(),
  search_location: SearchLocation,
  coverage: Coverage,
  note: z.string().optional(),
});
export type PoisOutput = z.infer<typeof PoisOutput>;

export const RestaurantsInput = z.object({
  lat: latitude().optional().describe('latitude (or give city)'),
  lon: longitude().optional().describe('longitude (alias lng)'),
  lng: longitude().optional().describe('alias of lon'),
  city: text(100).optional().describe('a city name, resolved to its coordinates (alternative to lat/lon)'),
  country: onlyWith(isoCountry().optional().describe('with city: the ISO-2 code of the country the city is in'), 'city'),
  radius: decimal(0.1, MAX_RADIUS_KM).default(25).describe(`km, default 25, at most ${MAX_RADIUS_KM}`),
  limit: integer(1, MAX_LIMIT).default(50).describe(`default 50, at most ${MAX_LIMIT}`),
  lang: lang().describe('language of country names and of the resolved city\'s label (default en)'),
});
export type RestaurantsInput = z.infer<typeof RestaurantsInput>;

/** A restaurant with the interface's own names beside ours (`lng` = `lon`, `country` = `country_code`), and what it serves where mapped. */
export const Restaurant = Poi.extend({
  facilities: z.array(z.string()),
  lng: z.number(),
  country: z.string().nullable(),
  cuisine: z.string().optional(),
});

export const RestaurantsOutput = z.object({
  pois: z.array(Restaurant),
  total_found: z.number().int(),
  limit: z.number().int(),
  search_location: SearchLocation,
  coverage: Coverage,
  note: z.string().optional(),
});
export type RestaurantsOutput = z.infer<typeof RestaurantsOutput>;

export const ResolvedLocation = z.object({ query: z.string(), lat: z.number(), lon: z.number(), label: z.string(), country_code: z.string() });
