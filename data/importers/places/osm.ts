/**
 * OpenStreetMap places of every type (data © OpenStreetMap contributors, ODbL 1.0), from
 * - the Overpass API JSON (`{"elements": [{type, id, lat, lon | center | bounds | geometry, tags}]}`: query ways
 *   and relations with `out center` so they carry a position),
 * - GeoJSON as exported by overpass-turbo or osmtogeojson (tags flat in `properties` with `@id`, or under
 *   `properties.tags` with `properties.type`/`id`; a Point, or a LineString/Polygon/MultiPolygon whose vertex
 *   mean is taken as its position),
 * - the project's supermarket extract (`{"supermarkets": [{osm_id, osm_type, name, brand, lat, lng, ...}]}`).
 *
 * Tags -> type (the first that applies): `highway=services` -> `services`, `highway=rest_area` -> `rest_area`,
 * `amenity=fuel` -> `fuel`, `amenity=parking` for trucks (`hgv=yes|designated|only`, or a `capacity:hgv` above 0)
 * -> `parking`, `shop=supermarket` -> `supermarket`, `amenity=restaurant|fast_food` -> `restaurant`,
 * `amenity=shower` -> `shower`, `amenity=toilets` -> `toilets`, `landuse=industrial` -> `industrial`.
 * Amenities (see `amenitiesOf`), `truck_spaces` from `capacity:hgv`, name from `name`, brand from `brand`,
 * address from `addr:full` or `addr:street`/`addr:place` + `addr:housenumber`, city `addr:city`, country
 * `addr:country` (else null), opening hours from `opening_hours` and a restaurant's `cuisine`, where tagged.
 * A fuel station (`amenity=fuel`, not part of a services element) is a station (what `fuel` shows; `pois`
 * shows stations as places of type `fuel`): its services are its amenities (`diesel`, `lpg`, `adblue`,
 * `hgv_diesel`, `toilets`, `shower`, ...), its country `addr:country`, else that of the nearest GeoNames place
 * (country-at.ts). The source is `osm`, the id `<type>/<id>` (`node/256193823`); the line is the
 * element's 1-based index. An element without a position, with no tag that maps to a type, or with
 * `access=private|no` (a company's own pump or yard), is rejected.
 */
