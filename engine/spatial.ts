/**
 * Nearest points on the sphere: a static k-d tree (kdbush) over the points, queried with geokdbush's
 * great-circle nearest-neighbour search (points in increasing distance, within a radius, filtered).
 * A brute-force scan is the test oracle.
 */
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';

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
