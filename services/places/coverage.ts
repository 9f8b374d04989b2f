/**
 * Which countries the held places of a kind cover, and what an answer says of a query outside them: the
 * countries held, and how an operator loads a region (`bdds import osm-overpass`). Worked out once per
 * held snapshot and kind.
 */
import { bySideOfUkraine } from '../../data/geo/ukraine-border.js';
import { countryAt } from '../../data/importers/places/country-at.js';
import type { HeldPoi } from '../../data/places-repo.js';
import { COUNTRY_ISO2 } from '../../models/codes.js';
import type { OperationDeps } from '../deps.js';
import { stationCountries } from './stations.js';

const held = new WeakMap<readonly HeldPoi[], Map<string, string[]>>();

/** The countries (ISO-2, sorted) of the held places that pass `keep` (named `kind` for the cache), with the stations' when asked. */
export function placeCoverage(deps: OperationDeps, kind: string, keep: ((p: HeldPoi) => boolean) | undefined, withStations: boolean): string[] {
  const pois = deps.repos.places.pois();
  let kinds = held.get(pois);
  if (!kinds) held.set(pois, (kinds = new Map()));
  const key = `${kind}|${withStations}|${deps.repos.places.version()}`;
  let countries = kinds.get(key);
  if (!countries) {
    const set = new Set(pois.filter((p) => p.country && (!keep || keep(p))).map((p) => p.country!));
    if (withStations) for (const c of stationCountries(deps)) set.add(c);
    kinds.set(key, (countries = [...set].sort()));
  }
  return countries;
}

/** The countries (ISO-2) the checkpoints held are in, Ukraine first, then by code. */
function checkpointCountries(deps: OperationDeps): string[] {
  const codes = new Set(deps.repos.directory.all().flatMap((c) => [c.origin, c.destination]));
  return [...codes].sort((a, b) => a - b).flatMap((c) => COUNTRY_ISO2[c] ?? []);
}

/**
 * For `/status`: a sentence when the held places of a kind (as `placeCoverage` gives them) leave out a
 * country the checkpoints are in, naming what is held and what is missing; null when every one is covered
 * (or no checkpoint is held, or nothing at all: `noPlaces` says that).
 */
export function coverageGap(deps: OperationDeps, what: string, coverage: readonly string[]): string | null {
  const missing = checkpointCountries(deps).filter((c) => !coverage.includes(c));
  if (missing.length === 0 || coverage.length === 0) return null;
  return `holds ${what} for ${coverage.join(', ')} only: none for ${missing.join(', ')}, where checkpoints are (answers there ` +
    `say so in \`coverage\` and \`note\`); ${LOAD}`;
}

/** For `/status`: a sentence when no place of the kind is held at all (`no_data`), else null. */
export function noPlaces(what: string, coverage: readonly string[]): string | null {
  return coverage.length === 0 ? `holds no ${what} for any country: ${LOAD}` : null;
}

const LOAD = 'an operator loads a region with `bdds import osm-overpass` (docs/import-formats.md)';

/** A point's country for coverage: its nearest GeoNames place's, Ukraine by its border (at Shehyni the nearest place is in Poland). */
const queryCountry = bySideOfUkraine(countryAt);

/**
 * A note when the query's country is not covered, or nothing was found: what is held, and how to load
 * more. Undefined when the query is inside the coverage and found something.
 */
export function coverageNote(coverage: readonly string[], at: { lat: number; lon: number }, found: number, what: string, radiusKm: number): string | undefined {
  const country = queryCountry(at.lat, at.lon);
  const outside = country !== null && !coverage.includes(country);
  if (!outside && found > 0) return undefined;
  const held = `${what} are held for: ${coverage.join(', ') || 'no country'}`;
  if (outside) return `No ${what} are held for ${country}${found > 0 ? ' beyond what lies across a border' : ''}; ${held}; ${LOAD}.`;
  return `No ${what} are held within ${radiusKm} km; ${held}; ${LOAD}.`;
}
