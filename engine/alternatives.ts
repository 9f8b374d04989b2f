/**
 * Ranking of alternative crossings: extra driving (the road distance between the crossings where the
 * caller knows it, else the great-circle distance times a detour factor, at a vehicle's average speed)
 * plus the difference in expected wait.
 */

/** Road distance is on average about 1.3 x the great-circle distance on the regional network. */
export const DETOUR_FACTOR = 1.3;
/** Average speeds (km/h) on the regional roads between neighbouring crossings. */
export const SPEED_KMH: Record<number, number> = { 4: 60, 5: 60, 6: 50, 7: 5, 8: 55, 9: 50 };

export interface Place {
  ppid: string;
  lat: number;
  lon: number;
  waitMin: number | null;
  /** Road distance from the current crossing, when a route is known. */
  roadKm?: number | null;
}

export interface Ranked {
  ppid: string;
  distance_km: number;
  drive_delta_min: number;
  /** The wait expected there on arrival (the candidate's `waitMin` unless `waitOnArrival` says otherwise). */
  wait_at_arrival_min: number | null;
  queue_basis: 'forecast' | 'current' | null;
  total_delta_min: number | null;
  is_better: boolean;
}

import { haversineKm } from '../models/geo.js';

/** The wait at a candidate for a driver arriving after `driveMin` minutes, and what it rests on. */
export type WaitOnArrival = (ppid: string, driveMin: number) => { minutes: number | null; basis: 'forecast' | 'current' | null };

/**
 * Candidates ranked by `total_delta_min` (extra driving + the wait there on arrival - the wait here now),
 * best first; candidates whose total is unknown (a wait missing on either side) follow, nearest first.
 */
export function rankAlternatives(here: Place, candidates: readonly Place[], crossingType: number, waitOnArrival?: WaitOnArrival): Ranked[] {
  const speed = SPEED_KMH[crossingType] ?? 50;
  const ranked = candidates.map((c) => {
    const distance = c.roadKm ?? haversineKm(here.lat, here.lon, c.lat, c.lon) * DETOUR_FACTOR;
    const drive = Math.round((distance / speed) * 60);
    const there = waitOnArrival ? waitOnArrival(c.ppid, drive) : { minutes: c.waitMin, basis: c.waitMin === null ? null : 'current' as const };
    const total = here.waitMin === null || there.minutes === null ? null : drive + there.minutes - here.waitMin;
    return { ppid: c.ppid, distance_km: Math.round(distance * 10) / 10, drive_delta_min: drive, wait_at_arrival_min: there.minutes,
      queue_basis: there.basis, total_delta_min: total, is_better: total !== null && total < 0 };
  });
  return ranked.sort((a, b) =>
    a.total_delta_min === null ? (b.total_delta_min === null ? a.distance_km - b.distance_km : 1)
      : b.total_delta_min === null ? -1 : a.total_delta_min - b.total_delta_min || a.distance_km - b.distance_km);
}
