/**
 * Fuel stations, prices and driver places as every importer hands them over (normalised), whatever the
 * source's own shape. Grades and place types are closed lists; each price keeps its currency, its date
 * and the source's own name for the grade.
 */

/** Fuel grades the service normalises to; the source's name is kept beside it (`local_name`). */
export const FUEL_GRADES = ['diesel', 'diesel_premium', 'e5', 'e5_premium', 'e10', 'e85', 'lpg', 'cng', 'lng', 'adblue', 'hvo', 'hydrogen'] as const;
export type FuelGrade = (typeof FUEL_GRADES)[number];

/** Kinds of places (`pois`, `restaurants`). */
export const POI_TYPES = ['parking', 'shower', 'supermarket', 'industrial', 'fuel', 'restaurant', 'services', 'rest_area', 'toilets'] as const;
export type PoiType = (typeof POI_TYPES)[number];

export interface StationRecord {
  /** The station's id in its source (unique within the source). */
  source_id: string;
  name: string | null;
  brand: string | null;
  address: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country_code: string;
  /** Null when the source gives no position (such a station is held but never found by distance). */
  lat: number | null;
  lon: number | null;
  /** What the station offers beyond fuel, as the source says (`adblue`, `shop`, `restaurant`, `shower`, `car_wash`, ...). */
  services: string[];
  /** Opening hours in the OpenStreetMap `opening_hours` syntax, as the source writes them (absent: not stated). */
  opening_hours?: string | null;
}

export interface StationPriceRecord {
  /** The station's `source_id`. */
  station_id: string;
  grade: FuelGrade;
  /** The source's name for the grade (`Gasolio`, `Motorina standard`, `ДП`). */
  local_name: string;
  /** Per litre (per kg for LPG/CNG where the source says so), in `currency`. */
  price: number;
  /** ISO 4217. */
  currency: string;
  /** When the station reported it: ISO-8601 UTC. */
  reported_at: string;
  /** Self-service price (true), served (false), or not stated (null). */
  self_service: boolean | null;
}

export interface CountryPriceRecord {
  country_code: string;
  grade: FuelGrade;
  local_name: string;
  /** Per litre, in `currency`. */
  price: number;
  currency: string;
  /** The same price in EUR per litre where the source gives it or its exchange rate (null otherwise). */
  price_eur: number | null;
  /** The day the price is in force: `YYYY-MM-DD`. */
  date: string;
  with_taxes: boolean;
  /** What the figure is: the average paid (default), or the legal maximum a station may ask. */
  price_kind?: PriceKind;
}

export const PRICE_KINDS = ['national_average', 'legal_maximum'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export interface PoiRecord {
  source_id: string;
  type: PoiType;
  name: string | null;
  brand: string | null;
  address: string | null;
  city: string | null;
  country_code: string | null;
  lat: number;
  lon: number;
  /** What it offers, as mapped by the source (`parking`, `truck_access`, `shower`, `restaurant`, `wifi`, ...). */
  amenities: string[];
  /** Spaces for trucks where the source counts them. */
  truck_spaces: number | null;
  /** Opening hours in the OpenStreetMap `opening_hours` syntax (absent: not stated). */
  opening_hours?: string | null;
  /** What a restaurant serves, as the source writes it (OSM `cuisine`: `pizza;italian`). */
  cuisine?: string | null;
}
