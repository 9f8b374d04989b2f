/**
 * Bus crossings and bus route networks as importers hand them over. A crossing record is one bus's
 * passage at a checkpoint (arrival at the queue, crossing done); a route is a carrier's stop sequence,
 * from which the checkpoint it crosses is inferred on the road graph.
 */

export interface BusCrossingRecord {
  /** The checkpoint's ppid (`id_114`). */
  ppid: string;
  /** The carrier's name as published (`FlixBus`, `Ecolines`). */
  carrier: string;
  /** ISO-8601 UTC: arrival at the queue, and the crossing done (>= arrival). */
  arrived_at: string;
  crossed_at: string;
  /** The record's id in its source where it has one (for idempotent re-import), else null. */
  source_id: string | null;
}

export interface BusStop {
  id: string;
  name: string;
  city: string | null;
  lat: number;
  lon: number;
}

export interface BusRoute {
  /** The route's id in its source. */
  id: string;
  /** The carrier (GTFS agency name). */
  carrier: string;
  short_name: string | null;
  long_name: string | null;
  /** Stop ids in travel order (one representative trip). */
  stops: string[];
}

export interface BusNetwork {
  stops: Map<string, BusStop>;
  routes: BusRoute[];
}
