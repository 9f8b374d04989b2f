/**
 * Country codes 1-23 and crossing (vehicle) types 4-9, as the interface specification numbers them.
 * Country names are never hand-written: `countryName` asks `Intl.DisplayNames` for any language.
 */

/** Numeric country code -> ISO 3166-1 alpha-2. Kosovo uses the user-assigned code XK, as Intl does. */
export const COUNTRY_ISO2: Readonly<Record<number, string>> = Object.freeze({
  1: 'UA', 2: 'PL', 3: 'SK', 4: 'HU', 5: 'RO', 6: 'MD', 7: 'BY', 8: 'LT', 9: 'LV', 10: 'EE',
  11: 'SI', 12: 'BG', 13: 'RS', 14: 'TR', 15: 'MK', 16: 'HR', 17: 'BA', 18: 'DE', 19: 'GR',
  20: 'IT', 21: 'AL', 22: 'ME', 23: 'XK',
});

export const COUNTRY_CODES: readonly number[] = Object.freeze(Object.keys(COUNTRY_ISO2).map(Number));

const ISO2_TO_CODE = new Map(Object.entries(COUNTRY_ISO2).map(([code, iso]) => [iso, Number(code)]));

/** The numeric code of an ISO-2 country, or null when the service numbers no such country. */
export function countryCodeOf(iso2: string): number | null {
  return ISO2_TO_CODE.get(iso2.toUpperCase()) ?? null;
}

/** The ISO-2 code of a crossing's other side from Ukraine (country 1), whichever way it runs. */
export function neighbourIso(crossing: { origin: number; destination: number }): string | undefined {
  return COUNTRY_ISO2[crossing.origin === 1 ? crossing.destination : crossing.origin];
}

export function isCountryCode(code: number): boolean {
  return Object.hasOwn(COUNTRY_ISO2, code);
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** The name of an ISO-2 country in `lang`, from Intl (CLDR); the code itself if Intl has no name. */
export function countryName(iso2: string, lang: string): string {
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
    displayNames.set(lang, names);
  }
  return names.of(iso2.toUpperCase()) ?? iso2.toUpperCase();
}

/** Crossing (vehicle) types; 8 = truck under 7.5 t and 9 = truck, as the specification's table says. */
export const CROSSING_TYPES = Object.freeze({
  4: 'car',
  5: 'taxfree car',
  6: 'bus',
  7: 'pedestrian',
  8: 'truck under 7.5 t',
  9: 'truck',
} as const);

export type CrossingType = keyof typeof CROSSING_TYPES;

export function isCrossingType(value: number): value is CrossingType {
  return Object.hasOwn(CROSSING_TYPES, value);
}
