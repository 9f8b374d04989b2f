/**
 * Which OSM roads carry the routing network and how fast each is driven: motorway to tertiary and their
 * links; a way's `maxspeed` where it is a number (km/h, or mph), else a speed per road class; for a truck
 * (and a bus) never above its own class speed (EU limits of 80-90 km/h on motorways, slower on the rest).
 */

export const ROAD_CLASSES = ['motorway', 'trunk', 'primary', 'secondary', 'tertiary',
  'motorway_link', 'trunk_link', 'primary_link', 'secondary_link', 'tertiary_link'] as const;
export type RoadClass = (typeof ROAD_CLASSES)[number];

/** Free-flow speeds per class (km/h) for cars and for heavy vehicles (trucks, buses). */
export const CLASS_KMH: Record<RoadClass, { car: number; truck: number }> = {
  motorway: { car: 120, truck: 80 }, trunk: { car: 90, truck: 70 }, primary: { car: 75, truck: 60 },
  secondary: { car: 60, truck: 50 }, tertiary: { car: 50, truck: 45 },
  motorway_link: { car: 60, truck: 50 }, trunk_link: { car: 50, truck: 40 }, primary_link: { car: 45, truck: 40 },
  secondary_link: { car: 40, truck: 35 }, tertiary_link: { car: 35, truck: 30 },
};

export const isRoadClass = (v: unknown): v is RoadClass => typeof v === 'string' && (ROAD_CLASSES as readonly string[]).includes(v);

/** A `maxspeed` value in km/h ("90", "50 mph"), or null for what is not a number ("PL:urban", "none", "signals"). */
export function parseMaxspeed(value: string | undefined): number | null {
  const m = value?.trim().match(/^(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh)?$/i);
  if (!m) return null;
  const v = Number(m[1]) * (m[2]?.toLowerCase() === 'mph' ? 1.609 : 1);
  return v > 0 && v <= 200 ? Math.round(v) : null;
}

/** The car and truck speeds of a way: its maxspeed capped by the class speed of each, or the class speed. */
export function waySpeeds(roadClass: RoadClass, maxspeed: string | undefined): { car: number; truck: number } {
  const limit = parseMaxspeed(maxspeed);
  const cls = CLASS_KMH[roadClass];
  return limit === null ? cls : { car: Math.min(limit, cls.car), truck: Math.min(limit, cls.truck) };
}

/** One-way: `oneway=yes|true|1` forward, `-1` backward, roundabouts and motorways forward unless `oneway=no`. */
export function onewayOf(tags: Record<string, string>): 1 | -1 | 0 {
  const v = tags.oneway;
  if (v === 'yes' || v === 'true' || v === '1') return 1;
  if (v === '-1' || v === 'reverse') return -1;
  if (v === 'no' || v === 'false' || v === '0') return 0;
  return tags.junction === 'roundabout' || tags.highway === 'motorway' ? 1 : 0;
}
