/**
 * The country of an imported network's node. The outline (Natural Earth 1:50m, about 1 km) alone put nodes
 * within about a kilometre of Ukraine's border on the wrong side (Medyka village, 1.2 km inside Poland, in
 * Ukraine), and the router drops every link across that border: a Polish road into Medyka became a Ukrainian
 * one, its links to Poland dropped. Ukraine's own border (data/geo/ukraine-border.ts) decides Ukraine or
 * not; outside it the outline's country, and where the outline still says Ukraine, the nearest GeoNames
 * place's country outside Ukraine.
 */
import { bySideOfUkraine } from '../../geo/ukraine-border.js';
import { countryAtExcept } from '../places/country-at.js';
import { outlineCountryAt } from './countries.js';

const outlineSide = bySideOfUkraine(outlineCountryAt);

export function nodeCountryAt(lat: number, lon: number): string | null {
  // bySideOfUkraine's null is either no outline there (the sea: no country) or the outline's Ukraine outside it.
  return outlineSide(lat, lon) ?? (outlineCountryAt(lat, lon) === 'UA' ? countryAtExcept(lat, lon, 'UA') : null);
}
