/**
 * The country of a point of an imported network: the bundled outline (Natural Earth 1:50m, cut to 12-42 E,
 * 40-57 N, rounded to about 1 km: data/bundled/geo/) by ray casting, bounding boxes first; null outside
 * it. Near a border the outline's 1 km can put a node on the wrong side: that only matters for links across
 * the monitored border, which the router drops anyway, and a crossing snaps to its side's nearest nodes.
 */
import { readFileSync } from 'node:fs';
import { insideRing as inRing } from '../../../models/geo.js';
import { bundledPath } from '../../seed.js';

const ISO2: Record<string, string> = {
  Albania: 'AL', Austria: 'AT', Belarus: 'BY', 'Bosnia and Herz.': 'BA', Bulgaria: 'BG', Croatia: 'HR', Czechia: 'CZ',
  Denmark: 'DK', Georgia: 'GE', Germany: 'DE', Greece: 'GR', Hungary: 'HU', Italy: 'IT', Kosovo: 'XK', Latvia: 'LV',
  Lithuania: 'LT', Macedonia: 'MK', Moldova: 'MD', Montenegro: 'ME', Poland: 'PL', Romania: 'RO', Russia: 'RU',
  'San Marino': 'SM', Serbia: 'RS', Slovakia: 'SK', Slovenia: 'SI', Sweden: 'SE', Turkey: 'TR', Ukraine: 'UA', Vatican: 'VA',
};

type Ring = [number, number][];
interface Shape { iso2: string; box: [number, number, number, number]; polygons: Ring[][] }

let shapes: Shape[] | null = null;

function load(): Shape[] {
  if (shapes) return shapes;
  const doc = JSON.parse(readFileSync(bundledPath('geo/outline.geojson'), 'utf8')) as {
    features: { properties: { name: string }; geometry: { type: string; coordinates: unknown } }[] };
  shapes = doc.features.filter((f) => ISO2[f.properties.name]).map((f) => {
    const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as Ring[][];
    const pts = polygons.flat(2);
    return { iso2: ISO2[f.properties.name]!, polygons,
      box: [Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1]))] };
  });
  return shapes;
}

/** ISO-2 of the country whose outline holds the point, or null. */
export function outlineCountryAt(lat: number, lon: number): string | null {
  for (const s of load()) {
    if (lon < s.box[0] || lat < s.box[1] || lon > s.box[2] || lat > s.box[3]) continue;
    for (const [outer, ...holes] of s.polygons) if (outer && inRing(outer, lon, lat) && !holes.some((h) => inRing(h, lon, lat))) return s.iso2;
  }
  return null;
}

/** Every ring (outer and holes) of a country's outline, [lon, lat]; none for a country it does not cover. */
export function outlineRingsOf(iso2: string): Ring[] {
  return load().filter((s) => s.iso2 === iso2).flatMap((s) => s.polygons.flat());
}
