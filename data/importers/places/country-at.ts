/**
 * Where a position is, from GeoNames' places (data/geo/gazetteer.ts: every place of 1,000 inhabitants and
 * more, with its country): a static k-d tree (kdbush) queried with geokdbush's great-circle nearest
 * neighbour. The same method as the bus stops' locator (engine/bus/country-locator.ts, which the data layer
 * may not import): a point's country is that of its nearest place; wrong only within a few km of a border.
 * Built on first use (about 50 ms beside the gazetteer's own load) and kept.
 */
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import { countryPlaces } from '../../geo/gazetteer.js';

/** Farther than this from any place, a point is not classified. */
const MAX_KM = 60;

let held: { index: KDBush; places: { lat: number; lon: number; country: string }[] } | null = null;

function load() {
  if (held) return held;
  const places = countryPlaces();
  const index = new KDBush(places.length);
  for (const p of places) index.add(p.lon, p.lat);
  index.finish();
  held = { index, places };
  return held;
}

/** The country (ISO-2) of the nearest GeoNames place within 60 km, else null. */
export function countryAt(lat: number, lon: number): string | null {
  const { index, places } = load();
  const [id] = around(index, lon, lat, 1, MAX_KM) as number[];
  return id === undefined ? null : places[id]!.country;
}

/** How far (km) the nearest place of `country` is from the position, or null when none is within `maxKm`. */
export function kmToCountry(lat: number, lon: number, country: string, maxKm: number): number | null {
  const { index, places } = load();
  const [id] = around(index, lon, lat, 1, maxKm, (i: number) => places[i]!.country === country) as number[];
  return id === undefined ? null : distance(lon, lat, places[id]!.lon, places[id]!.lat);
}

/** The country of the nearest GeoNames place within 60 km that is not `except`'s, else null. */
export function countryAtExcept(lat: number, lon: number, except: string): string | null {
  const { index, places } = load();
  const [id] = around(index, lon, lat, 1, MAX_KM, (i: number) => places[i]!.country !== except) as number[];
  return id === undefined ? null : places[id]!.country;
}
