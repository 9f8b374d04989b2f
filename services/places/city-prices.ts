/**
 * Per major city of a country, the cheapest held stations of a grade within a radius of its centre: worked
 * out once per held snapshot, country and grade (about 35 ms for Italy's 115 cities and 24,000 stations),
 * then served from memory until an import replaces the snapshot. Cities are named in the reader's language
 * where GeoNames' names tell it (data/geo/city-names.ts: `Рим` in Ukrainian), else by GeoNames' own name.
 */
import type { z } from 'zod';
import { cityNameIn } from '../../data/geo/city-names.js';
import { majorCities, type Place } from '../../data/geo/gazetteer.js';
import type { Lang } from '../../models/languages.js';
import type { FuelStation } from '../../models/fuel.js';
import type { FuelGrade } from '../../models/places.js';
import type { OperationDeps } from '../deps.js';
import { stationIndex } from './indexes.js';
import { priceOf, stationOut, stationsByCountry, type CountryStations } from './stations.js';
import { roundTo } from '../../models/round.js';

/** Cities of at least this many inhabitants (GeoNames) count as major. */
export const MAJOR_CITY_POPULATION = 50_000;
/** A city's stations are those within this distance of its centre. */
export const CITY_RADIUS_KM = 10;

export interface CityPrices {
  city_name: string;
  lat: number;
  lon: number;
  cheapest: { price: number; station: z.infer<typeof FuelStation> };
  avg_price: number;
  stations: z.infer<typeof FuelStation>[];
}

interface Worked { cities: { place: Place; prices: CityPrices }[]; sources: Set<string> }
const worked = new WeakMap<CountryStations, Map<FuelGrade, Worked>>();

/** The cities of `country` with a held station of `grade` nearby, named in `lang`: the five cheapest, their mean, and their sources. */
export function cityPrices(deps: OperationDeps, country: string, grade: FuelGrade, lang: Lang = 'en'): { cities: CityPrices[]; sources: Set<string> } {
  const held = stationsByCountry(deps).get(country);
  if (!held) return { cities: [], sources: new Set() };
  let byGrade = worked.get(held);
  if (!byGrade) worked.set(held, (byGrade = new Map()));
  let found = byGrade.get(grade);
  if (!found) byGrade.set(grade, (found = work(deps, country, grade)));
  return { cities: found.cities.map(({ place, prices }) => ({ ...prices, city_name: cityNameIn(place, lang) })), sources: found.sources };
}

function work(deps: OperationDeps, country: string, grade: FuelGrade): Worked {
  const index = stationIndex(deps);
  const cities: Worked['cities'] = [];
  const sources = new Set<string>();
  for (const city of majorCities(country, MAJOR_CITY_POPULATION)) {
    const near = index.near(city.lat, city.lon, CITY_RADIUS_KM, Infinity, (s) => s.country === country)
      .flatMap((f) => {
        const p = priceOf(f.point, grade);
        return p ? [{ ...f, price: p.price }] : [];
      })
      .sort((a, b) => a.price - b.price || a.distanceKm - b.distanceKm);
    if (near.length === 0) continue;
    const top = near.slice(0, 5);
    top.forEach((f) => sources.add(f.point.source));
    const stations = top.map((f) => stationOut(f.point, f.distanceKm, null));
    cities.push({ place: city, prices: {
      city_name: city.name, lat: city.lat, lon: city.lon,
      cheapest: { price: stations[0]!.prices[grade]!.price, station: stations[0]! },
      avg_price: roundTo(top.reduce((sum, f) => sum + f.price, 0) / top.length, 3),
      stations,
    } });
  }
  return { cities, sources };
}
