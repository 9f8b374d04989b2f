/**
 * Which side of Ukraine's border a point is on, from OpenStreetMap's boundary simplified to 10 m
 * (data/bundled/geo/ukraine-border.json.gz, built by data/scripts/build-ukraine-border.ts): the side decides
 * whether a trip leads out of Ukraine or into it. The map outline beside it (Natural Earth 1:50m, rounded to
 * about 1 km) put Medyka village, 1.2 km from the border, in Ukraine; a road-graph city nearest to a point at Shehyni
 * is across the border in Poland.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { insideRing } from '../../models/geo.js';
import { bundledPath } from '../seed.js';

type Ring = readonly (readonly [number, number])[];
let border: { ring: Ring; box: [number, number, number, number] } | null = null;

function load() {
  if (border) return border;
  const { ring } = JSON.parse(gunzipSync(readFileSync(bundledPath('geo/ukraine-border.json.gz'))).toString('utf8')) as { ring: [number, number][] };
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of ring) [w, s, e, n] = [Math.min(w, lon), Math.min(s, lat), Math.max(e, lon), Math.max(n, lat)];
  border = { ring, box: [w, s, e, n] };
  return border;
}

/** Whether the point lies in Ukraine (its internationally recognised border, the territorial sea included). */
export function inUkraine(lat: number, lon: number): boolean {
  const { ring, box } = load();
  return lon >= box[0] && lat >= box[1] && lon <= box[2] && lat <= box[3] && insideRing(ring, lon, lat);
}

/**
 * A coarser country lookup (`lookup`: the nearest place's, a 1 km outline's) corrected by Ukraine's border:
 * Ukraine inside it; outside it, the lookup's country, or null where the lookup still says Ukraine (near the
 * border, the other side's place is often the nearest). The one rule for every product that asks which side
 * of the border a point is on.
 */
export function bySideOfUkraine(lookup: (lat: number, lon: number) => string | null): (lat: number, lon: number) => string | null {
  return (lat, lon) => {
    if (inUkraine(lat, lon)) return 'UA';
    const country = lookup(lat, lon);
    return country === 'UA' ? null : country;
  };
}

/** The border as one closed ring of [lon, lat] points (the land border and the territorial sea's edge). */
export const ukraineBorderRing = (): Ring => load().ring;
