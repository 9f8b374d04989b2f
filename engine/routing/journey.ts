/**
 * A journey along a routed path: drive each leg, wait at each monitored crossing for the queue expected
 * at the hour of arrival there (the forecast, else the current wait), and add it all up. Pure: the
 * forecasts and current waits of the crossings come in as data.
 */
import type { Leg, Route } from './matrix.js';

export interface CrossingWaits {
  /** Forecast wait minutes per hour from `startS` (hour k covers startS + k * 3600), or null without a model. */
  forecast: { startS: number; minutes: (number | null)[] } | null;
  /** The current wait in minutes, or null. */
  currentMin: number | null;
}

export type QueueBasis = 'forecast' | 'current';

/**
 * The queue expected on arrival: the forecast value for the hour the driver arrives, else the current
 * queue; null when neither is known.
 */
export function queueAtArrival(arrivalS: number, forecast: CrossingWaits['forecast'], currentMin: number | null) {
  if (forecast) {
    const k = Math.floor((arrivalS - forecast.startS) / 3600);
    const v = k >= 0 && k < forecast.minutes.length ? forecast.minutes[k] : null;
    if (v !== null && v !== undefined) return { minutes: Math.round(v), basis: 'forecast' as const };
  }
  return currentMin === null ? { minutes: null, basis: null } : { minutes: currentMin, basis: 'current' as const };
}

export interface JourneyLeg extends Leg {
  queue_minutes_at_arrival: number | null;
}

export interface Journey {
  legs: JourneyLeg[];
  /** Sum of the waits of every monitored crossing on the way; null when any of them is unknown. */
  queueTotalMin: number | null;
  /** The wait at the route's own crossing (its last) and what it rests on. */
  lastQueue: { minutes: number | null; basis: QueueBasis | null } | null;
}

/**
 * Walks `route` from `departS`: each leg's drive time, then at a monitored crossing the queue expected on
 * arrival (which delays every later arrival). `waitsOf` gives a crossing's forecast and current wait.
 */
export function accountJourney(route: Route, departS: number, waitsOf: (ppid: string) => CrossingWaits): Journey {
  let elapsedMin = 0;
  let queueTotalMin: number | null = 0;
  let lastQueue: Journey['lastQueue'] = null;
  const legs: JourneyLeg[] = [];
  for (const leg of route.legs) {
    elapsedMin += leg.drive_minutes;
    let atArrival: number | null = null;
    if (leg.crossing) {
      const waits = waitsOf(leg.crossing);
      const q = queueAtArrival(departS + elapsedMin * 60, waits.forecast, waits.currentMin);
      atArrival = q.minutes;
      queueTotalMin = queueTotalMin === null || q.minutes === null ? null : queueTotalMin + q.minutes;
      if (q.minutes !== null) elapsedMin += q.minutes;
      if (leg.crossing === route.ppid) lastQueue = q;
    }
    legs.push({ ...leg, queue_minutes_at_arrival: atArrival });
  }
  return { legs, queueTotalMin, lastQueue };
}
