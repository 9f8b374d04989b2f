/**
 * A network's node countries checked against the monitored border itself (a step of
 * data/scripts/build-road-graph.ts, before the local network is added). The router keeps a link only while
 * its two ends are on one side of Ukraine's border by their countries (engine/routing/graph.ts), so a node
 * labelled with the wrong side opens a way round the crossings. The bundled graph's E-road city Vyšné
 * Nemecké, 0.5 km inside Slovakia, carried UA (its nearest GeoNames city's country): Uzhhorod to the
 * Malyi Bereznyi crossing drove out past the Uzhhorod post to it and back into Ukraine to Malyi Bereznyi's
 * post, and Košice's E50 link to it was dropped as crossing the border. A node is moved to the side the
 * border puts it on; the border posts stay as built (a post stands at its crossing, on the line, and
 * stands for one side of it).
 */
import type { RoadGraphData } from '../../models/engine-results.js';
import { haversineKm } from '../../models/geo.js';

const MONITORED_COUNTRY = 'UA';

/** A node this close to a crossing is one of its posts. */
export const POST_KM = 0.1;

export interface BorderSide {
  /** Whether a point lies inside the monitored country, by its border. */
  inside(lat: number, lon: number): boolean;
  /** The country of a point outside it (null where none is known). */
  countryOutside(lat: number, lon: number): string | null;
}

export interface MovedNode {
  id: number;
  name: string;
  from: string | null;
  to: string | null;
}

type Node = RoadGraphData['nodes'][number];

/**
 * The nodes, each whose label puts it on the wrong side of the monitored border moved to the other side
 * (`side.inside`, then `side.countryOutside` for the country outside), those within POST_KM of a crossing in
 * `crossings` left as they are; and which moved (the build's log and graph version count them).
 */
export function sideByBorder(nodes: readonly Node[], side: BorderSide, crossings: readonly { lat: number; lon: number }[]):
  { nodes: Node[]; moved: MovedNode[] } {
  const moved: MovedNode[] = [];
  const sided = nodes.map((node) => {
    const [id, name, lat, lon, country] = node;
    const inside = side.inside(lat, lon);
    if (inside === (country === MONITORED_COUNTRY)) return node;
    if (crossings.some((c) => haversineKm(lat, lon, c.lat, c.lon) <= POST_KM)) return node;
    const outside = inside ? null : side.countryOutside(lat, lon);
    const to = inside ? MONITORED_COUNTRY : outside === MONITORED_COUNTRY ? null : outside;
    moved.push({ id, name, from: country, to });
    return [id, name, lat, lon, to] as Node;
  });
  return { nodes: sided, moved };
}
