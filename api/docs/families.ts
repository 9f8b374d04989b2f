/**
 * Product families: the tags the API reference groups operations under (one tag per family, in this
 * order). A family is chosen by the product's slug; a product not listed here lands in `Other`, which a
 * test refuses, so a new product gets its family when it is added.
 */
export interface Family {
  name: string;
  description: string;
  slugs: readonly string[];
}

export const FAMILIES: readonly Family[] = [
  { name: 'Service', description: 'Health of every product (public, never counted).', slugs: ['status'] },
  { name: 'Checkpoints and queues', description: 'The checkpoint directory, name search, live queues and their freshness, one border at once.',
    slugs: ['checkpoints', 'search', 'queue', 'queue-stream', 'update-info', 'multi', 'border'] },
  { name: 'Statistics and forecasts', description: 'A day\'s hours, the typical week, hourly forecasts with intervals (quota class `forecast_stats`).',
    slugs: ['stats', 'day-stats', 'forecast'] },
  { name: 'Routes and alternatives', description: 'Other crossings on the same border, drive time plus queue to every relevant crossing.',
    slugs: ['alternatives', 'travel-matrix'] },
  { name: 'Driving rules', description: 'Truck driving bans and Sunday-trading rules.', slugs: ['truck-bans', 'trading-sundays'] },
  { name: 'Fuel and places', description: 'Fuel prices, stations, truck parkings, restaurants and other places.',
    slugs: ['fuel', 'fuel-cities', 'pois', 'restaurants'] },
  { name: 'Roads and buses', description: 'Road conditions in force, bus carriers at a crossing.', slugs: ['road-conditions', 'bus-carriers'] },
  { name: 'Assistant', description: 'A driver\'s question in plain text, answered from the products above.', slugs: ['assistant'] },
  { name: 'Alerts', description: 'Webhooks when a checkpoint\'s wait or queue crosses a threshold (the calling key\'s own alerts).', slugs: ['alerts'] },
];

export const OTHER_FAMILY = 'Other';

/** The family (tag name) of a product slug; `Other` for a slug no family lists. */
export function familyOf(slug: string): string {
  return FAMILIES.find((f) => f.slugs.includes(slug))?.name ?? OTHER_FAMILY;
}
