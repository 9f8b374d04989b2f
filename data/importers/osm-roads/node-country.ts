/**
 * The country of an imported network's node. The outline (Natural Earth 1:50m, about 1 km) alone put nodes
 * within about a kilometre of Ukraine's border on the wrong side (Medyka village, 1.2 km inside Poland, in
 * Ukraine), and the router drops every link across that border: a Polish road into Medyka became a Ukrainian
 * one, its links to Poland dropped. Ukraine's own border (data/geo/ukraine-border.ts) decides Ukraine or
 * not; outside it the outline's country, and where the outline still says Ukraine, the nearest GeoNames
 * place's country outside Ukraine.
 */
import { inUkraine } from '../../geo/ukraine-border.js';
import { countryAtExcept } from '../places/country-at.js';
import { outlineCountryAt } from './countries.js';

export function nodeCountryAt(lat: number, lon: number): string | null {
  if (inUkraine(lat, lon)) return 'UA';
  const outline = outlineCountryAt(lat, lon);
  return outline === 'UA' ? countryAtExcept(lat, lon, 'UA') : outline;
}
