/**
 * Ranking of alternative crossings: extra driving (the route between the crossings where the caller knows
 * it, with its drive time as travel-matrix gives it; else the great-circle distance times a detour factor at
 * the vehicle type's average speed, travel-matrix's too) plus the difference in expected wait. One drive
 * time for one road: alternatives drove at 60/55/50 km/h where travel-matrix drove the same roads at
 * 75/65/60, so the two products gave the same detour different times.
 */
import { haversineKm } from '../models/geo.js';
import { MATRIX_SPEED_KMH } from './routing/matrix.js';

/** Road distance is on average about 1.3 x the great-circle distance on the regional network. */
export const DETOUR_FACTOR = 1.3;

export interface Place {
  ppid: string;
  lat: number;
  lon: number;
  waitMin: number | null;
  /** The route from the current crossing, when one is known: its km and drive time (the router's, at its roads' speeds or the vehicle's average). */
  route?: { km: number; minutes: number } | null;
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

/** The wait at a candidate for a driver arriving after `driveMin` minutes, and what it rests on. */
export type WaitOnArrival = (ppid: string, driveMin: number) => { minutes: number | null; basis: 'forecast' | 'current' | null };

/**
 * Candidates ranked by `total_delta_min` (extra driving + the wait there on arrival - the wait here now),
 * best first; candidates whose total is unknown (a wait missing on either side) follow, nearest first.
 */
export function rankAlternatives(here: Place, candidates: readonly Place[], crossingType: number, waitOnArrival?: WaitOnArrival): Ranked[] {
  const speed = MATRIX_SPEED_KMH[crossingType] ?? 60;
  const ranked = candidates.map((c) => {
    const distance = c.route ? c.route.km : haversineKm(here.lat, here.lon, c.lat, c.lon) * DETOUR_FACTOR;
    const drive = Math.round(c.route ? c.route.minutes : (distance / speed) * 60);
    const there = waitOnArrival ? waitOnArrival(c.ppid, drive) : { minutes: c.waitMin, basis: c.waitMin === null ? null : 'current' as const };
    const total = here.waitMin === null || there.minutes === null ? null : drive + there.minutes - here.waitMin;
    return { ppid: c.ppid, distance_km: Math.round(distance * 10) / 10, drive_delta_min: drive, wait_at_arrival_min: there.minutes,
      queue_basis: there.basis, total_delta_min: total, is_better: total !== null && total < 0 };
  });
  return ranked.sort((a, b) =>
    a.total_delta_min === null ? (b.total_delta_min === null ? a.distance_km - b.distance_km : 1)
      : b.total_delta_min === null ? -1 : a.total_delta_min - b.total_delta_min || a.distance_km - b.distance_km);
}
