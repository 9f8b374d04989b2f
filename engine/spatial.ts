/**
 * Nearest points on the sphere: a static k-d tree (kdbush) over the points, queried with geokdbush's
 * great-circle nearest-neighbour search (points in increasing distance, within a radius, filtered).
 * A brute-force scan is the test oracle.
 */
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import { haversineKm } from '../models/geo.js';

export interface Located {
  lat: number;
  lon: number;
}

export function createPointIndex<T extends Located>(points: readonly T[]) {
  const index = new KDBush(Math.max(1, points.length));
  for (const p of points) index.add(p.lon, p.lat);
  if (points.length === 0) index.add(0, 0); // kdbush needs a point; never returned (see `near`)
  index.finish();
  return {
    size: points.length,
    /** Points within `radiusKm` of (lat, lon), nearest first, at most `limit`, that pass `keep`; with their distance. */
    near(lat: number, lon: number, radiusKm: number, limit: number, keep?: (point: T) => boolean): { point: T; distanceKm: number }[] {
      if (points.length === 0) return [];
      const ids = around(index, lon, lat, limit, radiusKm, keep ? (i: number) => keep(points[i]!) : undefined) as number[];
      return ids.map((i) => ({ point: points[i]!, distanceKm: distance(lon, lat, points[i]!.lon, points[i]!.lat) }));
    },
    /** How many points within `radiusKm` pass `keep` (for `total_found`). */
    count(lat: number, lon: number, radiusKm: number, keep?: (point: T) => boolean): number {
      if (points.length === 0) return 0;
      return (around(index, lon, lat, Infinity, radiusKm, keep ? (i: number) => keep(points[i]!) : undefined) as number[]).length;
    },
  };
}

export type PointIndex<T extends Located> = ReturnType<typeof createPointIndex<T>>;

const RAD = Math.PI / 180;

/**
 * The distance in km from (lat, lon) to a point or a polyline ([lon, lat] pairs), and the geometry's
 * nearest point. Each segment is projected in a plane tangent at the asked point (equirectangular: exact
 * enough for segments of a few km, as road geometries have), then measured on the sphere.
 */
export function distanceToGeometryKm(lat: number, lon: number, coordinates: readonly (readonly [number, number])[]): { km: number; nearest: [number, number] } {
  const kx = Math.cos(lat * RAD);
  let best = { km: Infinity, nearest: [coordinates[0]![0], coordinates[0]![1]] as [number, number] };
  const consider = (p: [number, number]) => {
    const km = haversineKm(lat, lon, p[1], p[0]);
    if (km < best.km) best = { km, nearest: p };
  };
  if (coordinates.length === 1) consider([coordinates[0]![0], coordinates[0]![1]]);
  for (let i = 1; i < coordinates.length; i++) {
    const [ax, ay] = coordinates[i - 1]!;
    const [bx, by] = coordinates[i]!;
    // Plane coordinates relative to the asked point (degrees of longitude shrunk by cos(lat)).
    const px = (ax - lon) * kx, py = ay - lat, qx = (bx - lon) * kx, qy = by - lat;
    const dx = qx - px, dy = qy - py;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(px * dx + py * dy) / len2));
    consider([ax + (bx - ax) * t, ay + (by - ay) * t]);
  }
  return best;
}
