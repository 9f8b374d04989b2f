/**
 * A city named as a driver writes it, in any language and script: GeoNames' names and alternate names
 * (data/geo/gazetteer.ts: `Lemberg`, `Lwów`, `Leopoli`, `Львів` are Lviv; exact, case and diacritics
 * ignored), else a Cyrillic name romanised (KMU 2010: `Львів` -> `Lviv`), else the search's spelling
 * skeletons (data/directory/name-index.ts: Polish and Ukrainian romanisations folded to one key, so
 * `Lwow` and `Lviv` meet) over the places of the country asked, or of the service's 23 countries, the most
 * populous first. Alternate names are held for every place of the service's countries and their neighbours
 * and for towns of 15,000 and more elsewhere (docs/places.md).
 */
import { nameKeys } from '../../data/directory/name-index.js';
import { romanise } from '../../data/directory/names.js';
import { lookupCity, majorCities, type Place } from '../../data/geo/gazetteer.js';
import { COUNTRY_ISO2 } from '../../models/codes.js';

const CYRILLIC = /[\u0400-\u04ff]/u;
const byKey = new Map<string, Map<string, Place>>();

/** The places of a country by spelling skeleton, the most populous per key (built on first use, per country). */
function skeletons(country: string): Map<string, Place> {
  let index = byKey.get(country);
  if (!index) {
    index = new Map();
    for (const place of majorCities(country, 0)) for (const key of nameKeys(place.name)) if (!index.has(key)) index.set(key, place);
    byKey.set(country, index);
  }
  return index;
}

/** The place a name means as written (any of its GeoNames names), else a Cyrillic form romanised; null when neither is known. */
export function exactCity(name: string, country?: string | null): Place | null {
  return lookupCity(name, country)[0] ?? (CYRILLIC.test(name) ? lookupCity(romanise(name), country)[0] : undefined) ?? null;
}

/** The place `name` means, in `country` (ISO-2) when given; null when none is known. */
export function resolveCity(name: string, country?: string | null): Place | null {
  const exact = exactCity(name, country);
  if (exact) return exact;
  const keys = nameKeys(name);
  const found = (country ? [country] : Object.values(COUNTRY_ISO2)).flatMap((c) => keys.flatMap((k) => skeletons(c).get(k) ?? []));
  return found.sort((a, b) => b.population - a.population)[0] ?? null;
}
