/** `fuel` and `fuel-cities` (contract section 3). */
import { z } from 'zod';
import { isoCountry } from './country-param.js';
import { FUEL_GRADES } from './places.js';
import { decimal, integer, lang, latitude, longitude, oneOf, onlyWhen, ppid } from './query.js';

export const FUEL_MODES = ['country', 'nearest', 'border'] as const;
const STATION_MODES = ['nearest', 'border'] as const;

/**
 * Each parameter but `mode` and `lang` applies in some modes only (`onlyWhen`): given in another mode it is not
 * used, and the answer says so in `meta.ignored_params` and `meta.ignored_notes` (`fuel_type` with
 * `mode=country`, `ppid` with `mode=nearest`), never silently.
 */
export const FuelInput = z.object({
  mode: oneOf(FUEL_MODES).default('country').describe('country (national average), nearest (stations near lat/lon) or border (stations near a checkpoint)'),
  country: onlyWhen(isoCountry().optional().describe('mode=country: ISO-2 code (or country number); default every country held'), 'mode', ['country']),
  lat: onlyWhen(latitude().optional().describe('mode=nearest: latitude'), 'mode', ['nearest']),
  lon: onlyWhen(longitude().optional().describe('mode=nearest: longitude'), 'mode', ['nearest']),
  lng: onlyWhen(longitude().optional().describe('mode=nearest: alias of lon'), 'mode', ['nearest']),
  radius_km: onlyWhen(decimal(0.1, 200).default(30).describe('mode=nearest/border: search radius in km (default 30, at most 200)'), 'mode', STATION_MODES),
  ppid: onlyWhen(ppid().optional().describe('mode=border: the checkpoint'), 'mode', ['border']),
  fuel_type: onlyWhen(oneOf(FUEL_GRADES).optional().describe('mode=nearest/border: only stations reporting a price for this grade, cheapest first'), 'mode', STATION_MODES),
  lang: lang().describe('language of country names (default en)'),
  limit: onlyWhen(integer(1, 50).default(5).describe('mode=nearest/border: at most this many stations (default 5, at most 50)'), 'mode', STATION_MODES),
});
export type FuelInput = z.infer<typeof FuelInput>;

export const StationPrice = z.object({
  price: z.number(),
  currency: z.string(),
  updated_at: z.string(),
  local_name: z.string(),
  self_service: z.boolean().nullable(),
});

export const FuelStation = z.object({
  id: z.string(),
  source: z.string(),
  name: z.string().nullable(),
  brand: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country_code: z.string(),
  lat: z.number(),
  lon: z.number(),
  distance_km: z.number(),
  services: z.array(z.string()),
  /** Opening hours as the source writes them (OSM syntax); null when not stated. */
  opening_hours: z.string().nullable(),
  /** Open at the time of the answer, by `opening_hours` in the station's local time; null when unknown. */
  open_now: z.boolean().nullable(),
  /** When `open_now` next changes (ISO-8601 UTC); null when unknown or never. */
  next_change: z.string().nullable(),
  /** The station's latest price of each grade it sells (self-service where it has both). */
  prices: z.record(z.string(), StationPrice),
});

/** A price older than this many days is never shown as current: it is the latest known, with its age. */
export const CURRENT_PRICE_MAX_AGE_DAYS = 45;

/** What a national figure is: the average paid (a bulletin, a national series), the mean of held stations' reports, or a legal ceiling. */
export const PriceKind = z.enum(['national_average', 'station_mean', 'legal_maximum']);

export const CountryPriceDetail = z.object({
  grade: z.string(),
  local_name: z.string(),
  price: z.number(),
  currency: z.string(),
  price_eur: z.number().nullable(),
  /** `published` (the source's own EUR figure, or a price in EUR), `converted` (at `eur_rate`), null with no EUR price. */
  price_eur_basis: z.enum(['published', 'converted']).nullable(),
  /** The day the price refers to (in force, or the newest station report). */
  date: z.string(),
  with_taxes: z.boolean(),
  source: z.string(),
  price_kind: PriceKind,
  /** Whole days from `date` to the answer. */
  age_days: z.number().int(),
  /** False when older than `max_age_days`: the latest known, not a current price. */
  current: z.boolean(),
});

