/**
 * The E-road set's own points are rough for some cities: Zhytomyr sat 74 km north of the city, Rivne 68 km,
 * Poltava 64 km, Vinnytsia 37 km, so every drive to or through them was mismeasured. A city whose name's
 * most populous namesake within `withinKm` is a city of `minPopulation` or more (GeoNames) moves onto it:
 * a place that large, so named and that near is the city the E-road set meant. Smaller namesakes are
 * left alone (a village of the same name is no evidence). Runs after the repairs, before anything is
 * measured or added.
 */
import { haversineKm } from '../../models/geo.js';
import type { Place, RepairedGraph } from './repair.js';
import type { Relocated } from './misplaced.js';

export function snapToNamesakes(
  nodes: RepairedGraph['nodes'],
  namesakes: (name: string) => Place[],
  withinKm = 100,
  minPopulation = 50_000,
  minMoveKm = 2,
): { nodes: RepairedGraph['nodes']; snapped: Relocated[] } {
  const snapped: Relocated[] = [];
  const out = nodes.map((node) => {
    const best = namesakes(node.name)
      .filter((p) => haversineKm(node.lat, node.lon, p.lat, p.lon) <= withinKm)
      .sort((a, b) => b.population - a.population)[0];
    if (!best || best.population < minPopulation || haversineKm(node.lat, node.lon, best.lat, best.lon) < minMoveKm) return node;
    snapped.push({ name: node.name, from: [node.lat, node.lon], to: [best.lat, best.lon], country: best.country });
    return { ...node, lat: best.lat, lon: best.lon };
  });
  return { nodes: out, snapped };
}
