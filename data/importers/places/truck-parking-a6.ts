/**
 * Truck spaces at the motorway places on the A6/A81 around Heilbronn (2017), as published by
 * github.com/dahilzen/170927_lkw_parkpla-tze_region: `rastplaetze.csv` (`type,autobahn,Art,Name,plaetze,geotype,lon,lat`,
 * where `type` is always `Feature` and `Art` the kind of place) and `rast.json` (the same places as GeoJSON
 * points with properties `autobahn, Art, Name, plaetze`). No licence is stated: for tests only, never shipped.
 *
 * `Art`: `Rasthof` (motorway service area) and `Autohof` (truck stop off the motorway) have a restaurant and
 * fuel -> type `services`; `Rastplatz` (rest area without services) -> `rest_area`. `plaetze` = truck spaces.
 * Country DE; the address is the motorway (`A6`). The source is `a6-list`; a place's id is
 * `<autobahn>/<Art>/<Name>/<lat>,<lon>` (5 decimals), the same from both files, since a name can occur
 * twice (the two sides of a motorway).
 */
import type { PoiRecord } from '../../../models/places.js';
import { csvRows } from '../feed.js';
import { emptyPlaces, position, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';

export const A6_SOURCE = 'a6-list';

const KINDS: Record<string, { type: PoiRecord['type']; amenities: string[] }> = {
  Rasthof: { type: 'services', amenities: ['fuel', 'parking', 'restaurant'] },
  Autohof: { type: 'services', amenities: ['fuel', 'parking', 'restaurant'] },
  Rastplatz: { type: 'rest_area', amenities: ['parking'] },
};

interface Row {
  autobahn: unknown;
  art: unknown;
  name: unknown;
  plaetze: unknown;
  geotype: unknown;
  lon: unknown;
  lat: unknown;
}

const cell = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** The place of one row, or why it cannot be used. */
function placeOf(row: Row): PoiRecord | string {
  const autobahn = cell(row.autobahn);
  const art = cell(row.art);
  const name = cell(row.name);
  const geotype = cell(row.geotype);
  const kind = KINDS[art];
  if (!/^A\d{1,3}$/.test(autobahn)) return `autobahn '${autobahn.slice(0, 40)}' is not a motorway number (A<digits>)`;
  if (!kind) return `Art '${art.slice(0, 40)}' is not Rasthof, Autohof or Rastplatz`;
  if (name === '') return 'Name is empty';
  if (geotype !== 'Point') return `geotype '${geotype.slice(0, 40)}' is not Point`;
  // `position` reads a blank cell as 0: a missing lat or lon must not become one.
  const at = cell(row.lat) === '' || cell(row.lon) === '' ? null : position(row.lat, row.lon);
  if (!at) return `lat '${cell(row.lat)}', lon '${cell(row.lon)}' not a WGS84 position`;
  const spacesCell = cell(row.plaetze);
  const spaces = spacesCell === '' ? null : /^\d+$/.test(spacesCell) ? Number(spacesCell) : undefined;
  if (spaces === undefined) return `plaetze '${spacesCell.slice(0, 40)}' is not a number of spaces`;
  return {
    source_id: `${autobahn}/${art}/${name}/${at.lat.toFixed(5)},${at.lon.toFixed(5)}`,
    type: kind.type, name, brand: null, address: autobahn, city: null, country_code: 'DE', lat: at.lat, lon: at.lon,
    amenities: spaces !== null && spaces > 0 ? [...kind.amenities, 'truck_access'].sort() : kind.amenities,
    truck_spaces: spaces,
  };
}

function keep(parsed: ParsedPlaces, seen: Map<string, number>, line: number, place: PoiRecord | string): void {
  if (typeof place === 'string') return void parsed.rejected.push({ file: parsed.file, line, reason: place });
  const first = seen.get(place.source_id);
  if (first !== undefined) return void parsed.rejected.push({ file: parsed.file, line, reason: `'${place.source_id}' repeats line ${first}` });
  seen.set(place.source_id, line);
  parsed.pois.push({ line, record: place });
}

/** `rastplaetze.csv`. */
export function parseA6Csv(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const parsed = emptyPlaces(A6_SOURCE, file);
  const seen = new Map<string, number>();
  for (const { line, row, bad } of csvRows(text, file)) {
    parsed.rowsRead++;
    if (bad) parsed.rejected.push(bad);
    else keep(parsed, seen, line, placeOf({ autobahn: row.autobahn, art: row.Art, name: row.Name, plaetze: row.plaetze, geotype: row.geotype, lon: row.lon, lat: row.lat }));
  }
  return parsed;
}

/** `rast.json`: a GeoJSON FeatureCollection of points; the line is the feature's 1-based index. */
export function parseA6GeoJson(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const doc = JSON.parse(text) as { type?: unknown; features?: unknown };
  if (doc === null || typeof doc !== 'object' || doc.type !== 'FeatureCollection' || !Array.isArray(doc.features)) {
    throw new Error(`${file}: not a GeoJSON FeatureCollection`);
  }
  const parsed = emptyPlaces(A6_SOURCE, file);
  const seen = new Map<string, number>();
  doc.features.forEach((feature: unknown, i: number) => {
    parsed.rowsRead++;
    const f = (feature ?? {}) as { properties?: Record<string, unknown> | null; geometry?: { type?: unknown; coordinates?: unknown } | null };
    const p = f.properties ?? {};
    if (!f.geometry) return keep(parsed, seen, i + 1, `feature ${i + 1} has no geometry`);
    const coordinates = Array.isArray(f.geometry.coordinates) ? (f.geometry.coordinates as unknown[]) : [];
    keep(parsed, seen, i + 1, placeOf({
      autobahn: p.autobahn, art: p.Art, name: p.Name, plaetze: p.plaetze, geotype: f.geometry.type, lon: coordinates[0], lat: coordinates[1],
    }));
  });
  return parsed;
}