import type { PoiRecord, PoiType, StationRecord } from '../../../models/places.js';
import { countryAt } from './country-at.js';
import { emptyPlaces, position, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';

export const OSM_SOURCE = 'osm';

type Tags = Record<string, string>;

/** Every tag this importer reads (a compact extract keeps these and no others: data/scripts/places-derived.ts). */
export const OSM_TAGS_READ: readonly string[] = [
  'amenity', 'shop', 'highway', 'landuse', 'hgv', 'capacity:hgv', 'access', 'name', 'brand', 'addr:full', 'addr:street', 'addr:place',
  'addr:housenumber', 'addr:city', 'addr:country', 'opening_hours', 'cuisine', 'shower', 'toilets', 'internet_access', 'wifi', 'supervised',
  'surveillance', 'atm', 'car_wash', 'restaurant', 'fuel:diesel', 'fuel:HGV_diesel', 'fuel:adblue', 'fuel:lpg', 'fuel:cng', 'fuel:lng',
];

const HGV = new Set(['yes', 'designated', 'only']);
/** `fuel:<key>=yes` -> amenity. */
const FUELS: Record<string, string> = { diesel: 'diesel', HGV_diesel: 'hgv_diesel', adblue: 'adblue', lpg: 'lpg', cng: 'cng', lng: 'lng' };

/** `position` reads a blank string as 0: a missing coordinate must not become one. */
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const coordinates = (lat: unknown, lon: unknown) => (blank(lat) || blank(lon) ? null : position(lat, lon));
const yes = (value: string | undefined) => value !== undefined && value !== '' && value !== 'no';

/** `capacity:hgv` as a count, else null (`yes`, `~20` and the like are not counts). */
function hgvCapacity(tags: Tags): number | null {
  const value = (tags['capacity:hgv'] ?? '').trim();
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** The type an element's tags say it is, or why none applies. */
function typeOf(tags: Tags): { type: PoiType } | { reason: string } {
  const { amenity, shop, highway, landuse } = tags;
  const truckParking = amenity === 'parking' && (HGV.has(tags.hgv ?? '') || (hgvCapacity(tags) ?? 0) > 0);
  const type: PoiType | null = highway === 'services' ? 'services'
    : highway === 'rest_area' ? 'rest_area'
    : amenity === 'fuel' ? 'fuel'
    : truckParking ? 'parking'
    : shop === 'supermarket' ? 'supermarket'
    : amenity === 'restaurant' || amenity === 'fast_food' ? 'restaurant'
    : amenity === 'shower' ? 'shower'
    : amenity === 'toilets' ? 'toilets'
    : landuse === 'industrial' ? 'industrial'
    : null;
  if (type) return { type };
  if (amenity === 'parking') {
    const hgv = tags.hgv === undefined ? 'no hgv tag' : `hgv=${tags.hgv}`;
    return { reason: `amenity=parking with ${hgv} and no capacity:hgv above 0: not a truck parking` };
  }
  const main = Object.entries({ amenity, shop, highway, landuse }).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${v}`);
  return { reason: main.length > 0 ? `no place type for ${main.join(', ')}` : 'no amenity, shop, highway or landuse tag' };
}

/**
 * What a place offers, from its tags: `truck_access` (hgv=yes|designated|only), `shower`, `toilets`, `wifi`
 * (internet_access=wlan|wifi|yes, or wifi=yes), `open_24h` (opening_hours=24/7), fuels (`fuel:diesel=yes` ->
 * `diesel`, `fuel:HGV_diesel` -> `hgv_diesel`, `adblue`, `lpg`, `cng`, `lng`), `shop` (a shop tag on what is
 * not a supermarket), `fuel`/`restaurant` (amenity tags on a services element), `security` (supervised=yes or
 * a surveillance tag), `atm`, `car_wash`, `restaurant` (restaurant=yes), and `parking` on services and rest
 * areas. The place's own type is not repeated as an amenity.
 */
export function amenitiesOf(tags: Tags, type: PoiType): string[] {
  const out = new Set<string>();
  if (HGV.has(tags.hgv ?? '')) out.add('truck_access');
  if (yes(tags.shower)) out.add('shower');
  if (yes(tags.toilets)) out.add('toilets');
  if (['wlan', 'wifi', 'yes'].includes(tags.internet_access ?? '') || tags.wifi === 'yes') out.add('wifi');
  if ((tags.opening_hours ?? '').trim() === '24/7') out.add('open_24h');
  for (const [key, amenity] of Object.entries(FUELS)) if (tags[`fuel:${key}`] === 'yes') out.add(amenity);
  if (tags.shop && tags.shop !== 'no' && type !== 'supermarket') out.add('shop');
  if (tags.amenity === 'fuel') out.add('fuel');
  if (tags.amenity === 'restaurant' || tags.amenity === 'fast_food' || tags.restaurant === 'yes') out.add('restaurant');
  if (tags.amenity === 'toilets') out.add('toilets');
  if (tags.amenity === 'shower') out.add('shower');
  if (tags.supervised === 'yes' || yes(tags.surveillance)) out.add('security');
  if (tags.atm === 'yes') out.add('atm');
  if (tags.car_wash === 'yes') out.add('car_wash');
  if (type === 'services' || type === 'rest_area') out.add('parking');
  out.delete(type);
  return [...out].sort();
}

const nonEmpty = (value: string | undefined) => (value !== undefined && value.trim() !== '' ? value.trim() : null);

function addressOf(tags: Tags): string | null {
  const full = nonEmpty(tags['addr:full']);
  if (full) return full;
  return [nonEmpty(tags['addr:street']) ?? nonEmpty(tags['addr:place']), nonEmpty(tags['addr:housenumber'])].filter((v) => v !== null).join(' ') || null;
}

function countryOf(value: string | undefined): string | null {
  const code = (value ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

/** Only the string-valued tags (a malformed export may carry other values). */
function tagsOf(value: unknown, skip?: (key: string) => boolean): Tags {
  const tags: Tags = {};
  if (value === null || typeof value !== 'object') return tags;
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string' && !skip?.(key)) tags[key] = v;
  return tags;
}

type Kept = { poi: PoiRecord } | { station: StationRecord } | string;

/** Tags written only where present, so a record without them stays as it was. */
function described(tags: Tags, keys: readonly ('opening_hours' | 'cuisine')[]): { opening_hours?: string; cuisine?: string } {
  const out: { opening_hours?: string; cuisine?: string } = {};
  for (const key of keys) {
    const value = nonEmpty(tags[key]);
    if (value) out[key] = value;
  }
  return out;
}

/** The place (or fuel station) of one element with a position already checked, or why it cannot be used. */
function placeOf(id: string, tags: Tags, at: { lat: number; lon: number }): Kept {
  const typed = typeOf(tags);
  if ('reason' in typed) return `${id}: ${typed.reason}`;
  if (tags.access === 'private' || tags.access === 'no') return `${id}: access=${tags.access}, not open to drivers`;
  const poiType = typed.type;
  const common = { source_id: id, name: nonEmpty(tags.name), brand: nonEmpty(tags.brand), address: addressOf(tags), city: nonEmpty(tags['addr:city']) };
  if (poiType === 'fuel') {
    const country = countryOf(tags['addr:country']) ?? countryAt(at.lat, at.lon);
    if (!country) return `${id}: no addr:country and no GeoNames place within 60 km to tell its country`;
    return { station: { ...common, country_code: country, lat: at.lat, lon: at.lon, services: amenitiesOf(tags, poiType), ...described(tags, ['opening_hours']) } };
  }
  return { poi: {
    ...common, type: poiType, country_code: countryOf(tags['addr:country']), lat: at.lat, lon: at.lon, amenities: amenitiesOf(tags, poiType),
    truck_spaces: hgvCapacity(tags), ...described(tags, poiType === 'restaurant' ? ['opening_hours', 'cuisine'] : ['opening_hours']),
  } };
}

function keep(parsed: ParsedPlaces, seen: Map<string, number>, line: number, place: Kept | PoiRecord): void {
  if (typeof place === 'string') return void parsed.rejected.push({ file: parsed.file, line, reason: place });
  const record = 'poi' in place ? place.poi : 'station' in place ? place.station : place;
  const first = seen.get(record.source_id);
  if (first !== undefined) return void parsed.rejected.push({ file: parsed.file, line, reason: `${record.source_id} repeats item ${first}` });
  seen.set(record.source_id, line);
  if ('station' in place) parsed.stations.push({ line, record: place.station });
  else parsed.pois.push({ line, record: 'poi' in place ? place.poi : place });
}

const OSM_TYPES = new Set(['node', 'way', 'relation']);
const isId = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0) || (typeof value === 'string' && /^\d{1,19}$/.test(value));

/** The mean of the vertices, else null when one is not a position. */
function meanOf(points: { lat: unknown; lon: unknown }[]): { lat: number; lon: number } | null {
  let lat = 0;
  let lon = 0;
  for (const p of points) {
    const at = coordinates(p.lat, p.lon);
    if (!at) return null;
    lat += at.lat;
    lon += at.lon;
  }
  return points.length === 0 ? null : position(lat / points.length, lon / points.length);
}

function parseJson(text: string, file: string): Record<string, unknown> {
  const doc = JSON.parse(text) as unknown;
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new Error(`${file}: not a JSON object`);
  return doc as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------------

/** Overpass API JSON (`[out:json]`). */
export function parseOverpassJson(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const doc = parseJson(text, file);
  if (!Array.isArray(doc.elements)) throw new Error(`${file}: not an Overpass API JSON response (no "elements" array)`);
  const parsed = emptyPlaces(OSM_SOURCE, file);
  const seen = new Map<string, number>();
  doc.elements.forEach((item: unknown, i: number) => {
    parsed.rowsRead++;
    const line = i + 1;
    const e = (item ?? {}) as { type?: unknown; id?: unknown; lat?: unknown; lon?: unknown; center?: { lat?: unknown; lon?: unknown };
      bounds?: { minlat?: unknown; minlon?: unknown; maxlat?: unknown; maxlon?: unknown }; geometry?: unknown; tags?: unknown };
    if (typeof e.type !== 'string' || !OSM_TYPES.has(e.type)) return keep(parsed, seen, line, `element type '${String(e.type)}' is not node, way or relation`);
    if (!isId(e.id)) return keep(parsed, seen, line, `${e.type} id '${String(e.id)}' is not an OSM id`);
    const id = `${e.type}/${String(e.id)}`;
    const tags = tagsOf(e.tags);
    if (Object.keys(tags).length === 0) return keep(parsed, seen, line, `${id} has no tags`);
    let at: { lat: number; lon: number } | null;
    let given: string;
    if (e.lat !== undefined || e.lon !== undefined) {
      at = coordinates(e.lat, e.lon);
      given = `lat '${String(e.lat)}', lon '${String(e.lon)}'`;
    } else if (e.center) {
      at = coordinates(e.center.lat, e.center.lon);
      given = `center lat '${String(e.center.lat)}', lon '${String(e.center.lon)}'`;
    } else if (Array.isArray(e.geometry)) {
      at = meanOf(e.geometry.map((p: { lat?: unknown; lon?: unknown } | null) => ({ lat: p?.lat, lon: p?.lon })));
      given = 'geometry';
    } else if (e.bounds) {
      const b = e.bounds;
      const low = coordinates(b.minlat, b.minlon);
      const high = coordinates(b.maxlat, b.maxlon);
      at = low && high ? position((low.lat + high.lat) / 2, (low.lon + high.lon) / 2) : null;
      given = 'bounds';
    } else return keep(parsed, seen, line, `${id} has no coordinates (no lat/lon, center, geometry or bounds: query with "out center")`);
    if (!at) return keep(parsed, seen, line, `${id}: ${given} not a WGS84 position`);
    keep(parsed, seen, line, placeOf(id, tags, at));
  });
  return parsed;
}

type Position = [unknown, unknown, ...unknown[]];
const vertices = (ring: unknown): { lat: unknown; lon: unknown }[] => {
  if (!Array.isArray(ring)) return [{ lat: undefined, lon: undefined }];
  const points = (ring as Position[]).map((p) => (Array.isArray(p) ? { lon: p[0], lat: p[1] } : { lat: undefined, lon: undefined }));
  // A closed ring repeats its first vertex last: count it once.
  const first = points[0];
  const last = points.at(-1);
  return points.length > 1 && first && last && first.lat === last.lat && first.lon === last.lon ? points.slice(0, -1) : points;
};

/** The position of a GeoJSON geometry: a Point's, else the mean of the vertices (outer rings of polygons). */
function geometryPosition(geometry: { type?: unknown; coordinates?: unknown } | null | undefined): { lat: number; lon: number } | string {
  if (!geometry || typeof geometry !== 'object') return 'has no geometry';
  const c = geometry.coordinates;
  const bad = `${String(geometry.type)} coordinates ${JSON.stringify(c)?.slice(0, 60)} not a WGS84 position`;
  let at: { lat: number; lon: number } | null;
  switch (geometry.type) {
    case 'Point':
      at = Array.isArray(c) ? coordinates(c[1], c[0]) : null;
      break;
    case 'LineString':
    case 'MultiPoint':
      at = meanOf(vertices(c));
      break;
    case 'Polygon':
      at = Array.isArray(c) ? meanOf(vertices(c[0])) : null;
      break;
    case 'MultiPolygon':
      at = Array.isArray(c) ? meanOf(c.flatMap((polygon: unknown) => (Array.isArray(polygon) ? vertices(polygon[0]) : vertices(undefined)))) : null;
      break;
    case 'MultiLineString':
      at = Array.isArray(c) ? meanOf(c.flatMap((l: unknown) => vertices(l))) : null;
      break;
    default:
      return `geometry type '${String(geometry.type)}' is not a Point, LineString or Polygon`;
  }
  return at ?? bad;
}

/** GeoJSON FeatureCollection of OSM objects (overpass-turbo export or osmtogeojson). */
export function parseOsmGeoJson(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const doc = parseJson(text, file);
  if (doc.type !== 'FeatureCollection' || !Array.isArray(doc.features)) throw new Error(`${file}: not a GeoJSON FeatureCollection`);
  const parsed = emptyPlaces(OSM_SOURCE, file);
  const seen = new Map<string, number>();
  doc.features.forEach((item: unknown, i: number) => {
    parsed.rowsRead++;
    const line = i + 1;
    const f = (item ?? {}) as { id?: unknown; properties?: Record<string, unknown> | null; geometry?: { type?: unknown; coordinates?: unknown } | null };
    const props = f.properties ?? {};
    let tags: Tags;
    let id: string | null;
    if (props.tags !== null && typeof props.tags === 'object') {
      // osmtogeojson: {type: 'node', id: 123, tags: {...}, meta, relations}
      tags = tagsOf(props.tags);
      id = typeof props.type === 'string' && OSM_TYPES.has(props.type) && isId(props.id) ? `${props.type}/${String(props.id)}` : null;
    } else {
      // overpass-turbo export, osmtogeojson --flat: tags in properties, meta as `@id`, `@timestamp`, ...
      tags = tagsOf(props, (key) => key.startsWith('@') || key === 'id');
      id = [f.id, props['@id'], props.id].map((v) => (typeof v === 'string' && /^(node|way|relation)\/\d{1,19}$/.test(v) ? v : null)).find((v) => v !== null) ?? null;
    }
    if (!id) return keep(parsed, seen, line, `feature ${line} has no OSM id (node|way|relation/<id>) in id or @id: '${String(f.id ?? props['@id'] ?? props.id)}'`);
    if (Object.keys(tags).length === 0) return keep(parsed, seen, line, `${id} has no tags`);
    const at = geometryPosition(f.geometry);
    if (typeof at === 'string') return keep(parsed, seen, line, `${id} ${at}`);
    keep(parsed, seen, line, placeOf(id, tags, at));
  });
  return parsed;
}

/**
 * The project's OSM supermarket extract (`ua-osm-supermarkets/supermarkets.json`, from map-circle-viewer's
 * `fetch_supermarkets.py`): every item is `shop=supermarket` in Ukraine. Its `brand` is the OSM brand, a brand
 * guessed from the name, or the placeholder `Supermarket` (taken as none); `address` is `addr:full` or
 * `addr:street` (empty = none); `city` is the city whose 25 km circle was queried, not the shop's own city,
 * so it is not kept.
 */
export function parseOsmExtract(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const doc = parseJson(text, file);
  if (!Array.isArray(doc.supermarkets)) throw new Error(`${file}: not an OSM supermarket extract (no "supermarkets" array)`);
  const parsed = emptyPlaces(OSM_SOURCE, file);
  const seen = new Map<string, number>();
  doc.supermarkets.forEach((item: unknown, i: number) => {
    parsed.rowsRead++;
    const line = i + 1;
    const s = (item ?? {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
    if (typeof s.osm_type !== 'string' || !OSM_TYPES.has(s.osm_type)) return keep(parsed, seen, line, `osm_type '${String(s.osm_type)}' is not node, way or relation`);
    if (!isId(s.osm_id)) return keep(parsed, seen, line, `osm_id '${String(s.osm_id)}' is not an OSM id`);
    const id = `${s.osm_type}/${String(s.osm_id)}`;
    const at = coordinates(s.lat, s.lng);
    if (!at) return keep(parsed, seen, line, `${id}: lat '${String(s.lat)}', lng '${String(s.lng)}' not a WGS84 position`);
    const brand = str(s.brand);
    keep(parsed, seen, line, {
      source_id: id, type: 'supermarket', name: str(s.name), brand: brand === 'Supermarket' ? null : brand, address: str(s.address), city: null,
      country_code: 'UA', lat: at.lat, lon: at.lon, amenities: str(s.opening_hours) === '24/7' ? ['open_24h'] : [], truck_spaces: null,
    });
  });
  return parsed;
}
