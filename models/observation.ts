/** One normalised reading, whatever feed it came from. Missing values are null, never zero. */
export interface Observation {
  ppid: string;
  /** Feed identifier (`granica`, `echerha`, `dpsu`, or an importer's own name). */
  source: string;
  /** Unix seconds (UTC). */
  ts: number;
  /** Vehicles waiting. */
  queue: number | null;
  /** Wait in minutes, as the source states it. */
  wait_min: number | null;
  /** Vehicles processed per hour, as the source states it. */
  rate_per_h: number | null;
  /** True when counted at the crossing; false when the source modelled it. */
  counted: boolean;
  data_quality: 'high' | 'low';
}

/** Where a feed's reading is, before it is matched to a ppid. */
export interface SourceReading {
  /** The crossing in the feed's own terms: a pl-ua crossing id or an eCherha queue id. */
  crossing: string | number;
  /** ISO-2 of the country the vehicles leave. */
  from: string;
  /** The vehicle type, or null when the feed's queue id determines it (eCherha). */
  crossing_type: number | null;
  /** A type to use instead when the crossing does not serve `crossing_type` (all trucks -> trucks under 7.5 t). */
  alt_type?: number;
  ts: number;
  queue: number | null;
  wait_min: number | null;
  rate_per_h: number | null;
  /** Set by feeds that name checkpoints directly (the generic format). */
  ppid?: string;
  source?: string;
  counted?: boolean;
}