/** EUR per unit of a national currency, as its source gave it for a day. */
export const EurRate = z.object({ eur_per_unit: z.number(), date: z.string(), source: z.string() });

export const CountryFuel = z.object({
  country: z.string(),
  country_name: z.string(),
  /** The currency of `prices` (null when none is held). */
  currency: z.string().nullable(),
  /** The day the newest price of `prices` is in force. */
  updated: z.string().nullable(),
  /** Grade -> price per litre in `currency`, from `source`: the newest source held for the country. */
  prices: z.record(z.string(), z.number()),
  source: z.string().nullable(),
  /** What `prices` are (null when none is held). */
  price_kind: PriceKind.nullable(),
  /** The same prices in EUR: as published, or converted at `eur_rate`. */
  prices_eur: z.record(z.string(), z.number()),
  /** The rate prices were converted to EUR at: the headline currency's where `prices_eur` was converted, else a converted detail's (null when none was). */
  eur_rate: EurRate.nullable(),
  /** Whole days from `updated` to the answer, and whether that is within `max_age_days` (null when none is held). */
  age_days: z.number().int().nullable(),
  current: z.boolean().nullable(),
  max_age_days: z.number().int(),
  /** Every held price behind the answer, with its own date, currency and source. */
  details: z.array(CountryPriceDetail),
  sources: z.array(z.string()),
  note: z.string().optional(),
});

/** How old the newest price an answer lists is (station reports can be months old). */
const PriceAgeFields = {
  /** The day of the newest price listed (null when none is). */
  updated: z.string().nullable(),
  /** Whole days from `updated` to the answer, and whether that is within `max_age_days` (null when nothing is listed). */
  age_days: z.number().int().nullable(),
  current: z.boolean().nullable(),
  max_age_days: z.number().int(),
};

export const FuelOutput = z.union([
  z.object({ mode: z.literal('country') }).extend(CountryFuel.shape),
  z.object({ mode: z.literal('country'), countries: z.array(CountryFuel), count: z.number().int(), note: z.string() }),
  z.object({
    mode: z.enum(['nearest', 'border']),
    anchor: z.object({ lat: z.number(), lon: z.number(), ppid: z.string().optional(), name: z.string().optional(), radius_km: z.number() }),
    fuel_type: z.string().nullable(),
    stations: z.array(FuelStation),
    total_found: z.number().int(),
    ...PriceAgeFields,
    note: z.string().optional(),
  }),
]);
export type FuelOutput = z.infer<typeof FuelOutput>;

export const FuelCitiesInput = z.object({
  country: isoCountry().describe('ISO-2 code (required)'),
  fuel_type: oneOf(FUEL_GRADES).default('diesel').describe('default diesel; `available_fuel_types` lists what the country has'),
  lang: lang().describe('language of the country and city names (default en)'),
});
export type FuelCitiesInput = z.infer<typeof FuelCitiesInput>;

export const CityFuel = z.object({
  city_name: z.string().describe('in `lang` where GeoNames\' alternate names tell it (Cyrillic and Greek script languages), else GeoNames\' own name'),
  lat: z.number(),
  lon: z.number(),
  cheapest: z.object({ price: z.number(), station: FuelStation }),
  /** Mean of the five cheapest stations (or of all, when fewer). */
  avg_price: z.number(),
  stations: z.array(FuelStation),
});

export const FuelCitiesOutput = z.object({
  country: z.string(),
  country_name: z.string(),
  fuel_type: z.string(),
  available_fuel_types: z.array(z.string()),
  currency: z.string().nullable(),
  cities: z.array(CityFuel),
  count: z.number().int(),
  ...PriceAgeFields,
  note: z.string().optional(),
});
export type FuelCitiesOutput = z.infer<typeof FuelCitiesOutput>;
